#pragma once
// A part of the graph drawn as inline SVG: positions from Graph::layout (Fruchterman-Reingold), spread
// and labelled by render/site/graph_placement.h; one link per node coloured by kind (CSS classes in
// graph.css), named by a <title> that says where it goes; edges in a group per relation kind, coloured
// and dashed by its class (render/site/edge_kinds.h); the current node emphasised. graph.js makes a drawing one tab stop with arrow keys inside,
// and the whole graph zoomable and filterable by kind.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/graph.h"

namespace anth::render::site {

struct SvgOptions {
  std::string root;                   // prefix of hrefs ("" or "../")
  std::optional<std::size_t> focus;   // the page's own node, drawn larger
  std::string title;                  // the drawing's accessible name
  std::string id = "graph";           // prefix of element ids (unique per page); also a class of the <svg>
  double width = 640;
  double height = 480;
  double font = 13;                   // label size in drawing units (graph.css scales it per screen)
  bool labels = true;                 // draw ids beside the nodes
  bool filterable = false;            // mark each edge with the kinds of its ends (f-lit t-note), for graph.js
};

class SiteContext;

// The subgraph induced by `vertices`, at `points` (parallel to it: Graph::layout of the same list);
// `edge_legend`, when given, gets the legend's items for the kinds of edge drawn (edge_legend_html).
std::string graph_svg(const SiteContext& context, const std::vector<std::size_t>& vertices, const std::vector<graph::Point>& points,
                      const SvgOptions& options, std::string* edge_legend = nullptr);

}  // namespace anth::render::site
