#include "core/rules/p008_candidate_without_criterion.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void CandidateWithoutCriterion::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    const Note& practice = g.note(s);
    if (!is_kind(g, s, Kind::Sota) || practice.status != "candidate") continue;
    if (practice.promote_when.find_first_not_of(" \t\r\n") != std::string::npos) continue;
    out.push_back(make_diagnostic(id(), value_location(practice, "status"),
                                  practice.id + " is a candidate with no `promote_when`"));
  }
}

}  // namespace anth::rules
