#include "core/query/provenance.h"

#include <algorithm>
#include <map>

#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "core/util/natural_order.h"

namespace anth::query {

namespace {

bool earlier(const NodeRef& a, const NodeRef& b) {
  if (a.year.has_value() != b.year.has_value()) return a.year.has_value();
  if (a.year && *a.year != *b.year) return *a.year < *b.year;
  return util::natural_compare(a.id, b.id) < 0;
}

bool by_id(const NodeRef& a, const NodeRef& b) { return util::natural_compare(a.id, b.id) < 0; }

// The papers of the walk, each once with every distinct way it is linked.
std::vector<LinkedPaper> linked(const graph::Graph& g, std::size_t practice) {
  std::vector<LinkedPaper> out;
  std::map<std::size_t, std::size_t> position;
  for (const graph::PaperLink& pl : graph::linked_papers(g, practice)) {
    bool through = pl.way == Link::Way::TheorySource || pl.way == Link::Way::NoteReading;
    bool relates = pl.way == Link::Way::PaperRelates || pl.way == Link::Way::NoteReading;
    Link link{pl.way, through ? g.note(pl.via).id : "", relates ? pl.edge.relation->kind : ""};
    auto [it, fresh] = position.emplace(pl.paper, out.size());
    if (fresh) out.push_back({node_ref(g, pl.paper), {}});
    auto& links = out[it->second].links;
    bool seen = std::any_of(links.begin(), links.end(), [&](const Link& l) {
      return l.way == link.way && l.via == link.via && l.relation == link.relation;
    });
    if (!seen) links.push_back(std::move(link));
  }
  for (LinkedPaper& lp : out)
    std::stable_sort(lp.links.begin(), lp.links.end(), [](const Link& a, const Link& b) {
      if (a.way != b.way) return a.way < b.way;
      return util::natural_compare(a.via, b.via) < 0;
    });
  std::sort(out.begin(), out.end(), [](const LinkedPaper& a, const LinkedPaper& b) { return earlier(a.paper, b.paper); });
  return out;
}

// The first resolved target of `kind` leaving v, as a reference (empty when none).
NodeRef first_ref(const graph::Graph& g, std::size_t v, std::string_view kind) {
  std::vector<graph::Edge> edges = g.out_edges(v, kind);
  return edges.empty() ? NodeRef{} : node_ref(g, edges.front().to);
}

void add_hedges(const graph::Graph& g, std::size_t practice, Provenance& p) {
  for (const NodeRef& reading : p.readings) {
    // A reading is two steps away: what it declines may be beyond the loaded graph, so its note tells.
    std::vector<std::string> declined;
    for (const Relation* r : g.note(*g.vertex(reading.id)).relations_of("declines_origin_of"))
      if (!r->to.empty() && std::find(declined.begin(), declined.end(), r->to) == declined.end()) declined.push_back(r->to);
    if (!declined.empty()) p.reading_hedges.push_back({reading, *p.origin, std::move(declined)});
  }
  std::vector<std::size_t> notes;
  for (const graph::Edge& e : g.in_edges(practice, "declines_origin_of"))
    if (std::find(notes.begin(), notes.end(), e.from) == notes.end()) notes.push_back(e.from);
  std::vector<NodeRef> refs;
  for (std::size_t n : notes) refs.push_back(node_ref(g, n));
  std::sort(refs.begin(), refs.end(), by_id);
  for (NodeRef& note : refs) {
    NodeRef paper = first_ref(g, *g.vertex(note.id), "paper");
    p.hedges.push_back({std::move(note), std::move(paper), {p.practice.id}});
  }
}

}  // namespace

Provenance trace_provenance(const graph::Graph& g, std::size_t v) {
  Provenance p;
  const Note& practice = g.note(v);
  p.practice = node_ref(g, v);
  p.path = practice.path;
  if (auto written = practice.relations_of("introduced_by"); !written.empty()) {
    p.introduced_by_written = written.front()->written;
    if (auto o = g.vertex(written.front()->to); o && !written.front()->to.empty()) {
      p.origin = node_ref(g, *o);
      p.origin_arxiv = g.note(*o).arxiv;
      p.origin_authors = g.note(*o).authors;
      for (std::size_t r : g.readings(*o)) p.readings.push_back(node_ref(g, r));
      std::sort(p.readings.begin(), p.readings.end(), by_id);
    }
  }
  p.linked = linked(g, v);
  add_hedges(g, v, p);
  for (const Relation* r : practice.relations_of("contested_by")) {
    auto c = r->to.empty() ? std::nullopt : g.vertex(r->to);
    NodeRef ref = c ? node_ref(g, *c) : NodeRef{r->to.empty() ? r->written : r->to};
    bool seen = std::any_of(p.contested_by.begin(), p.contested_by.end(), [&](const NodeRef& x) { return x.id == ref.id; });
    if (!seen) p.contested_by.push_back(std::move(ref));
  }
  return p;
}

util::Expected<std::optional<Provenance>> load_provenance(sqlite3* db, const std::string& id) {
  auto around = graph_for_provenance(db, id);
  if (!around) return std::unexpected(around.error());
  std::optional<Provenance> found;
  if (auto v = around->graph->vertex(id)) {
    found = trace_provenance(*around->graph, *v);
  } else {
    // A note kept out of the graph has its row in the index, and no relations to follow.
    auto kept = graph_of_node(db, id);
    if (!kept) return std::unexpected(kept.error());
    if (kept->corpus->notes.empty()) return found;
    const Note& n = kept->corpus->notes.front();
    found.emplace();
    found->practice = note_ref(*kept->graph, n);
    found->path = n.path;
  }
  auto findings = load_findings(db, found->path);
  if (!findings) return std::unexpected(findings.error());
  found->findings = std::move(*findings);
  return found;
}

}  // namespace anth::query
