// Breadth-first walks over the graph, following edges both ways: neighborhoods and shortest paths.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>

#include "core/graph/graph.h"
#include "core/graph/graph_impl.h"

namespace anth::graph {

namespace {

// The vertices one walk has seen. A site draws a neighbourhood for every page: a flag per vertex made
// and zeroed for each walk would cost O(vertices) a page (100 KB a walk at 100,000 notes), so each
// thread keeps one array of stamps and a walk only takes a new stamp (so a walk must not start
// another on its thread before it ends).
class SeenSet {
 public:
  explicit SeenSet(std::size_t vertices) : stamps_(scratch()) {
    if (stamps_.size() < vertices) stamps_.resize(vertices, 0);
    if (++current() == 0) {  // the stamp wrapped: clear the stamps once
      std::fill(stamps_.begin(), stamps_.end(), 0);
      current() = 1;
    }
    stamp_ = current();
  }
  // True the first time w is offered in this walk.
  bool insert(std::size_t w) {
    if (stamps_[w] == stamp_) return false;
    stamps_[w] = stamp_;
    return true;
  }

 private:
  static std::vector<std::uint32_t>& scratch() {
    thread_local std::vector<std::uint32_t> stamps;
    return stamps;
  }
  static std::uint32_t& current() {
    thread_local std::uint32_t stamp = 0;
    return stamp;
  }
  std::vector<std::uint32_t>& stamps_;
  std::uint32_t stamp_;
};

// The vertices a level of the walk reaches from `u`, each with the first edge (file order, outgoing
// first) that reaches it.
template <class Impl>
std::vector<Graph::Reached> reached_from(const Impl& m, std::size_t u, int depth, const std::vector<std::string>& kinds,
                                         SeenSet& seen) {
  std::vector<Graph::Reached> found;
  auto visit = [&](std::size_t w, const Edge& e, bool forward) {
    if (seen.insert(w)) found.push_back({w, depth, &e, forward});
  };
  m.for_out(u, kinds, [&](const Edge& e) { visit(e.to, e, true); });
  m.for_in(u, kinds, [&](const Edge& e) { visit(e.from, e, false); });
  return found;
}

}  // namespace

std::vector<Graph::Reached> Graph::neighborhood(std::size_t v, const NeighborhoodOptions& o) const {
  const Impl& m = *impl_;
  std::vector<Reached> out;
  if (v >= m.size()) return out;
  const bool sparse_first = o.expand == NeighborhoodOptions::Expand::SparseFirst;
  auto degree = [&](std::size_t u) {
    if (o.kinds.empty()) return static_cast<std::size_t>(boost::out_degree(u, m.g) + boost::in_degree(u, m.g));
    std::size_t d = 0;
    m.for_out(u, o.kinds, [&](const Edge&) { ++d; });
    m.for_in(u, o.kinds, [&](const Edge&) { ++d; });
    return d;
  };
  SeenSet seen(m.size());
  seen.insert(v);
  out.push_back({v, 0, nullptr, true});
  for (std::size_t level = 0, end = 1; level < out.size() && out[level].depth < o.depth; level = end, end = out.size()) {
    std::vector<std::size_t> frontier;
    for (std::size_t i = level; i < end; ++i) frontier.push_back(out[i].vertex);
    if (sparse_first)
      std::stable_sort(frontier.begin(), frontier.end(), [&](std::size_t a, std::size_t b) { return degree(a) < degree(b); });
    for (std::size_t u : frontier) {
      std::vector<Reached> found = reached_from(m, u, out[level].depth + 1, o.kinds, seen);
      if (sparse_first) {
        // Only the first `room` in id order can be taken before the cap ends the walk: a hub's
        // hundreds of neighbours are not sorted whole for a drawing of 24.
        auto by_id = [&](const Reached& a, const Reached& b) { return m.id_rank[a.vertex] < m.id_rank[b.vertex]; };
        const std::size_t room = o.cap > out.size() ? o.cap - out.size() : 0;
        if (found.size() > room) std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(room), found.end(), by_id);
        else std::sort(found.begin(), found.end(), by_id);
      }
      for (const Reached& r : found) {
        if (out.size() >= o.cap) return out;
        out.push_back(r);
      }
    }
  }
  return out;
}

std::vector<Graph::Step> Graph::shortest_path(std::size_t a, std::size_t b, const std::vector<std::string>& kinds) const {
  const Impl& m = *impl_;
  std::vector<Step> path;
  if (a >= m.size() || b >= m.size() || a == b) return path;
  // How each reached vertex was reached: the edge and whether it was walked along its direction.
  struct Reached {
    const Edge* edge = nullptr;
    bool forward = true;
  };
  std::vector<Reached> via(m.size());
  std::vector<char> seen(m.size(), 0);
  std::deque<std::size_t> queue{a};
  seen[a] = 1;
  while (!queue.empty() && !seen[b]) {
    std::size_t u = queue.front();
    queue.pop_front();
    auto visit = [&](std::size_t w, const Edge& e, bool forward) {
      if (seen[w]) return;
      seen[w] = 1;
      via[w] = {&e, forward};
      queue.push_back(w);
    };
    m.for_out(u, kinds, [&](const Edge& e) { visit(e.to, e, true); });
    m.for_in(u, kinds, [&](const Edge& e) { visit(e.from, e, false); });
  }
  if (!seen[b]) return path;
  for (std::size_t w = b; w != a;) {
    const Reached& r = via[w];
    path.push_back({*r.edge, r.forward});
    w = r.forward ? r.edge->from : r.edge->to;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace anth::graph