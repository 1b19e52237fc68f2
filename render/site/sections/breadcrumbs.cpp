// Breadcrumbs above a node's title: Home, the kind's listing, the folders the note's file is in
// (text: folders have no page; a typed note's folder named after its kind is left out), then the
// node's id.
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

// Whether a folder is named after a kind ("sota", "lit", "notes", "terms"): the kind's listing crumb
// already says it.
bool names_kind(std::string_view folder, Kind kind) {
  if (parse_kind(folder) == kind) return true;
  return folder.size() > 1 && (folder.back() == 's' || folder.back() == 'S') &&
         parse_kind(folder.substr(0, folder.size() - 1)) == kind;
}

// The folders of a corpus-relative path ("lit/a/LIT-1.md": "lit", "a"), less a typed note's first
// folder when that is named after its kind ("sota/SOTA-1.md" shows Practices, not Practices › sota).
TemplateValue folders(std::string_view path, std::optional<Kind> typed) {
  TemplateValue out = TemplateValue::list();
  std::size_t start = 0;
  for (std::size_t slash = path.find('/'); slash != std::string_view::npos; slash = path.find('/', start)) {
    const std::string_view folder = path.substr(start, slash - start);
    if (slash > start && !(start == 0 && typed && names_kind(folder, *typed))) out.push(TemplateValue::borrow(folder));
    start = slash + 1;
  }
  return out;
}

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const Note& n = pages.context().graph().note(v);
  const bool named = n.kind == Kind::Page && !n.title.empty();  // a page is known by its title, not its derived id
  page.data.set("crumbs", TemplateValue::object()
                              .set("home_href", "index.html")
                              .set("listing_href", n.kind ? Pages::listing_file(*n.kind) : "index.html")
                              .set("listing", n.kind ? Pages::listing_title(*n.kind) : "Home")
                              .set("folders", folders(n.path, n.kind && is_typed(*n.kind) ? n.kind : std::nullopt))
                              .set("id", TemplateValue::borrow(named ? n.title : n.id))
                              .set("named", named));
}

void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const Note& n = keys.context().graph().note(v);
  h.text(n.path).text(n.id).text(n.title).number(n.kind ? static_cast<int>(*n.kind) : -1);
}

const NodeSectionRegistration registered{{"breadcrumbs", 5, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
