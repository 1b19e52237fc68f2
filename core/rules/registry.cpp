// The rule registry: each rule file registers its catalogue entry (core/model/rule_catalog.h) and, for a
// graph rule, its check, before main() (rule.h). The checks are found by id in catalogue order.
#include <algorithm>
#include <iterator>
#include <string>

#include "core/rules/rule.h"
#include "core/util/static_registry.h"
#include "core/util/thread_pool.h"

namespace anth::rules {

namespace {

struct Check {
  std::string_view id;
  GraphCheck check;
};

// The graph rules' checks, by id; their entries are in the catalogue (core/model/rule_catalog.h).
std::vector<Check>& checks() {
  static std::vector<Check> c;
  return c;
}

[[noreturn]] void fail(const std::string& why) { util::registry_failure("rule", why); }

}  // namespace

RuleRegistration::RuleRegistration(RuleInfo info, GraphCheck check) {
  if (!check) fail(std::string(info.id) + " registered without its check");
  info.stage = RuleStage::Graph;
  register_rule_info(info);
  checks().push_back({info.id, check});
}

RuleRegistration::RuleRegistration(RuleInfo info, RuleStage stage) {
  if (stage == RuleStage::Graph) fail(std::string(info.id) + " is a graph rule without a check");
  info.stage = stage;
  register_rule_info(info);
}

const std::vector<GraphRule>& graph_rules() {
  static const std::vector<GraphRule> rules = [] {
    std::vector<GraphRule> out;
    for (const RuleInfo& info : rule_catalog()) {
      if (info.stage != RuleStage::Graph) continue;
      auto it = std::find_if(checks().begin(), checks().end(), [&](const Check& c) { return c.id == info.id; });
      if (it != checks().end()) out.push_back({&info, it->check});
    }
    return out;
  }();
  return rules;
}

void Findings::add(Location where, std::string message, std::vector<RelatedLocation> related) {
  out_.push_back({std::string(rule_.id), rule_.severity, std::move(where), std::move(message), std::move(related)});
}

std::vector<Diagnostic> check_graph(const Corpus& corpus, const graph::Graph& graph) {
  const RuleContext context{corpus, graph};
  // The rules read the graph and corpus only: each on the next free core, its findings apart, joined in
  // catalogue order (a resident workspace runs them after every edit; docs/serve.md).
  const std::vector<GraphRule>& rules = graph_rules();
  std::vector<std::vector<Diagnostic>> found(rules.size());
  util::parallel_for(rules.size(), util::worker_count(), [&](std::size_t i, unsigned) {
    Findings findings(*rules[i].info, found[i]);
    rules[i].check(context, findings);
  });
  std::vector<Diagnostic> out;
  for (std::vector<Diagnostic>& f : found) std::move(f.begin(), f.end(), std::back_inserter(out));
  std::sort(out.begin(), out.end(), diagnostic_less);
  return out;
}

}  // namespace anth::rules