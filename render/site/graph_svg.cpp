#include "render/site/graph_svg.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

#include "render/site/edge_kinds.h"
#include "render/site/graph_placement.h"
#include "render/site/html.h"
#include "render/site/site_context.h"

namespace anth::render::site {

namespace {

using namespace std::string_view_literals;

constexpr double node_radius = 6;    // drawing units; graph.css draws the dots at these radii
constexpr double focus_radius = 10;  // the page's own node
constexpr std::size_t label_chars = 12;  // longer ids end in an ellipsis (the <title> has them whole)

// Whole units: a drawing is a few hundred units across, so a unit is under a pixel on any screen.
void append_num(std::string& out, double v) { out += std::to_string(std::lround(v)); }

// One drawing: where each vertex sits, its label, and the two layers (edges, then nodes over them).
class Drawing {
 public:
  Drawing(const SiteContext& ctx, const std::vector<std::size_t>& vertices, const std::vector<graph::Point>& points, const SvgOptions& o)
      : ctx_(ctx), vertices_(vertices), o_(o), count_(std::min(vertices.size(), points.size())) {
    slots_.reserve(count_);
    for (std::size_t i = 0; i < count_; ++i) slots_.emplace_back(vertices[i], i);
    std::sort(slots_.begin(), slots_.end());
    std::vector<Spot> unit(count_);
    for (std::size_t i = 0; i < count_; ++i) unit[i] = {points[i].x, points[i].y};
    const double pad = focus_radius + 4;
    at_ = spread_on_canvas(unit, o.width, o.height, pad);
    if (o.labels && count_ <= 600) keep_apart(at_, o.font * 1.8, o.width, o.height, pad);
    if (o.labels) place();
  }

  // The kinds of edge drawn, a bit each (1 << kind): what the legend lists.
  std::uint32_t kinds_drawn() const { return kinds_drawn_; }

  std::string svg() {
    std::string svg;
    svg.reserve(512 + count_ * 300);
    svg += "<svg class=\"graph " + o_.id + "\" viewBox=\"0 0 ";
    append_num(svg, o_.width);
    svg += ' ';
    append_num(svg, o_.height);
    svg += "\" font-size=\"";
    append_num(svg, o_.font);
    svg += "\" role=\"group\" aria-labelledby=\"" + o_.id + "-title\">\n<title id=\"" + o_.id + "-title\">" + util::escape_html(o_.title) + "</title>\n";
    svg += "<defs><marker id=\"" + o_.id + "-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\"/></marker></defs>\n";
    svg += "<g class=\"view\">\n"sv;
    // One group per kind of edge drawn, each styled by its class (graph.css); mentions first, so that
    // the typed relations are drawn over them.
    std::vector<std::string> groups(edge_kind_count());
    edges(groups);
    for (bool mention : {true, false})
      for (EdgeKind k = 0; k < groups.size(); ++k) {
        if (groups[k].empty() || (k == edge_kind("mentions")) != mention) continue;
        svg += mention ? "<g class=\"men "sv : "<g class=\"rel "sv;
        svg += edge_class(k);
        svg += "\">\n"sv;
        svg += groups[k];
        svg += "</g>\n"sv;
      }
    // The nodes in drawing order, each run of one kind in a group that carries the kind's class
    // (its colour, graph.css; graph.html's filters hide it): the class is not repeated on every node.
    svg += "<g class=\"nodes\">\n"sv;
    std::string_view run;
    for (std::size_t i = 0; i < count_; ++i) {
      std::string_view kind = SiteContext::kind_class(ctx_.graph().note(vertices_[i]));
      if (i == 0 || kind != run) {
        svg += i == 0 ? "<g class=\"kind-"sv : "</g>\n<g class=\"kind-"sv;
        svg += kind;
        svg += "\">"sv;
        run = kind;
      }
      node(i, svg);
    }
    svg += count_ ? "</g>\n</g>\n</g>\n</svg>"sv : "</g>\n</g>\n</svg>"sv;
    return svg;
  }

 private:
  bool is_focus(std::size_t v) const { return o_.focus && *o_.focus == v; }
  double radius(std::size_t v) const { return is_focus(v) ? focus_radius : node_radius; }

  // Labels: the page's own node first, then the best connected within the drawing (ties in drawing
  // order). Only what is drawn counts, so a page's key (its nodes and the edges among them) covers it.
  void place() {
    std::vector<LabelSpec> specs(count_);
    std::vector<std::size_t> order(count_), degree(count_, 0);
    for (std::size_t i = 0; i < count_; ++i) {
      std::size_t v = vertices_[i];
      specs[i] = {shorten_label(ctx_.graph().note(v).id, label_chars), radius(v), is_focus(v)};
      order[i] = i;
      for (const OutEdge& e : ctx_.adjacency().out(v))
        if (auto j = slot_of(e.to)) ++degree[i], ++degree[*j];
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      bool fa = is_focus(vertices_[a]), fb = is_focus(vertices_[b]);
      if (fa != fb) return fa;
      return degree[a] > degree[b];
    });
    labels_ = place_labels(at_, specs, order, o_.width, o_.height, o_.font);
    texts_.resize(count_);
    for (std::size_t i = 0; i < count_; ++i) texts_[i] = std::move(specs[i].text);
  }

  // The slot of each vertex (its first, should one repeat), found by binary search.
  std::optional<std::size_t> slot_of(std::size_t v) const {
    auto it = std::lower_bound(slots_.begin(), slots_.end(), std::pair<std::size_t, std::size_t>(v, 0));
    if (it == slots_.end() || it->first != v) return std::nullopt;
    return it->second;
  }

  // One path per ordered pair, of the pair's first kind in schema order (a typed relation before a
  // mention), into the group of that kind; each ends at the rim of its target, where graph.css puts
  // the arrow head.
  void edges(std::vector<std::string>& groups) {
    std::vector<std::size_t> seen(count_, count_);  // the last i whose edges reached each slot
    std::vector<EdgeKind> best(count_);
    std::vector<std::size_t> targets;
    const EdgeKind mentions = edge_kind("mentions");
    auto rank = [&](EdgeKind k) { return k == mentions ? 255 : k; };
    for (std::size_t i = 0; i < count_; ++i) {
      targets.clear();
      for (const OutEdge& e : ctx_.adjacency().out(vertices_[i])) {
        auto j = slot_of(e.to);
        if (!j || *j == i) continue;
        if (seen[*j] != i) {
          seen[*j] = i;
          best[*j] = e.kind;
          targets.push_back(*j);
        } else if (rank(e.kind) < rank(best[*j])) {
          best[*j] = e.kind;
        }
      }
      for (std::size_t j : targets) {
        path(i, j, groups[best[j]]);
        kinds_drawn_ |= 1u << best[j];
      }
    }
  }

  void path(std::size_t i, std::size_t j, std::string& out) const {
    Spot a = at_[i], b = at_[j];
    double dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1e-6) return;
    double r2 = radius(vertices_[j]) + 1.5;
    out += "<path "sv;
    if (o_.filterable) {
      out += "class=\"f-"sv;
      out += SiteContext::kind_class(ctx_.graph().note(vertices_[i]));
      out += " t-"sv;
      out += SiteContext::kind_class(ctx_.graph().note(vertices_[j]));
      out += "\" "sv;
    }
    // From the source, then relative to it (fewer digits), in the whole units append_num writes.
    long x0 = std::lround(a.x), y0 = std::lround(a.y);
    out += "d=\"M"sv;
    out += std::to_string(x0);
    out += ' ';
    out += std::to_string(y0);
    out += 'l';
    out += std::to_string(std::lround(b.x - dx / len * r2) - x0);
    out += ' ';
    out += std::to_string(std::lround(b.y - dy / len * r2) - y0);
    out += "\"/>"sv;
  }

  // A vertex: a link to its page, named by its <title>; a transparent touch target and its dot (two
  // circles without attributes, which graph.css sizes: they are on every node of every page), and its
  // label. Its kind's class is on the group around it (svg()).
  void node(std::size_t i, std::string& svg) const {
    std::size_t v = vertices_[i];
    bool focus = is_focus(v);
    svg += "<a href=\""sv;
    if (!o_.root.empty()) append_escaped_html(svg, o_.root);
    util::append_escaped_html(svg, ctx_.file(v));
    svg += focus ? "\" class=\"focus\" aria-current=\"page\" transform=\"translate("sv : "\" transform=\"translate("sv;
    append_num(svg, at_[i].x);
    svg += ' ';
    append_num(svg, at_[i].y);
    svg += ")\"><title>"sv;
    util::append_escaped_html(svg, ctx_.label(v));
    svg += focus ? " (this page)</title><circle/><circle/>"sv : "</title><circle/><circle/>"sv;
    if (i < labels_.size() && labels_[i].shown) {
      const PlacedLabel& l = labels_[i];
      svg += "<text"sv;
      if (std::lround(l.dx) != 0) {
        svg += " x=\""sv;
        append_num(svg, l.dx);
        svg += '"';
      }
      if (std::lround(l.dy) != 0) {
        svg += " y=\""sv;
        append_num(svg, l.dy);
        svg += '"';
      }
      if (l.anchor != Anchor::start) svg += l.anchor == Anchor::end ? " class=\"e\""sv : " class=\"m\""sv;
      svg += '>';
      util::append_escaped_html(svg, texts_[i]);
      svg += "</text>"sv;
    }
    svg += "</a>"sv;
  }

  const SiteContext& ctx_;
  const std::vector<std::size_t>& vertices_;
  const SvgOptions& o_;
  const std::size_t count_;
  std::vector<std::pair<std::size_t, std::size_t>> slots_;
  std::vector<Spot> at_;
  std::vector<PlacedLabel> labels_;
  std::vector<std::string> texts_;
  std::uint32_t kinds_drawn_ = 0;
};

}  // namespace

std::string graph_svg(const SiteContext& ctx, const std::vector<std::size_t>& vertices, const std::vector<graph::Point>& points,
                      const SvgOptions& o, std::string* edge_legend) {
  Drawing drawing(ctx, vertices, points, o);
  std::string svg = drawing.svg();
  if (edge_legend) *edge_legend = edge_legend_html(drawing.kinds_drawn());
  return svg;
}

}  // namespace anth::render::site
