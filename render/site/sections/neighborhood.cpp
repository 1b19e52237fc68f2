// The Graph View: a drawing of the node's neighborhood, the nodes within two steps (at most
// neighborhood_cap, the least connected expanded first).
#include "core/util/hasher.h"
#include "render/site/graph_svg.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const SiteContext& ctx = pages.context();
  const graph::Graph& g = ctx.graph();
  std::vector<std::size_t> near = ctx.neighborhood(v, ctx.options().neighborhood_cap);
  SvgOptions o;
  o.focus = v;
  o.id = "nbh";
  // Sized for a phone's full width (about 360 px: labels of 13 units come out at 11.5 px or more);
  // graph.css gives it a larger canvas on wide screens.
  o.width = 400;
  o.height = near.size() > 16 ? 400 : 340;
  o.title = "The neighborhood of " + g.note(v).id + ": " + std::to_string(near.size()) + " nodes within two steps";
  std::string legend;
  page.data.set("graph_svg_html", graph_svg(ctx, near, ctx.layouts().layout(g, ctx.adjacency(), near), o, &legend));
  page.data.set("graph_edge_legend_html", std::move(legend));
  page.frame.styles.push_back("graph.css");
  page.frame.scripts.push_back("graph.js");
}

// Its members, and the edges among them with their kinds (which fix the layout and are drawn).
void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const SiteContext& ctx = keys.context();
  h.text(ctx.graph().note(v).id);
  std::vector<std::size_t> near = ctx.neighborhood(v, ctx.options().neighborhood_cap);
  // Each member's place in `near` + 1 by vertex (0: not a member), on this thread, cleared after use:
  // a page key is taken for every page, and a lookup by index costs less than a search.
  thread_local std::vector<std::uint32_t> place;
  if (place.size() < ctx.graph().vertex_count()) place.resize(ctx.graph().vertex_count(), 0);
  for (std::size_t i = near.size(); i-- > 0;) place[near[i]] = static_cast<std::uint32_t>(i + 1);
  for (std::size_t m : near) {
    h.number(keys.shown(m));
    for (const OutEdge& e : ctx.adjacency().out(m))
      if (std::uint32_t at = e.to < place.size() ? place[e.to] : 0) h.number(std::size_t{at - 1}).number(e.kind);
    h.text("");
  }
  for (std::size_t m : near) place[m] = 0;
}

const NodeSectionRegistration registered{{"neighborhood graph", 90, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
