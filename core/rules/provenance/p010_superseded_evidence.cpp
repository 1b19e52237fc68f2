// P010 superseded-evidence: `source` names a superseded paper.
// Documented in docs/rules/P010.md; tested by tests/fixtures/rules/P010/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    for (const graph::Edge& e : g.out_edges(v, "source")) {
      const Note& paper = g.note(e.to);
      if (paper.kind != Kind::Lit || paper.status != "superseded") continue;
      std::string message = g.note(v).id + " has source " + paper.id + ", which is superseded";
      std::vector<RelatedLocation> related = {{value_location(paper, "status"), paper.id + " is superseded here"}};
      // Name the successor when the record has one.
      std::vector<graph::Edge> successors = g.in_edges(e.to, "supersedes");
      if (!successors.empty()) {
        const Note& successor = g.note(successors.front().from);
        message += " by " + successor.id;
        related.push_back({successors.front().relation->where, successor.id + " supersedes " + paper.id});
      }
      out.add(e.relation->where, message, std::move(related));
    }
  }
}

const rules::RuleRegistration registered{{"P010", "superseded-evidence", Severity::Info,
                                   "`source` names a superseded paper."},
                                  check};

}  // namespace

}  // namespace anth::rules
