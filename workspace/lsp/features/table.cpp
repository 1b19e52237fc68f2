// The feature table: every request the server answers beyond the lifecycle and the document sync.
// A new feature is a file in this folder and a row here.
#include "ingest/link_anchors.h"
#include "workspace/lsp/features/features.h"

namespace anth::workspace::lsp {

const std::vector<Feature>& features() {
  static const std::vector<Feature> table = {
      definition_feature(), hover_feature(), completion_feature(), references_feature(),
      document_symbol_feature(), prepare_rename_feature(), rename_feature(), code_action_feature(),
  };
  return table;
}

std::string find_anchor_id(const Note& note, std::string_view subpath) { return ingest::find_anchor(note.rendered.anchors, subpath); }

}  // namespace anth::workspace::lsp
