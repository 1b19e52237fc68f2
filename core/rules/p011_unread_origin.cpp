#include "core/rules/p011_unread_origin.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void UnreadOrigin::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    auto origin = first_edge(g, s, "introduced_by");
    if (!origin || !is_kind(g, origin->to, Kind::Lit) || !g.readings(origin->to).empty()) continue;
    const Note& paper = g.note(origin->to);
    out.push_back(make_diagnostic(id(), origin->relation->where,
                                  g.note(s).id + " is introduced by " + paper.id + ", which no note reads",
                                  {{file_start(paper), "unread paper"}}));
  }
}

}  // namespace anth::rules
