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

// One drawing: where each vertex sits, and its two layers (edges, then nodes over them).
class Drawing {
 public:
  Drawing(const SiteContext& ctx, const std::vector<std::size_t>& vertices, const std::vector<Point>& points, const SvgOptions& o)
      : ctx_(ctx), vertices_(vertices), points_(points), o_(o), pad_(o.labels ? 36 : 14),
        count_(std::min(vertices.size(), points.size())), radius_(vertices.size() > 300 ? 3.5 : 7) {
    slots_.reserve(count_);
    for (std::size_t i = 0; i < count_; ++i) slots_.emplace_back(vertices[i], i);
    std::sort(slots_.begin(), slots_.end());
  }

  std::string svg() const {
    std::string svg;
    svg.reserve(512 + count_ * 400);
    svg += "<svg class=\"graph\" viewBox=\"0 0 " + num(o_.width) + " " + num(o_.height) + "\" role=\"group\" aria-labelledby=\"" + o_.id +
           "-title\">\n<title id=\"" + o_.id + "-title\">" + escape_html(o_.title) + "</title>\n";
    svg += "<defs><marker id=\"" + o_.id + "-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" class=\"arrow\"/></marker></defs>\n";
    svg += "<g class=\"edges\">\n"sv;
    edges(svg);
    svg += "</g>\n<g class=\"nodes\">\n"sv;
    for (std::size_t i = 0; i < count_; ++i) node(i, svg);
    svg += "</g>\n</svg>"sv;
    return svg;
  }

 private:
  // The slot of each vertex (its first, should one repeat), found by binary search.
  std::optional<std::size_t> slot_of(std::size_t v) const {
    auto it = std::lower_bound(slots_.begin(), slots_.end(), std::pair<std::size_t, std::size_t>(v, 0));
    if (it == slots_.end() || it->first != v) return std::nullopt;
    return it->second;
  }
  std::pair<double, double> at(std::size_t i) const {
    return {pad_ + points_[i].x * (o_.width - 2 * pad_), pad_ + points_[i].y * (o_.height - 2 * pad_)};
  }

  // One line per ordered pair, typed relations first and drawn solid, mentions dashed.
  void edges(std::string& svg) const {
    const std::string marker = "\" marker-end=\"url(#" + o_.id + "-arrow)\"/>\n";
    std::vector<std::size_t> drawn_from(count_, count_);  // the last i that drew a line to each slot
    for (std::size_t i = 0; i < count_; ++i)
      for (bool mentions : {false, true})
        for (const OutEdge& e : ctx_.adjacency().out(vertices_[i])) {
          if (e.mention != mentions) continue;
          auto j = slot_of(e.to);
          if (!j || *j == i || drawn_from[*j] == i) continue;
          drawn_from[*j] = i;
          auto [x1, y1] = at(i);
          auto [x2, y2] = at(*j);
          double dx = x2 - x1, dy = y2 - y1, len = std::sqrt(dx * dx + dy * dy);
          if (len < 1e-6) continue;
          double r2 = radius_ + (o_.focus && e.to == *o_.focus ? 4 : 0) + 1.5;
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

  // A vertex: a link to its page around a circle, its label as the link's title, its id beside it.
  void node(std::size_t i, std::string& svg) const {
    std::size_t v = vertices_[i];
    const Note& n = ctx_.graph().note(v);
    auto [x, y] = at(i);
    bool focus = o_.focus && *o_.focus == v;
    svg += "<a href=\""sv;
    if (!o_.root.empty()) append_escaped_html(svg, o_.root);
    append_escaped_html(svg, ctx_.file(v));
    svg += "\" class=\"node kind-"sv;
    svg += SiteContext::kind_class(n);
    svg += focus ? " focus\"><title>"sv : "\"><title>"sv;
    append_escaped_html(svg, ctx_.label(v));
    svg += "</title><circle cx=\""sv;
    append_num(svg, x);
    svg += "\" cy=\""sv;
    append_num(svg, y);
    svg += "\" r=\""sv;
    append_num(svg, focus ? radius_ + 4 : radius_);
    svg += "\"/>"sv;
    if (o_.labels) {
      bool left = points_[i].x > 0.8;
      svg += "<text x=\""sv;
      append_num(svg, left ? x - radius_ - 3 : x + radius_ + 3);
      svg += "\" y=\""sv;
      append_num(svg, y + 4);
      svg += left ? "\" text-anchor=\"end\">"sv : "\">"sv;
      append_escaped_html(svg, n.id);
      svg += "</text>"sv;
    }
    svg += "</a>\n"sv;
  }

  const SiteContext& ctx_;
  const std::vector<std::size_t>& vertices_;
  const std::vector<Point>& points_;
  const SvgOptions& o_;
  const double pad_;
  const std::size_t count_;
  const double radius_;
  std::vector<std::pair<std::size_t, std::size_t>> slots_;
};

}  // namespace

std::string graph_svg(const SiteContext& ctx, const std::vector<std::size_t>& vertices, const std::vector<Point>& points,
                      const SvgOptions& o) {
  return Drawing(ctx, vertices, points, o).svg();
}

}  // namespace anth::site
