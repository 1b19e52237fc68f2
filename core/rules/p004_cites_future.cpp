#include "core/rules/p004_cites_future.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void CitesFuture::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t lit = 0; lit < g.vertex_count(); ++lit) {
    if (!is_kind(g, lit, Kind::Lit)) continue;
    const std::optional<int> year = g.year(lit);
    if (!year) continue;
    for (const Edge& e : g.out_edges(lit, "cites")) {
      const std::optional<int> cited = g.year(e.to);
      if (!is_kind(g, e.to, Kind::Lit) || !cited || *cited <= *year) continue;
      out.push_back(make_diagnostic(id(), e.relation->where,
                                    with_year(g, lit) + " cites " + with_year(g, e.to) + ", which is later",
                                    {{file_start(g.note(e.to)), "later paper"}}));
    }
  }
}

}  // namespace anth::rules
