// P006 citation-cycle: `cites` and `supersedes` together form a cycle.
// Documented in docs/rules/P006.md; tested by tests/fixtures/rules/P006/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  const std::vector<std::string> kinds = {"cites", "supersedes"};
  // One finding per strongly connected component: every cycle of it goes through the same papers,
  // and one component may hold thousands of elementary cycles.
  for (const graph::Graph::CyclicComponent& component : g.cyclic_components(kinds)) {
    const std::vector<std::size_t>& cycle = component.cycle;
    if (cycle.empty()) continue;
    // The edge each vertex takes to the next one: the first `cites` or `supersedes` in file order.
    std::vector<graph::Edge> steps;
    for (std::size_t i = 0; i < cycle.size(); ++i) {
      const std::size_t next = cycle[(i + 1) % cycle.size()];
      for (const graph::Edge& e : g.out_edges(cycle[i]))
        if (e.to == next && !graph::is_property_edge(e) && (e.relation->kind == "cites" || e.relation->kind == "supersedes")) {
          steps.push_back(e);
          break;
        }
    }
    if (steps.size() != cycle.size()) continue;  // cannot happen: every cycle is made of such edges

    // When the cycle names the whole component its size is plain; otherwise say how many papers it holds.
    std::string message = component.members.size() == cycle.size()
                              ? "citation cycle: "
                              : "citation cycles among " + std::to_string(component.members.size()) +
                                    " papers, the shortest through " + g.note(cycle.front()).id + ": ";
    message += g.note(cycle.front()).id;
    std::vector<RelatedLocation> related;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string& to = g.note(steps[i].to).id;
      message += " " + steps[i].relation->kind + " " + to;
      if (i > 0)
        related.push_back({steps[i].relation->where, g.note(steps[i].from).id + " " + steps[i].relation->kind + " " + to});
    }
    out.add(steps.front().relation->where, message, std::move(related));
  }
}

const rules::RuleRegistration registered{{"P006", "citation-cycle", Severity::Error,
                                   "`cites` and `supersedes` together form a cycle."},
                                  check};

}  // namespace

}  // namespace anth::rules
