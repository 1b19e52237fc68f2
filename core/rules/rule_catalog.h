#pragma once
// Every rule of rules.md, with its stable id, kebab-case name, default severity and one-line summary.
// The checks themselves live elsewhere (S and R in ingest, P and K in core/rules/); this table is the
// one place that names them, for the output formats, the configuration and `lint --explain`.
#include <string_view>
#include <vector>

#include "core/model/diagnostic.h"

namespace anth {

struct RuleInfo {
  std::string_view id;       // "P001"
  std::string_view name;     // "origin-not-earliest"
  Severity severity;         // the default
  std::string_view summary;  // when it fires, one sentence
};

const std::vector<RuleInfo>& rule_catalog();
const RuleInfo* find_rule(std::string_view id);

}  // namespace anth
