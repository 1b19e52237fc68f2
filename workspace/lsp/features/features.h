#pragma once
// One function per feature file (workspace/lsp/features/*.cpp), for the table; and what several share.
#include <string>
#include <string_view>

#include "workspace/lsp/feature.h"

namespace anth::workspace::lsp {

Feature definition_feature();
Feature hover_feature();
Feature completion_feature();
Feature references_feature();
Feature document_symbol_feature();
Feature prepare_rename_feature();
Feature rename_feature();
Feature code_action_feature();

// The HTML id of the heading or block `subpath` names in `note` ("" for none), as the resolver finds it.
std::string find_anchor_id(const Note& note, std::string_view subpath);

}  // namespace anth::workspace::lsp
