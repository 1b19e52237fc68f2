// Breadth-first walks over the graph, following edges both ways: neighbourhoods and shortest paths.
#include <algorithm>
#include <deque>
#include <limits>

#include "core/graph/graph.h"
#include "core/graph/graph_impl.h"

namespace anth {

std::vector<std::size_t> Graph::neighborhood(std::size_t v, int depth, const std::vector<std::string>& kinds) const {
  const Impl& m = *impl_;
  std::vector<std::size_t> out;
  if (v >= m.size()) return out;
  constexpr int unseen = -1;
  std::vector<int> distance(m.size(), unseen);
  std::deque<std::size_t> queue{v};
  distance[v] = 0;
  out.push_back(v);
  while (!queue.empty()) {
    std::size_t u = queue.front();
    queue.pop_front();
    if (distance[u] >= depth) continue;
    auto visit = [&](std::size_t w) {
      if (distance[w] != unseen) return;
      distance[w] = distance[u] + 1;
      out.push_back(w);
      queue.push_back(w);
    };
    m.for_out(u, kinds, [&](const Edge& e) { visit(e.to); });
    m.for_in(u, kinds, [&](const Edge& e) { visit(e.from); });
  }
  std::sort(out.begin(), out.end(), [&](std::size_t a, std::size_t b) {
    if (distance[a] != distance[b]) return distance[a] < distance[b];
    return m.id_rank[a] < m.id_rank[b];
  });
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

}  // namespace anth
