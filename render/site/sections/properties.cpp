// The Properties table: the node's own fields and its typed relations both ways (Pages::properties).
#include <algorithm>

#include "core/model/schema.h"
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

// A note with nothing to list (a vault page with no frontmatter) shows no empty panel.
void render(const Pages& pages, std::size_t v, NodePage& page) {
  TemplateValue properties = pages.properties(v);
  const TemplateValue* rows = properties.get("rows");
  const bool any = rows && !rows->empty_list();
  page.data.set("properties", std::move(properties)).set("has_properties", any);
}

// The fields the table shows, each outgoing relation with what its target shows, each incoming one by
// its source (whose id orders the rows).
void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const SiteContext& ctx = keys.context();
  const graph::Graph& g = ctx.graph();
  const Note& n = g.note(v);
  h.number(n.kind ? static_cast<int>(*n.kind) : -1).text(n.status).number(n.version).number(n.field("version") != nullptr);
  h.number(n.tags.size());
  for (const std::string& t : n.tags) h.text(t);
  h.text(n.promote_when);
  if (n.kind == Kind::Page)  // its own frontmatter, shown as written
    for (const Field& f : n.fields) {
      h.text(f.key).number(f.items.size());
      for (const FieldValue& item : f.items) h.text(item.text);
      for (const std::string& k : f.keys) h.text(k);
    }
  for (const Relation& r : n.relations) {
    h.text(r.kind).text(r.written).text(r.to);
    if (auto w = r.to.empty() ? std::nullopt : ctx.vertex(r.to)) h.number(keys.shown(*w));
  }
  h.text("in");
  for (const graph::Edge& e : g.in_edges(v)) h.number(keys.shown(e.from)).text(e.relation->kind);
}

const NodeSectionRegistration registered{{"properties", 40, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
