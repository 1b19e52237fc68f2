// P004 cites-future: a paper cites a paper of a later year.
// Documented in docs/rules/P004.md; tested by tests/fixtures/rules/P004/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t lit = 0; lit < g.vertex_count(); ++lit) {
    if (!is_kind(g, lit, Kind::Lit)) continue;
    const std::optional<int> year = g.year(lit);
    if (!year) continue;
    for (const graph::Edge& e : g.out_edges(lit, "cites")) {
      const std::optional<int> cited = g.year(e.to);
      if (!is_kind(g, e.to, Kind::Lit) || !cited || *cited <= *year) continue;
      out.add(e.relation->where,
              with_year(g, lit) + " cites " + with_year(g, e.to) + ", which is later",
              {{file_start(g.note(e.to)), "later paper"}});
    }
  }
}

const rules::RuleRegistration registered{{"P004", "cites-future", Severity::Error,
                                   "A paper cites a paper of a later year."},
                                  check};

}  // namespace

}  // namespace anth::rules
