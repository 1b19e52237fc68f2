// Cycles: strongly connected components (Boost's Tarjan, non-recursive DFS), then one breadth-first
// search per component for a shortest cycle through its smallest id. Every component is reported, so
// no cap can hide one, and the work stays linear however many cycles a dense component holds.
#include <algorithm>
#include <boost/graph/strong_components.hpp>

#include "core/graph/graph.h"
#include "core/graph/graph_impl.h"

namespace anth::graph {

namespace {

using Successors = std::vector<std::vector<std::size_t>>;

// A shortest cycle from s back to s through vertices marked `inside` (successors are in id order, so
// the first one found is deterministic); `parent` is scratch of the graph's size.
std::vector<std::size_t> shortest_cycle_through(std::size_t s, const Successors& succ, const std::vector<char>& inside,
                                                std::vector<std::size_t>& parent) {
  constexpr std::size_t unseen = static_cast<std::size_t>(-1);
  std::vector<std::size_t> queue{s}, touched{s};
  parent[s] = s;
  std::size_t last = unseen;  // the vertex whose edge closes the cycle back to s
  for (std::size_t head = 0; head < queue.size() && last == unseen; ++head) {
    std::size_t u = queue[head];
    for (std::size_t w : succ[u]) {
      if (!inside[w]) continue;
      if (w == s) {
        last = u;
        break;
      }
      if (parent[w] != unseen) continue;
      parent[w] = u;
      queue.push_back(w);
      touched.push_back(w);
    }
  }
  std::vector<std::size_t> cycle;
  for (std::size_t v = last; v != unseen && v != s; v = parent[v]) cycle.push_back(v);
  cycle.push_back(s);
  std::reverse(cycle.begin(), cycle.end());
  for (std::size_t v : touched) parent[v] = unseen;
  return cycle;
}

}  // namespace

std::vector<Graph::CyclicComponent> Graph::cyclic_components(const std::vector<std::string>& kinds) const {
  const Impl& m = *impl_;
  const std::size_t n = m.size();
  std::vector<CyclicComponent> out;
  if (n == 0) return out;

  // The subgraph of the wanted kinds, parallel edges merged, successors in id order.
  Successors succ(n);
  std::vector<char> self_loop(n, 0);
  for (const Edge& e : m.edges) {
    if (!Impl::matches(e, kinds)) continue;
    succ[e.from].push_back(e.to);
    if (e.from == e.to) self_loop[e.from] = 1;
  }
  auto by_id = [&](std::size_t a, std::size_t b) { return m.id_rank[a] < m.id_rank[b]; };
  for (auto& list : succ) {
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

  std::vector<char> inside(n, 0);
  std::vector<std::size_t> parent(n, static_cast<std::size_t>(-1));
  for (std::vector<std::size_t>& group : groups) {
    const std::size_t s = group.front();
    if (group.size() == 1 && !self_loop[s]) continue;
    std::vector<std::size_t> cycle{s};
    if (!self_loop[s]) {
      for (std::size_t v : group) inside[v] = 1;
      cycle = shortest_cycle_through(s, succ, inside, parent);
      for (std::size_t v : group) inside[v] = 0;
    }
    out.push_back({std::move(group), std::move(cycle)});
  }
  return out;
}

}  // namespace anth::graph