#include "core/graph/linked_papers.h"

namespace anth::graph {

namespace {

bool is_lit(const Graph& g, std::size_t v) { return g.note(v).kind == Kind::Lit; }

}  // namespace

std::vector<PaperLink> linked_papers(const Graph& g, std::size_t sota) {
  using Way = PaperLink::Way;
  std::vector<PaperLink> out;
  auto add = [&](Way way, std::size_t paper, std::size_t via, const Edge& e) {
    if (is_lit(g, paper)) out.push_back({way, paper, via, e});
  };
  for (const Edge& e : g.out_edges(sota, "introduced_by")) add(Way::IntroducedBy, e.to, sota, e);
  for (const Edge& e : g.out_edges(sota, "source")) {
    add(Way::Source, e.to, sota, e);
    if (g.note(e.to).kind != Kind::Theory) continue;
    for (const Edge& t : g.out_edges(e.to, "source")) add(Way::TheorySource, t.to, e.to, t);
  }
  for (const Edge& e : g.in_edges(sota)) {
    if (is_property_edge(e)) continue;  // a frontmatter property's link is no provenance
    if (is_lit(g, e.from)) {
      add(Way::PaperRelates, e.from, sota, e);
    } else if (g.note(e.from).kind == Kind::Note) {
      std::vector<Edge> paper = g.out_edges(e.from, "paper");
      if (!paper.empty()) add(Way::NoteReading, paper.front().to, e.from, e);
    }
  }
  for (const Edge& e : g.out_edges(sota, "mentions")) add(Way::BodyMention, e.to, sota, e);
  return out;
}

}  // namespace anth::graph