// P005 contested-by-earlier: a node is contested by a paper or theory older than the node.
// Documented in docs/rules/P005.md; tested by tests/fixtures/rules/P005/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    std::vector<graph::Edge> contests = g.out_edges(v, "contested_by");
    if (contests.empty()) continue;
    const std::optional<int> year = g.year(v);
    if (!year) continue;
    for (const graph::Edge& e : contests) {
      const bool lit = is_kind(g, e.to, Kind::Lit);
      if (!lit && !is_kind(g, e.to, Kind::Theory)) continue;
      const std::optional<int> contester = g.year(e.to);
      if (!contester || *contester >= *year) continue;
      out.add(e.relation->where,
              with_year(g, v) + " is contested by " + with_year(g, e.to) + ", which is earlier",
              {{file_start(g.note(e.to)), lit ? "earlier paper" : "earlier theory"}});
    }
  }
}

const rules::RuleRegistration registered{{"P005", "contested-by-earlier", Severity::Warning,
                                   "A node is contested by a paper or theory older than the node."},
                                  check};

}  // namespace

}  // namespace anth::rules
