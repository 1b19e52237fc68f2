// P013 refuted-evidence: a practice's `source` names a refuted theory.
// Documented in docs/rules/P013.md; tested by tests/fixtures/rules/P013/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    for (const graph::Edge& e : g.out_edges(s, "source")) {
      const Note& theory = g.note(e.to);
      if (theory.kind != Kind::Theory || theory.status != "refuted") continue;
      out.add(e.relation->where,
              g.note(s).id + " has source " + theory.id + ", which is refuted",
              {{value_location(theory, "status"), theory.id + " is refuted here"}});
    }
  }
}

const rules::RuleRegistration registered{{"P013", "refuted-evidence", Severity::Warning,
                                   "A practice's `source` names a refuted theory."},
                                  check};

}  // namespace

}  // namespace anth::rules
