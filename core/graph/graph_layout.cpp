// Force-directed layout: Boost's Fruchterman-Reingold on the induced subgraph, started from a random
// layout drawn with a fixed seed so that the same graph always gets the same picture.
//
// Boost's defaults suit neither our sizes nor our time: its default cooling starts at a temperature of
// iterations / 10 (10 for 100 iterations) in a square of side 2, so for most of the run every vertex
// may jump across the whole drawing and only the last few steps do any work; and its random layout
// fills only a quarter of the square. Starting from the whole square and cooling from a tenth of its
// side gives tidier drawings (fewer crossings, no clumps) in a fraction of the steps; with the cheaper
// square below, 0.06 ms instead of 0.8 ms for a 24-node neighborhood and 0.13 s instead of 4.7 s for
// the 2000-node whole graph.
#include <algorithm>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/topology.hpp>
#include <boost/random/linear_congruential.hpp>
#include <cmath>
#include <unordered_map>

#include "core/graph/graph.h"
#include "core/graph/graph_impl.h"

namespace anth::graph {

namespace {

constexpr unsigned layout_seed = 20230216;
constexpr double start_temperature = 0.3;  // the largest step, in a square of side 2
constexpr std::size_t small_graph = 64;    // up to here every pair repels; above, only near pairs
constexpr int small_iterations = 15;       // enough for a page's neighborhood to settle
constexpr int large_iterations = 50;

// Boost's square, with the two operations Boost's FR performs for every pair of vertices made cheap:
// the norm of the square's extent (a constant that maybe_jitter_point recomputes each time) is
// remembered, and the distance is computed directly rather than through the generic convex topology.
// Same positions for small graphs, 2.4 times faster; large graphs differ only by rounding.
struct Topology : boost::square_topology<boost::minstd_rand> {
  using Base = boost::square_topology<boost::minstd_rand>;
  using Base::Base;
  point_difference_type extent() const { return extent_; }
  double norm(const point_difference_type& d) const {
    if (d[0] == extent_[0] && d[1] == extent_[1]) return extent_norm_;
    return std::sqrt(d[0] * d[0] + d[1] * d[1]);
  }
  double distance(point_type a, point_type b) const {
    double x = b[0] - a[0], y = b[1] - a[1];
    return std::sqrt(x * x + y * y);
  }

 private:
  point_difference_type extent_ = Base::extent();
  double extent_norm_ = Base::norm(Base::extent());
};
using Position = Topology::point_type;
using Displacement = Topology::point_difference_type;

// Boost's fruchterman_reingold_force_directed_layout with the square-distance forces and linear
// cooling, and its all_force_pairs or grid_force_pairs, written out: the same operations in the same
// order, so the same positions to the bit (tests/graph/graph_layout_bits_test.cpp), without what costs
// there. A pair's distance is computed once for its forces where Boost computes it again in its jitter
// test and for each force (the two directions' squares are the same numbers), and the grid's cells are
// vectors rather than lists. A pair closer than the jitter distance takes Boost's steps as they are.
// Layouts were a third of a site build's instructions. `edges` are (source, target) in Boost's order.
class ForceLayout {
 public:
  enum class Pairs { All, Grid };
  ForceLayout(Topology& topology, std::vector<Position>& position)
      : topology_(topology), position_(position), displacement_(position.size()),
        k_(std::pow(topology.volume(topology.extent()) / static_cast<double>(position.size()), 1. / 2.)),
        too_close_(topology.norm(topology.extent()) / 10000.),
        two_k_(2. * topology.volume(topology.extent()) / std::sqrt(static_cast<double>(position.size()))) {}

  void run(const std::vector<std::pair<std::size_t, std::size_t>>& edges, boost::linear_cooling<double> cool, Pairs pairs) {
    const std::size_t n = position_.size();
    while (true) {
      std::fill(displacement_.begin(), displacement_.end(), Displacement());
      if (pairs == Pairs::All) all_pairs();
      else grid_pairs();
      for (auto [v, u] : edges) attract(v, u);
      double temp = cool();
      if (!temp) break;
      for (std::size_t v = 0; v < n; ++v) {
        double disp_size = topology_.norm(displacement_[v]);
        position_[v] = topology_.adjust(position_[v], displacement_[v] * (std::min(disp_size, temp) / disp_size));
        position_[v] = topology_.bound(position_[v]);
      }
    }
  }

 private:
  // boost::all_force_pairs.
  void all_pairs() {
    const std::size_t n = position_.size();
    for (std::size_t v = 0; v < n; ++v)
      for (std::size_t u = v + 1; u < n; ++u) repulse_pair(u, v);
  }
  // boost::grid_force_pairs: vertices in cells of side two_k; a pair in one cell repulses both ways, a
  // vertex repulses those of the eight cells around it that are nearer than two_k.
  void grid_pairs() {
    const Displacement extent = topology_.extent();
    const std::size_t columns = std::size_t(extent[0] / two_k_ + 1.), rows = std::size_t(extent[1] / two_k_ + 1.);
    cells_.assign(rows * columns, {});
    for (std::size_t v = 0; v < position_.size(); ++v) {
      std::size_t column = std::min(std::size_t((position_[v][0] + extent[0] / 2) / two_k_), columns - 1);
      std::size_t row = std::min(std::size_t((position_[v][1] + extent[1] / 2) / two_k_), rows - 1);
      cells_[row * columns + column].push_back(v);
    }
    for (std::size_t row = 0; row < rows; ++row)
      for (std::size_t column = 0; column < columns; ++column) {
        const std::vector<std::size_t>& cell = cells_[row * columns + column];
        for (std::size_t i = 0; i < cell.size(); ++i) {
          const std::size_t u = cell[i];
          for (std::size_t j = i + 1; j < cell.size(); ++j) repulse_pair(u, cell[j]);
          for (std::size_t r = row == 0 ? 0 : row - 1; r <= (row == rows - 1 ? row : row + 1); ++r)
            for (std::size_t c = column == 0 ? 0 : column - 1; c <= (column == columns - 1 ? column : column + 1); ++c) {
              if (r == row && c == column) continue;
              for (std::size_t v : cells_[r * columns + c]) {
                double dist = topology_.distance(position_[u], position_[v]);
                if (dist < two_k_) repulse_near(u, v, dist);
              }
            }
        }
      }
  }
  // Boost's apply_force(u, v) then apply_force(v, u).
  void repulse_pair(std::size_t u, std::size_t v) {
    double dist = topology_.distance(position_[u], position_[v]);
    if (dist < too_close_) {
      repulse(u, v);
      repulse(v, u);
      return;
    }
    double scale = k_ * k_ / dist / dist;
    displacement_[v] += scale * topology_.difference(position_[v], position_[u]);
    displacement_[u] += scale * topology_.difference(position_[u], position_[v]);
  }
  // Boost's apply_force(u, v), the distance from u to v known.
  void repulse_near(std::size_t u, std::size_t v, double dist) {
    if (dist < too_close_) return repulse(u, v);
    displacement_[v] += (k_ * k_ / dist / dist) * topology_.difference(position_[v], position_[u]);
  }
  // Boost's detail::fr_apply_force: u pushes v away.
  void repulse(std::size_t u, std::size_t v) {
    jitter(u, position_[v]);
    double dist = topology_.distance(position_[u], position_[v]);
    Displacement& dispv = displacement_[v];
    if (dist == 0.) {
      for (std::size_t i = 0; i < Position::dimensions; ++i) dispv[i] += 0.01;
    } else {
      double fr = k_ * k_ / dist;
      dispv += (fr / dist) * topology_.difference(position_[v], position_[u]);
    }
  }
  void attract(std::size_t v, std::size_t u) {
    jitter(u, position_[v]);
    Displacement delta = topology_.difference(position_[v], position_[u]);
    double dist = topology_.distance(position_[u], position_[v]);
    double fa = dist * dist / k_;
    displacement_[v] = displacement_[v] - (fa / dist) * delta;
    displacement_[u] = displacement_[u] + (fa / dist) * delta;
  }
  // Boost's detail::maybe_jitter_point.
  void jitter(std::size_t v, const Position& other) {
    if (topology_.distance(position_[v], other) < too_close_)
      position_[v] = topology_.move_position_toward(position_[v], 1. / 200, topology_.random_point());
  }

  Topology& topology_;
  std::vector<Position>& position_;
  std::vector<Displacement> displacement_;
  std::vector<std::vector<std::size_t>> cells_;
  double k_, too_close_, two_k_;
};

// Maps every coordinate linearly into [0, 1]; a degenerate axis (one point, or all equal) goes to 0.5.
void normalize(std::vector<Point>& points) {
  if (points.empty()) return;
  auto axis = [&](double Point::*c) {
    double lo = points[0].*c, hi = lo;
    for (const Point& p : points) {
      lo = std::min(lo, p.*c);
      hi = std::max(hi, p.*c);
    }
    for (Point& p : points) {
      double span = hi - lo;
      double t = span > 0 && std::isfinite(span) ? (p.*c - lo) / span : 0.5;
      p.*c = std::isfinite(t) ? std::clamp(t, 0.0, 1.0) : 0.5;
    }
  };
  axis(&Point::x);
  axis(&Point::y);
}

}  // namespace

std::vector<Point> Graph::layout(const std::vector<std::size_t>& vertices) const {
  const Impl& m = *impl_;
  // One layout vertex per distinct valid graph vertex, in first-seen order.
  std::unordered_map<std::size_t, std::size_t> slot;
  std::vector<std::size_t> members;
  for (std::size_t v : vertices)
    if (v < m.size() && slot.try_emplace(v, members.size()).second) members.push_back(v);

  std::vector<Point> placed(members.size());
  if (members.size() == 1) placed[0] = {0.5, 0.5};
  if (members.size() >= 2) {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < members.size(); ++i) {
      m.for_out(members[i], {}, [&](const Edge& e) {
        auto it = slot.find(e.to);
        if (it == slot.end() || it->second == i) return;
        pairs.emplace_back(std::min(i, it->second), std::max(i, it->second));
      });
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());

    boost::minstd_rand gen(layout_seed);
    Topology topology(gen, 1.0);
    std::vector<Position> position(members.size());
    for (Position& p : position) p = topology.random_point();  // boost::random_graph_layout's draws
    for (auto& p : position)  // from [0, 1]^2 to the whole square [-1, 1]^2
      for (std::size_t axis = 0; axis < 2; ++axis) p[axis] = 2 * p[axis] - 1;
    // Up to small_graph vertices every pair repulses: Boost's grid would hold them in one or two cells
    // anyway, rebuilt each step.
    bool small = members.size() <= small_graph;
    ForceLayout(topology, position)
        .run(pairs, boost::linear_cooling<double>(small ? small_iterations : large_iterations, start_temperature),
             small ? ForceLayout::Pairs::All : ForceLayout::Pairs::Grid);
    for (std::size_t i = 0; i < members.size(); ++i) placed[i] = {position[i][0], position[i][1]};
    normalize(placed);
  }

  std::vector<Point> out;
  out.reserve(vertices.size());
  for (std::size_t v : vertices) {
    auto it = slot.find(v);
    out.push_back(it == slot.end() ? Point{0.5, 0.5} : placed[it->second]);
  }
  return out;
}

}  // namespace anth::graph