// P007 adopted-while-contested: an adopted practice has `contested_by` entries.
// Documented in docs/rules/P007.md; tested by tests/fixtures/rules/P007/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    const Note& practice = g.note(s);
    if (!is_kind(g, s, Kind::Sota) || practice.status != "adopted") continue;
    // Every entry written counts, resolved or not: the record says the practice is contested.
    std::vector<std::string> contesters;
    std::vector<RelatedLocation> related;
    for (const Relation* r : practice.relations_of("contested_by")) {
      const std::string& name = r->to.empty() ? r->written : r->to;
      contesters.push_back(name);
      related.push_back({r->where, "contested by " + name + " here"});
    }
    if (contesters.empty()) continue;
    out.add(value_location(practice, "status"),
            practice.id + " is adopted but contested by " + join(contesters), std::move(related));
  }
}

const rules::RuleRegistration registered{{"P007", "adopted-while-contested", Severity::Warning,
                                   "An adopted practice has `contested_by` entries."},
                                  check};

}  // namespace

}  // namespace anth::rules
