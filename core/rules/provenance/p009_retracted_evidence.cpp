// P009 retracted-evidence: `source` or `introduced_by` names a retracted paper.
// Documented in docs/rules/P009.md; tested by tests/fixtures/rules/P009/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    for (const graph::Edge& e : g.out_edges(v)) {
      const std::string& kind = e.relation->kind;
      if ((kind != "source" && kind != "introduced_by") || graph::is_property_edge(e)) continue;
      const Note& paper = g.note(e.to);
      if (paper.kind != Kind::Lit || paper.status != "retracted") continue;
      const std::string how = kind == "source" ? " has source " : " is introduced by ";
      out.add(e.relation->where, g.note(v).id + how + paper.id + ", which is retracted",
              {{value_location(paper, "status"), paper.id + " is retracted here"}});
    }
  }
}

const rules::RuleRegistration registered{{"P009", "retracted-evidence", Severity::Warning,
                                   "`source` or `introduced_by` names a retracted paper."},
                                  check};

}  // namespace

}  // namespace anth::rules
