// P008 candidate-without-criterion: a candidate practice has no `promote_when`.
// Documented in docs/rules/P008.md; tested by tests/fixtures/rules/P008/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    const Note& practice = g.note(s);
    if (!is_kind(g, s, Kind::Sota) || practice.status != "candidate") continue;
    if (practice.promote_when.find_first_not_of(" \t\r\n") != std::string::npos) continue;
    out.add(value_location(practice, "status"),
            practice.id + " is a candidate with no `promote_when`");
  }
}

const rules::RuleRegistration registered{{"P008", "candidate-without-criterion", Severity::Warning,
                                   "A candidate practice has no `promote_when`."},
                                  check};

}  // namespace

}  // namespace anth::rules
