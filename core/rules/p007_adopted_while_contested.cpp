#include "core/rules/p007_adopted_while_contested.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void AdoptedWhileContested::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
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
    out.push_back(make_diagnostic(id(), value_location(practice, "status"),
                                  practice.id + " is adopted but contested by " + join(contesters), std::move(related)));
  }
}

}  // namespace anth::rules
