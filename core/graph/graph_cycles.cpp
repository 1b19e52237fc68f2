// Elementary cycles: strongly connected components (Boost's Tarjan, non-recursive DFS), then Johnson's
// circuit enumeration inside each non-trivial component, written with explicit stacks and capped so it
// always terminates quickly.
#include <algorithm>
#include <boost/graph/strong_components.hpp>

#include "core/graph/graph.h"
#include "core/graph/graph_impl.h"

namespace anth {

namespace {

// At most this many cycles are reported; Johnson's algorithm spends O(V + E) between two cycles.
constexpr std::size_t max_cycles = 1000;

using Successors = std::vector<std::vector<std::size_t>>;

// Johnson's circuit search from `s` over the vertices marked in `allowed` (s is the least of them).
class CircuitSearch {
 public:
  CircuitSearch(const Successors& succ, std::size_t vertices) : succ_(succ), blocked_(vertices, 0), b_(vertices) {}

  // Appends every elementary cycle through s; returns false when the cap was reached.
  bool run(std::size_t s, const std::vector<char>& allowed, const std::vector<std::size_t>& members,
           std::vector<std::vector<std::size_t>>& out) {
    for (std::size_t v : members) {
      blocked_[v] = 0;
      b_[v].clear();
    }
    struct Frame {
      std::size_t v;
      std::size_t next = 0;
      bool found = false;
    };
    std::vector<Frame> frames{{s}};
    std::vector<std::size_t> path{s};
    blocked_[s] = 1;
    while (!frames.empty()) {
      Frame& f = frames.back();
      const std::vector<std::size_t>& next = succ_[f.v];
      if (f.next < next.size()) {
        std::size_t w = next[f.next++];
        if (!allowed[w]) continue;
        if (w == s) {
          out.push_back(path);
          f.found = true;
          if (out.size() >= max_cycles) return false;
        } else if (!blocked_[w]) {
          blocked_[w] = 1;
          path.push_back(w);
          frames.push_back({w});
        }
        continue;
      }
      std::size_t v = f.v;
      bool found = f.found;
      if (found) {
        unblock(v);
      } else {
        for (std::size_t w : next)
          if (allowed[w] && std::find(b_[w].begin(), b_[w].end(), v) == b_[w].end()) b_[w].push_back(v);
      }
      frames.pop_back();
      path.pop_back();
      if (found && !frames.empty()) frames.back().found = true;
    }
    return true;
  }

 private:
  void unblock(std::size_t u) {
    blocked_[u] = 0;
    std::vector<std::size_t> work{u};
    while (!work.empty()) {
      std::size_t x = work.back();
      work.pop_back();
      std::vector<std::size_t> waiting = std::move(b_[x]);
      b_[x].clear();
      for (std::size_t w : waiting)
        if (blocked_[w]) {
          blocked_[w] = 0;
          work.push_back(w);
        }
    }
  }

  const Successors& succ_;
  std::vector<char> blocked_;
  std::vector<std::vector<std::size_t>> b_;
};

// The vertices of `group` marked in `allowed` that both reach s and are reached from s, in group order;
// `mark` is all zero before and after.
std::vector<std::size_t> component_of(std::size_t s, const std::vector<std::size_t>& group, const Successors& succ,
                                      const Successors& pred, const std::vector<char>& allowed,
                                      std::vector<char>& mark) {
  auto reach = [&](const Successors& adj, char bit) {
    std::vector<std::size_t> work{s};
    mark[s] |= bit;
    while (!work.empty()) {
      std::size_t u = work.back();
      work.pop_back();
      for (std::size_t w : adj[u])
        if (allowed[w] && !(mark[w] & bit)) {
          mark[w] |= bit;
          work.push_back(w);
        }
    }
  };
  reach(succ, 1);
  reach(pred, 2);
  std::vector<std::size_t> both;
  for (std::size_t v : group) {
    if (mark[v] == 3) both.push_back(v);
    mark[v] = 0;
  }
  return both;
}

}  // namespace

std::vector<std::vector<std::size_t>> Graph::cycles(const std::vector<std::string>& kinds) const {
  const Impl& m = *impl_;
  const std::size_t n = m.size();
  std::vector<std::vector<std::size_t>> out;
  if (n == 0) return out;

  // The subgraph of the wanted kinds, parallel edges merged, successors in id order.
  Successors succ(n), pred(n);
  std::vector<char> self_loop(n, 0);
  for (const Edge& e : m.edges) {
    if (!Impl::matches(e, kinds)) continue;
    succ[e.from].push_back(e.to);
    pred[e.to].push_back(e.from);
    if (e.from == e.to) self_loop[e.from] = 1;
  }
  auto by_id = [&](std::size_t a, std::size_t b) { return m.id_rank[a] < m.id_rank[b]; };
  for (Successors* adj : {&succ, &pred})
    for (auto& list : *adj) {
      std::sort(list.begin(), list.end(), by_id);
      list.erase(std::unique(list.begin(), list.end()), list.end());
    }

  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> sub(n);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t w : succ[u]) boost::add_edge(u, w, sub);
  std::vector<std::size_t> component(n);
  std::size_t count = boost::strong_components(
      sub, boost::make_iterator_property_map(component.begin(), boost::get(boost::vertex_index, sub)));

  std::vector<std::vector<std::size_t>> groups(count);
  for (std::size_t v = 0; v < n; ++v) groups[component[v]].push_back(v);
  for (auto& g : groups) std::sort(g.begin(), g.end(), by_id);
  std::sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) { return by_id(a.front(), b.front()); });

  CircuitSearch search(succ, n);
  std::vector<char> allowed(n, 0), mark(n, 0), inside(n, 0);
  for (const std::vector<std::size_t>& group : groups) {
    if (group.size() == 1 && !self_loop[group.front()]) continue;
    for (std::size_t v : group) allowed[v] = 1;
    // Johnson: each start vertex s, in id order, over the part of the group not before s.
    for (std::size_t s : group) {
      std::vector<std::size_t> members = component_of(s, group, succ, pred, allowed, mark);
      for (std::size_t v : members) inside[v] = 1;
      bool more = members.size() > 1 || self_loop[s] ? search.run(s, inside, members, out) : true;
      for (std::size_t v : members) inside[v] = 0;
      allowed[s] = 0;
      if (!more) return out;
    }
  }
  return out;
}

}  // namespace anth
