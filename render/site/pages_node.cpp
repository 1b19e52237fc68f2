// The page of one node: the registered sections (render/site/sections/, node_section.h) fill in the
// node template in order; the Properties table they show is built here.
#include "render/kernels/kernel_library.h"
#include "render/site/html.h"
#include "render/site/node_section.h"
#include "render/site/pages.h"
#include "render/site/kernel_result_view.h"
#include "render/site/properties_table.h"

namespace anth::render::site {

// The one builder of a node's properties (core/query/node_properties.h), as the page's table.
TemplateValue Pages::properties(std::size_t v) const {
  return properties_table(anth::query::node_properties(ctx_.graph(), ctx_.graph().note(v), anth::query::PropertiesFor::table),
                          [&](std::string_view id) -> std::optional<TemplateValue> {
                            if (auto w = ctx_.vertex(id)) return ref(*w);
                            return std::nullopt;
                          });
}

const index::StoredKernelResult* Pages::last_result(const Note& n) const { return ctx_.kernel_result(n.id); }

TemplateValue Pages::kernel_result(const Note& n) const {
  const index::StoredKernelResult* r = last_result(n);
  return kernel_result_view(r, r && result_is_current(n, *r));
}

std::string Pages::node_page(std::size_t v, SiteFiles& extra) const {
  TemplateValue data = TemplateValue::object();
  TemplateValue blocks = TemplateValue::list();
  Frame frame;
  NodePage page{data, frame, extra, blocks};
  for (const NodeSection& section : node_sections()) section.render(*this, v, page);
  data.set("blocks", std::move(blocks));
  const TemplateValue* body = data.get("body_html");
  const TemplateValue* svg = data.get("graph_svg_html");
  std::string content;
  content.reserve((body ? body->text().size() : 0) + (svg ? svg->text().size() : 0) + 8192);
  t_.render("node", data, content);
  return wrap(frame, content);
}

}  // namespace anth::render::site
