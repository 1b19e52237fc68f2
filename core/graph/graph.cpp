// anth::Graph: vertices and edges from the corpus, edge queries, years and readings.
#include "core/graph/graph.h"

#include <algorithm>
#include <numeric>

#include "core/graph/graph_impl.h"
#include "core/model/schema.h"
#include "core/util/natural_order.h"

namespace anth::graph {

namespace {

// The relations of a note that become edges, in file order (line, column; ties keep written order).
std::vector<const Relation*> relations_in_file_order(const Note& n) {
  std::vector<const Relation*> out;
  out.reserve(n.relations.size());
  for (const Relation& r : n.relations) out.push_back(&r);
  std::stable_sort(out.begin(), out.end(), [](const Relation* a, const Relation* b) {
    return std::pair(a->where.line, a->where.column) < std::pair(b->where.line, b->where.column);
  });
  return out;
}

}  // namespace

std::optional<int> paper_year(const Note& n) {
  if (n.kind != Kind::Lit || n.year <= 0) return std::nullopt;
  return n.year;
}

Graph::Graph(const Corpus& corpus) : impl_(std::make_unique<Impl>(corpus)) {
  Impl& m = *impl_;
  for (std::size_t i = 0; i < corpus.notes.size(); ++i) {
    const Note& n = corpus.notes[i];
    if (!n.in_graph) continue;
    if (m.vertex_of.try_emplace(n.id, m.note_of.size()).second) m.note_of.push_back(i);
  }
  m.g = BoostGraph(m.note_of.size());

  std::vector<std::size_t> by_id(m.note_of.size());
  std::iota(by_id.begin(), by_id.end(), std::size_t{0});
  // The one natural order of ids (LIT-9 before LIT-10), as every listing has it.
  std::sort(by_id.begin(), by_id.end(), [&](std::size_t a, std::size_t b) { return util::natural_less(m.note(a).id, m.note(b).id); });
  m.id_rank.assign(by_id.size(), 0);
  for (std::size_t r = 0; r < by_id.size(); ++r) m.id_rank[by_id[r]] = r;

  for (std::size_t v = 0; v < m.note_of.size(); ++v) {
    for (const Relation* r : relations_in_file_order(m.note(v))) {
      if (r->to.empty()) continue;
      auto it = m.vertex_of.find(r->to);
      if (it == m.vertex_of.end()) continue;
      if (it->second == v && r->kind == "mentions") continue;  // a link to one's own heading
      boost::add_edge(v, it->second, EdgeSlot{m.edges.size()}, m.g);
      m.edges.push_back({v, it->second, r});
      m.classify(m.edges.size() - 1);
    }
  }
}

void Graph::Impl::classify(std::size_t slot) {
  const Relation& r = *edges[slot].relation;
  if (edge_kind.size() <= slot) edge_kind.resize(slot + 1), edge_property.resize(slot + 1);
  edge_kind[slot] = kind_codes.try_emplace(r.kind, static_cast<std::uint32_t>(kind_codes.size())).first->second;
  edge_property[slot] = r.origin == Origin::Property;
}

Graph::Impl::KindQuery Graph::Impl::query(std::string_view kind) const {
  KindQuery q;
  if (auto it = kind_codes.find(kind); it != kind_codes.end()) q.code = it->second;
  const auto& relations = relation_kinds();
  q.property_too = std::find(relations.begin(), relations.end(), kind) == relations.end();
  return q;
}

Graph::~Graph() = default;

bool Graph::repoint_out_edges(std::size_t v) {
  Impl& m = *impl_;
  if (v >= m.size()) return false;
  std::vector<std::pair<std::size_t, const Relation*>> made;  // (target vertex, relation), as the constructor adds them
  for (const Relation* r : relations_in_file_order(m.note(v))) {
    if (r->to.empty()) continue;
    auto it = m.vertex_of.find(r->to);
    if (it == m.vertex_of.end()) continue;
    if (it->second == v && r->kind == "mentions") continue;
    made.emplace_back(it->second, r);
  }
  std::vector<std::size_t> slots;
  for (auto [it, end] = boost::out_edges(v, m.g); it != end; ++it) slots.push_back(m.g[*it].index);
  if (slots.size() != made.size()) return false;
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (m.edges[slots[i]].to != made[i].first) return false;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    m.edges[slots[i]].relation = made[i].second;
    m.classify(slots[i]);
  }
  return true;
}

bool edge_of_kind(const Edge& e, std::string_view kind) {
  if (e.relation->kind != kind) return false;
  if (!is_property_edge(e)) return true;
  const auto& relations = relation_kinds();
  return std::find(relations.begin(), relations.end(), kind) == relations.end();
}

const Corpus& Graph::corpus() const { return impl_->corpus; }
std::size_t Graph::vertex_count() const { return impl_->size(); }
std::size_t Graph::edge_count() const { return impl_->edges.size(); }

std::optional<std::size_t> Graph::vertex(std::string_view id) const {
  auto it = impl_->vertex_of.find(std::string(id));
  if (it == impl_->vertex_of.end()) return std::nullopt;
  return it->second;
}

const Note& Graph::note(std::size_t vertex) const { return impl_->note(vertex); }

std::vector<Edge> Graph::out_edges(std::size_t v, std::string_view kind) const {
  std::vector<Edge> out;
  if (v >= impl_->size()) return out;
  const Impl::KindQuery q = impl_->query(kind);
  for (auto [it, end] = boost::out_edges(v, impl_->g); it != end; ++it) {
    std::size_t slot = impl_->g[*it].index;
    if (kind.empty() || impl_->answers(slot, q)) out.push_back(impl_->edges[slot]);
  }
  return out;
}

std::vector<Edge> Graph::in_edges(std::size_t v, std::string_view kind) const {
  std::vector<Edge> out;
  if (v >= impl_->size()) return out;
  const Impl::KindQuery q = impl_->query(kind);
  for (auto [it, end] = boost::in_edges(v, impl_->g); it != end; ++it) {
    std::size_t slot = impl_->g[*it].index;
    if (kind.empty() || impl_->answers(slot, q)) out.push_back(impl_->edges[slot]);
  }
  return out;
}

std::optional<int> Graph::year(std::size_t v) const {
  if (v >= impl_->size()) return std::nullopt;
  const Impl& m = *impl_;
  const Note& n = m.note(v);
  if (!n.kind) return std::nullopt;
  auto lit_year = [&](std::size_t w) { return paper_year(m.note(w)); };
  switch (*n.kind) {
    case Kind::Lit: return lit_year(v);
    case Kind::Sota: {
      std::optional<int> y;
      bool seen = false;
      m.for_out(v, {"introduced_by"}, [&](const Edge& e) {
        if (!seen) y = lit_year(e.to);
        seen = true;
      });
      return y;
    }
    case Kind::Theory: {
      std::optional<int> earliest;
      m.for_out(v, {"source"}, [&](const Edge& e) {
        if (auto y = lit_year(e.to); y && (!earliest || *y < *earliest)) earliest = y;
      });
      return earliest;
    }
    case Kind::Note:
    case Kind::Term:
    case Kind::Page: return std::nullopt;
  }
  return std::nullopt;
}

std::vector<NodeFacts> Graph::node_facts() const {
  const Corpus& c = corpus();
  std::vector<NodeFacts> out(c.notes.size());
  for (std::size_t i = 0; i < c.notes.size(); ++i)
    if (auto v = vertex(c.notes[i].id)) out[i].year = year(*v);
  return out;
}

std::vector<std::size_t> Graph::readings(std::size_t lit) const {
  std::vector<std::size_t> out;
  if (lit >= impl_->size()) return out;
  impl_->for_in(lit, {"paper"}, [&](const Edge& e) {
    if (impl_->note(e.from).kind == Kind::Note) out.push_back(e.from);
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace anth::graph