#pragma once
// Every lint rule's stable id, kebab-case name, default severity and one-line summary: the catalogue
// that the output formats, the configuration, `lint --explain` and the tests read. Nothing here lists
// the rules: each rule registers its entry, with its check, from its own file under
// core/rules/<family>/ (core/rules/rule.h). The entries are shared words (config and reports name
// rules); the checks stay in core/rules.
#include <string>
#include <string_view>
#include <vector>

#include "core/model/diagnostic.h"

namespace anth {

// When a rule's check runs. Only graph rules carry their check in the catalogue; the others name a
// stage that finds them by id (ingest for S and R, the kernel runs for K003).
enum class RuleStage { Ingest, Graph, KernelRun };

struct RuleInfo {
  std::string_view id;       // "P001"
  std::string_view name;     // "origin-not-earliest"
  Severity severity;         // the default
  std::string_view summary;  // when it fires, one sentence
  RuleStage stage = RuleStage::Graph;
};

// Every registered rule, the families in the order S, R, P, K (others after them, by letter), then by
// number within a family: the order of the SARIF rules array.
const std::vector<RuleInfo>& rule_catalog();
// Adds a rule's entry; only before the catalogue is first read (rule files do it before main()).
void register_rule_info(const RuleInfo& info);
const RuleInfo* find_rule(std::string_view id);

// Ids as runs of consecutive numbers within a family: {S001, S002, S003, P001, P003} gives
// "S001-S003, P001, P003".
std::string id_ranges(const std::vector<std::string_view>& ids);
// The catalogue's ids that way ("S001-S008, R001-R006, ..."), for messages that name the rules.
std::string catalogue_ranges();

}  // namespace anth
