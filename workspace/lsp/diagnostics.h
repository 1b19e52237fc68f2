#pragma once
// The workspace's findings of one note as LSP diagnostics: the rule id as `code`, its doc page as
// `codeDescription`, the findings' related places as `relatedInformation`, ranges in the client's
// encoding over the text it sees.
#include <string>

#include "workspace/lsp/context.h"

namespace anth::workspace::lsp {

// 1 error, 2 warning, 3 information (LSP's DiagnosticSeverity).
int lsp_severity(Severity severity);
json diagnostics_of(const Context& context, const std::string& path, const Text& text);

}  // namespace anth::workspace::lsp
