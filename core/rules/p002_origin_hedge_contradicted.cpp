#include "core/rules/p002_origin_hedge_contradicted.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void OriginHedgeContradicted::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    auto origin_edge = first_edge(g, s, "introduced_by");
    if (!origin_edge) continue;
    const std::string& origin = g.note(origin_edge->to).id;
    for (const Edge& hedge : g.in_edges(s, "declines_origin_of")) {
      if (!is_kind(g, hedge.from, Kind::Note) || first_target(g, hedge.from, "paper") != origin_edge->to) continue;
      const std::string& reading = g.note(hedge.from).id;
      out.push_back(make_diagnostic(
          id(), origin_edge->relation->where,
          g.note(s).id + " is introduced by " + origin + ", but " + reading + ", a reading of " + origin +
              ", declines that origin",
          {{hedge.relation->where, reading + " declines " + origin + " as the origin here"}}));
    }
  }
}

}  // namespace anth::rules
