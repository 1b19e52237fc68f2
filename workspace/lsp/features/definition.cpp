// Go to definition: from a wikilink, an embed or an id in a relation field, to the note it names, and
// to the heading or block when the link names one.
#include "workspace/lsp/feature.h"
#include "workspace/lsp/features/features.h"
#include "workspace/lsp/headings.h"
#include "workspace/lsp/targets.h"

namespace anth::workspace::lsp {

namespace {

json answer(Context& context, const json& params) {
  Context::Document doc = context.document(params);
  auto target = target_at(context, doc, params);
  if (!target || target->id.empty()) return nullptr;
  const Note* note = context.note_of(target->id);
  if (!note) return nullptr;
  auto text = context.text_of(note->path);
  if (!text) return nullptr;
  int to_line = 0;
  if (!target->heading.empty()) {
    std::string anchor = find_anchor_id(*note, target->heading);
    for (const AnchorPlace& place : anchor_places(*note, text->lines))
      if (place.anchor->id == anchor && place.line >= 0) to_line = place.line;
  }
  Position at{to_line, 0};
  return {{"uri", context.uri_of(note->path)}, {"range", to_json(Range{at, at})}};
}

}  // namespace

Feature definition_feature() { return {"textDocument/definition", "definitionProvider", true, answer}; }

}  // namespace anth::workspace::lsp
