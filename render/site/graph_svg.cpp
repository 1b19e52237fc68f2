#include "render/site/graph_svg.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

#include "render/site/html.h"
#include "render/site/site_context.h"

namespace anth::site {

namespace {

using namespace std::string_view_literals;

// One decimal, as "%.1f" writes it for the coordinates a drawing has.
void append_num(std::string& out, double v) {
  long tenths = std::lround(v * 10);
  if (tenths < 0) out += '-';
  unsigned long t = static_cast<unsigned long>(std::labs(tenths));
  char digits[24];
  char* end = digits + sizeof digits;
  char* p = end;
  *--p = static_cast<char>('0' + t % 10);
  *--p = '.';
  t /= 10;
  do *--p = static_cast<char>('0' + t % 10);
  while ((t /= 10) != 0);
  out.append(p, static_cast<std::size_t>(end - p));
}

std::string num(double v) {
  std::string out;
  append_num(out, v);
  return out;
}

}  // namespace

std::string graph_svg(const SiteContext& ctx, const std::vector<std::size_t>& vertices, const std::vector<Point>& points,
                      const SvgOptions& o) {
  const Graph& graph = ctx.graph();
  const double w = o.width, h = o.height, pad = o.labels ? 36 : 14;
  const std::size_t count = std::min(vertices.size(), points.size());
  // The slot of each vertex (its first, should one repeat), found by binary search.
  std::vector<std::pair<std::size_t, std::size_t>> slots;
  slots.reserve(count);
  for (std::size_t i = 0; i < count; ++i) slots.emplace_back(vertices[i], i);
  std::sort(slots.begin(), slots.end());
  auto slot_of = [&](std::size_t v) -> std::optional<std::size_t> {
    auto it = std::lower_bound(slots.begin(), slots.end(), std::pair<std::size_t, std::size_t>(v, 0));
    if (it == slots.end() || it->first != v) return std::nullopt;
    return it->second;
  };
  auto at = [&](std::size_t i) {
    return std::pair(pad + points[i].x * (w - 2 * pad), pad + points[i].y * (h - 2 * pad));
  };
  const double radius = vertices.size() > 300 ? 3.5 : 7;

  std::string svg;
  svg.reserve(512 + count * 400);
  svg += "<svg class=\"graph\" viewBox=\"0 0 " + num(w) + " " + num(h) + "\" role=\"group\" aria-labelledby=\"" + o.id +
         "-title\">\n<title id=\"" + o.id + "-title\">" + escape_html(o.title) + "</title>\n";
  svg += "<defs><marker id=\"" + o.id + "-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" class=\"arrow\"/></marker></defs>\n";

  // Edges: one line per ordered pair, typed relations first and drawn solid, mentions dashed.
  svg += "<g class=\"edges\">\n"sv;
  const std::string marker = "\" marker-end=\"url(#" + o.id + "-arrow)\"/>\n";
  std::vector<std::size_t> drawn_from(count, count);  // the last i that drew a line to each slot
  for (std::size_t i = 0; i < count; ++i) {
    for (bool mentions : {false, true})
      for (const OutEdge& e : ctx.adjacency().out(vertices[i])) {
        if (e.mention != mentions) continue;
        auto j = slot_of(e.to);
        if (!j || *j == i || drawn_from[*j] == i) continue;
        drawn_from[*j] = i;
        auto [x1, y1] = at(i);
        auto [x2, y2] = at(*j);
        double dx = x2 - x1, dy = y2 - y1, len = std::sqrt(dx * dx + dy * dy);
        if (len < 1e-6) continue;
        double r2 = radius + (o.focus && e.to == *o.focus ? 4 : 0) + 1.5;
        double ex = x2 - dx / len * r2, ey = y2 - dy / len * r2;
        svg += mentions ? "<line class=\"edge mention\" x1=\""sv : "<line class=\"edge\" x1=\""sv;
        append_num(svg, x1);
        svg += "\" y1=\""sv;
        append_num(svg, y1);
        svg += "\" x2=\""sv;
        append_num(svg, ex);
        svg += "\" y2=\""sv;
        append_num(svg, ey);
        svg += marker;
      }
  }
  svg += "</g>\n<g class=\"nodes\">\n"sv;

  for (std::size_t i = 0; i < count; ++i) {
    std::size_t v = vertices[i];
    const Note& n = graph.note(v);
    auto [x, y] = at(i);
    bool focus = o.focus && *o.focus == v;
    svg += "<a href=\""sv;
    if (o.root.empty()) {
      append_escaped_html(svg, ctx.file(v));
    } else {
      append_escaped_html(svg, o.root);
      append_escaped_html(svg, ctx.file(v));
    }
    svg += "\" class=\"node kind-"sv;
    svg += SiteContext::kind_class(n);
    svg += focus ? " focus\"><title>"sv : "\"><title>"sv;
    append_escaped_html(svg, ctx.label(v));
    svg += "</title><circle cx=\""sv;
    append_num(svg, x);
    svg += "\" cy=\""sv;
    append_num(svg, y);
    svg += "\" r=\""sv;
    append_num(svg, focus ? radius + 4 : radius);
    svg += "\"/>"sv;
    if (o.labels) {
      bool left = points[i].x > 0.8;
      svg += "<text x=\""sv;
      append_num(svg, left ? x - radius - 3 : x + radius + 3);
      svg += "\" y=\""sv;
      append_num(svg, y + 4);
      svg += left ? "\" text-anchor=\"end\">"sv : "\">"sv;
      append_escaped_html(svg, n.id);
      svg += "</text>"sv;
    }
    svg += "</a>\n"sv;
  }
  svg += "</g>\n</svg>"sv;
  return svg;
}

}  // namespace anth::site
