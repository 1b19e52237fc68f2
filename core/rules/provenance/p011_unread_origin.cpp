// P011 unread-origin: a practice's origin paper has no note reading it.
// Documented in docs/rules/P011.md; tested by tests/fixtures/rules/P011/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    auto origin = first_edge(g, s, "introduced_by");
    if (!origin || !is_kind(g, origin->to, Kind::Lit) || !g.readings(origin->to).empty()) continue;
    const Note& paper = g.note(origin->to);
    out.add(origin->relation->where,
            g.note(s).id + " is introduced by " + paper.id + ", which no note reads",
            {{file_start(paper), "unread paper"}});
  }
}

const rules::RuleRegistration registered{{"P011", "unread-origin", Severity::Info,
                                   "A practice's origin paper has no note reading it."},
                                  check};

}  // namespace

}  // namespace anth::rules
