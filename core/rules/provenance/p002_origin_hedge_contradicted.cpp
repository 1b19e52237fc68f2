// P002 origin-hedge-contradicted: a practice is introduced by the paper whose reading declines that origin.
// Documented in docs/rules/P002.md; tested by tests/fixtures/rules/P002/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    auto origin_edge = first_edge(g, s, "introduced_by");
    if (!origin_edge) continue;
    const std::string& origin = g.note(origin_edge->to).id;
    for (const graph::Edge& hedge : g.in_edges(s, "declines_origin_of")) {
      if (!is_kind(g, hedge.from, Kind::Note) || first_target(g, hedge.from, "paper") != origin_edge->to) continue;
      const std::string& reading = g.note(hedge.from).id;
      out.add(origin_edge->relation->where,
          g.note(s).id + " is introduced by " + origin + ", but " + reading + ", a reading of " + origin +
              ", declines that origin",
          {{hedge.relation->where, reading + " declines " + origin + " as the origin here"}});
    }
  }
}

const rules::RuleRegistration registered{{"P002", "origin-hedge-contradicted", Severity::Error,
                                   "A practice is introduced by a paper whose reading declines to claim that origin."},
                                  check};

}  // namespace

}  // namespace anth::rules
