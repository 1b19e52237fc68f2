// P012 orphan-literature: a paper that nothing links to and no note reads.
// Documented in docs/rules/P012.md; tested by tests/fixtures/rules/P012/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t lit = 0; lit < g.vertex_count(); ++lit) {
    if (!is_kind(g, lit, Kind::Lit)) continue;
    // Any edge from another node counts, typed or a body mention; a NOTE's `paper` is one too. A
    // frontmatter property's link is no provenance (graph.h, is_property_edge).
    bool linked = false;
    for (const graph::Edge& e : g.in_edges(lit))
      if (e.from != lit && !graph::is_property_edge(e)) {
        linked = true;
        break;
      }
    if (linked) continue;
    const Note& paper = g.note(lit);
    out.add(file_start(paper), "nothing links to " + paper.id + " and no note reads it");
  }
}

const rules::RuleRegistration registered{{"P012", "orphan-literature", Severity::Info,
                                   "A paper that nothing links to and no note reads."},
                                  check};

}  // namespace

}  // namespace anth::rules
