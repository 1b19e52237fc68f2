#include "render/site/graph_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <unordered_map>

#include "render/site/html.h"
#include "render/site/site_context.h"

namespace anth::site {

namespace {

// One decimal, as "%.1f" writes it for the coordinates a drawing has.
std::string num(double v) {
  long tenths = std::lround(v * 10);
  std::string out = tenths < 0 ? "-" : "";
  tenths = std::labs(tenths);
  out += std::to_string(tenths / 10);
  out += '.';
  out += static_cast<char>('0' + tenths % 10);
  return out;
}

}  // namespace

std::string graph_svg(const Graph& graph, const std::vector<std::size_t>& vertices, const std::vector<Point>& points,
                      const SvgOptions& o) {
  const double w = o.width, h = o.height, pad = o.labels ? 36 : 14;
  std::unordered_map<std::size_t, std::size_t> slot;
  for (std::size_t i = 0; i < vertices.size() && i < points.size(); ++i) slot.emplace(vertices[i], i);
  auto at = [&](std::size_t i) {
    return std::pair(pad + points[i].x * (w - 2 * pad), pad + points[i].y * (h - 2 * pad));
  };
  const double radius = vertices.size() > 300 ? 3.5 : 7;

  std::string svg = "<svg class=\"graph\" viewBox=\"0 0 " + num(w) + " " + num(h) +
                    "\" role=\"group\" aria-labelledby=\"" + o.id + "-title\">\n<title id=\"" + o.id + "-title\">" +
                    escape_html(o.title) + "</title>\n";
  svg += "<defs><marker id=\"" + o.id + "-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" class=\"arrow\"/></marker></defs>\n";

  // Edges: one line per ordered pair, typed relations drawn solid and mentions dashed.
  std::set<std::pair<std::size_t, std::size_t>> drawn;
  std::string edges;
  for (std::size_t i = 0; i < vertices.size() && i < points.size(); ++i) {
    std::vector<Edge> out = graph.out_edges(vertices[i]);
    std::stable_sort(out.begin(), out.end(), [](const Edge& a, const Edge& b) {
      return (a.relation->kind == "mentions") < (b.relation->kind == "mentions");
    });
    for (const Edge& e : out) {
      auto it = slot.find(e.to);
      if (it == slot.end() || it->second == i || !drawn.insert({i, it->second}).second) continue;
      auto [x1, y1] = at(i);
      auto [x2, y2] = at(it->second);
      double dx = x2 - x1, dy = y2 - y1, len = std::sqrt(dx * dx + dy * dy);
      if (len < 1e-6) continue;
      double r2 = radius + (o.focus && e.to == *o.focus ? 4 : 0) + 1.5;
      double ex = x2 - dx / len * r2, ey = y2 - dy / len * r2;
      bool mention = e.relation->kind == "mentions";
      edges += "<line class=\"edge" + std::string(mention ? " mention" : "") + "\" x1=\"" + num(x1) + "\" y1=\"" + num(y1) +
               "\" x2=\"" + num(ex) + "\" y2=\"" + num(ey) + "\" marker-end=\"url(#" + o.id + "-arrow)\"/>\n";
    }
  }
  svg += "<g class=\"edges\">\n" + edges + "</g>\n<g class=\"nodes\">\n";

  for (std::size_t i = 0; i < vertices.size() && i < points.size(); ++i) {
    const Note& n = graph.note(vertices[i]);
    auto [x, y] = at(i);
    bool focus = o.focus && *o.focus == vertices[i];
    std::string label = n.kind == Kind::Term && !n.title.empty() ? n.title
                                                                 : n.id + (n.title.empty() ? "" : " \u2014 " + n.title);
    svg += "<a href=\"" + escape_html(o.root + node_file(n.id)) + "\" class=\"node kind-" + SiteContext::kind_class(n) +
           (focus ? " focus" : "") + "\"><title>" + escape_html(label) + "</title><circle cx=\"" + num(x) + "\" cy=\"" +
           num(y) + "\" r=\"" + num(focus ? radius + 4 : radius) + "\"/>";
    if (o.labels) {
      bool left = points[i].x > 0.8;
      svg += "<text x=\"" + num(left ? x - radius - 3 : x + radius + 3) + "\" y=\"" + num(y + 4) + "\"" +
             (left ? " text-anchor=\"end\"" : "") + ">" + escape_html(n.id) + "</text>";
    }
    svg += "</a>\n";
  }
  svg += "</g>\n</svg>";
  return svg;
}

}  // namespace anth::site
