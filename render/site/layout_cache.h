#pragma once
// Layouts of the site's graph drawings, remembered between builds.
//
// A force-directed layout is the costliest part of a page, and the same neighborhood gives the same
// layout, so each one is kept under a hash of its input (the vertex ids in order and the edges among
// them). Positions are quantized to 16 bits whether computed or remembered, so a page is byte-identical
// either way. The file carries a fingerprint of Graph::layout itself (the layout of a fixed probe
// graph): when the algorithm changes, the old layouts are dropped. A missing or damaged file is an
// empty cache; failing to save one only costs the next build time.
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "core/graph/graph.h"
#include "render/site/adjacency.h"

namespace anth::render::site {

class LayoutCache {
 public:
  LayoutCache() = default;  // in memory only
  explicit LayoutCache(std::filesystem::path file);

  // The layout of `vertices` (Graph::layout), quantized; from the cache when it holds it. Thread-safe.
  std::vector<graph::Point> layout(const graph::Graph& graph, const Adjacency& edges, const std::vector<std::size_t>& vertices);

  // Writes the layouts used since construction (only those: the file does not grow without bound),
  // when any was computed anew or some were not used. Returns false when the file could not be written.
  bool save();

  std::size_t computed() const { return computed_; }
  std::size_t reused() const { return reused_; }

 private:
  using Quantized = std::vector<std::uint32_t>;  // x << 16 | y per vertex
  std::filesystem::path file_;
  std::uint64_t fingerprint_ = 0;
  std::unordered_map<std::uint64_t, Quantized> stored_, used_;
  std::mutex mutex_;
  std::size_t computed_ = 0, reused_ = 0;
};

}  // namespace anth::render::site
