#include "core/rules/p013_refuted_evidence.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void RefutedEvidence::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    for (const Edge& e : g.out_edges(s, "source")) {
      const Note& theory = g.note(e.to);
      if (theory.kind != Kind::Theory || theory.status != "refuted") continue;
      out.push_back(make_diagnostic(id(), e.relation->where,
                                    g.note(s).id + " has source " + theory.id + ", which is refuted",
                                    {{value_location(theory, "status"), theory.id + " is refuted here"}}));
    }
  }
}

}  // namespace anth::rules
