#include "workspace/lsp/headings.h"

namespace anth::workspace::lsp {

std::vector<AnchorPlace> anchor_places(const Note& note, const TextLines& lines) {
  std::vector<AnchorPlace> out;
  out.reserve(note.rendered.anchors.size());
  for (const BodyAnchor& a : note.rendered.anchors) {
    // Ingest recorded the body line (1-based); the text may be an editor's buffer of another length.
    int line = a.line > 0 ? note.body_line - 1 + a.line - 1 : -1;
    out.push_back({&a, line >= 0 && line < lines.count() ? line : -1});
  }
  return out;
}

}  // namespace anth::workspace::lsp
