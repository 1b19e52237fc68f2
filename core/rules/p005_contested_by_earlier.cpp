#include "core/rules/p005_contested_by_earlier.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void ContestedByEarlier::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    std::vector<Edge> contests = g.out_edges(v, "contested_by");
    if (contests.empty()) continue;
    const std::optional<int> year = g.year(v);
    if (!year) continue;
    for (const Edge& e : contests) {
      const bool lit = is_kind(g, e.to, Kind::Lit);
      if (!lit && !is_kind(g, e.to, Kind::Theory)) continue;
      const std::optional<int> contester = g.year(e.to);
      if (!contester || *contester >= *year) continue;
      out.push_back(make_diagnostic(id(), e.relation->where,
                                    with_year(g, v) + " is contested by " + with_year(g, e.to) + ", which is earlier",
                                    {{file_start(g.note(e.to)), lit ? "earlier paper" : "earlier theory"}}));
    }
  }
}

}  // namespace anth::rules
