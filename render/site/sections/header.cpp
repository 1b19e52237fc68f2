// The header of a node's page: kind badge, id, status, title, a TERM's other names, the reading time;
// and the page's frame (its title, navigation mark and body class).
#include "core/util/hasher.h"
#include "render/site/html.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const Note& n = pages.context().graph().note(v);
  const bool term = n.kind == Kind::Term;
  const bool by_name = term || n.kind == Kind::Page;  // its heading and tab show no id
  const std::string& title = n.title.empty() ? n.id : n.title;
  TemplateValue aliases = TemplateValue::list();
  for (const std::string& a : n.aliases) aliases.push(TemplateValue::borrow(a));
  page.data.set("id", TemplateValue::borrow(n.id))
      .set("title", TemplateValue::borrow(title))
      .set("kind", n.kind ? kind_name(*n.kind) : "?")
      .set("kind_class", TemplateValue::borrow(SiteContext::kind_class(n)))
      .set("listing_href", n.kind ? Pages::listing_file(*n.kind) : "index.html")
      .set("listing_title", n.kind ? Pages::listing_title(*n.kind) : "Home")
      .set("status", TemplateValue::borrow(n.status))
      .set("status_class", util::slugify(n.status))
      .set("reading_time", reading_time(n.word_count))
      .set("aliases", std::move(aliases))
      .set("is_term", term)
      .set("by_name", by_name);
  page.frame.title = by_name ? title : n.id + ": " + title;
  page.frame.current = n.kind ? Pages::listing_file(*n.kind).substr(0, Pages::listing_file(*n.kind).size() - 5) : "";
  page.frame.body_class = "page-node kind-" + std::string(SiteContext::kind_class(n));
}

void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const Note& n = keys.context().graph().note(v);
  h.text(n.id).text(n.title).number(n.kind ? static_cast<int>(*n.kind) : -1).text(n.status).number(n.word_count);
  h.number(n.aliases.size());
  for (const std::string& a : n.aliases) h.text(a);
}

const NodeSectionRegistration registered{{"header", 10, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
