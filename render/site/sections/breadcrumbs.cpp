// Breadcrumbs above a node's title: Home, the kind's listing, the folders the note's file is in
// (text: folders have no page), then the node's id.
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::site::sections {

namespace {

// The folders of a corpus-relative path ("lit/a/LIT-1.md": "lit", "a").
TemplateValue folders(std::string_view path) {
  TemplateValue out = TemplateValue::list();
  std::size_t start = 0;
  for (std::size_t slash = path.find('/'); slash != std::string_view::npos; slash = path.find('/', start)) {
    if (slash > start) out.push(TemplateValue::borrow(path.substr(start, slash - start)));
    start = slash + 1;
  }
  return out;
}

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const Note& n = pages.context().graph().note(v);
  page.data.set("crumbs", TemplateValue::object()
                              .set("home_href", "index.html")
                              .set("listing_href", n.kind ? Pages::listing_file(*n.kind) : "index.html")
                              .set("listing", n.kind ? Pages::listing_title(*n.kind) : "Home")
                              .set("folders", folders(n.path))
                              .set("id", TemplateValue::borrow(n.id)));
}

void key(const PageKeys& keys, std::size_t v, Hasher& h) {
  const Note& n = keys.context().graph().note(v);
  h.text(n.path).text(n.id).number(n.kind ? static_cast<int>(*n.kind) : -1);
}

const NodeSectionRegistration registered{{"breadcrumbs", 5, render, key}};

}  // namespace

}  // namespace anth::site::sections
