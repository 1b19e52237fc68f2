#pragma once
// The language features: one request each, one file each under workspace/lsp/features/, listed in
// one table (features/table.cpp). A feature names its method, the capability it announces at
// initialize, and answers the request's params from the context (throwing RequestError when it can't).
#include <string>
#include <vector>

#include "workspace/lsp/context.h"

namespace anth::workspace::lsp {

struct Feature {
  std::string method;      // "textDocument/hover"
  std::string capability;  // "hoverProvider"
  json announce;           // its value in ServerCapabilities
  json (*answer)(Context& context, const json& params);
};

// Every feature, in the order of the table.
const std::vector<Feature>& features();

}  // namespace anth::workspace::lsp
