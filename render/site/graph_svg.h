#pragma once
// A part of the graph drawn as inline SVG: positions from Graph::layout (Fruchterman-Reingold),
// one link per node coloured by kind (CSS classes), a <title> on each node and on the drawing.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/graph.h"

namespace anth::site {

struct SvgOptions {
  std::string root;                   // prefix of hrefs ("" or "../")
  std::optional<std::size_t> focus;   // the page's own node, drawn larger
  std::string title;                  // the drawing's accessible name
  std::string id = "graph";           // prefix of element ids (unique per page)
  double width = 640;
  double height = 480;
  bool labels = true;                 // draw ids beside the nodes
};

class SiteContext;

// The subgraph induced by `vertices`, at `points` (parallel to it: Graph::layout of the same list).
std::string graph_svg(const SiteContext& context, const std::vector<std::size_t>& vertices, const std::vector<Point>& points,
                      const SvgOptions& options);

}  // namespace anth::site
