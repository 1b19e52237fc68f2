#include "core/rules/p009_retracted_evidence.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void RetractedEvidence::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    for (const Edge& e : g.out_edges(v)) {
      const std::string& kind = e.relation->kind;
      if (kind != "source" && kind != "introduced_by") continue;
      const Note& paper = g.note(e.to);
      if (paper.kind != Kind::Lit || paper.status != "retracted") continue;
      const std::string how = kind == "source" ? " has source " : " is introduced by ";
      out.push_back(make_diagnostic(id(), e.relation->where, g.note(v).id + how + paper.id + ", which is retracted",
                                    {{value_location(paper, "status"), paper.id + " is retracted here"}}));
    }
  }
}

}  // namespace anth::rules
