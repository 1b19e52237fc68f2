#include "core/rules/p012_orphan_literature.h"

#include "core/rules/rule_support.h"

namespace anth::rules {

void OrphanLiterature::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  for (std::size_t lit = 0; lit < g.vertex_count(); ++lit) {
    if (!is_kind(g, lit, Kind::Lit)) continue;
    // Any edge from another node counts, typed or a body mention; a NOTE's `paper` is one too.
    bool linked = false;
    for (const Edge& e : g.in_edges(lit))
      if (e.from != lit) {
        linked = true;
        break;
      }
    if (linked) continue;
    const Note& paper = g.note(lit);
    out.push_back(make_diagnostic(id(), file_start(paper), "nothing links to " + paper.id + " and no note reads it"));
  }
}

}  // namespace anth::rules
