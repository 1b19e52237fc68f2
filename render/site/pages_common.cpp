// The frame of every page and the small formatting helpers the pages share.
#include <algorithm>

#include "render/site/html.h"
#include "render/site/pages.h"

namespace anth::render::site {

namespace {

// A menu entry; one that lists a kind shows only where the site lists it (SiteContext::lists), and
// Kernels only where it links its kernels page.
enum class Shown { always, kind, kernels };
struct NavEntry {
  const char* key;
  const char* label;
  const char* href;
  Shown shown = Shown::always;
  Kind kind = Kind::Page;
};

constexpr NavEntry nav_entries[] = {
    {"practices", "Practices", "practices.html", Shown::kind, Kind::Sota},
    {"papers", "Papers", "papers.html", Shown::kind, Kind::Lit},
    {"readings", "Readings", "readings.html", Shown::kind, Kind::Note},
    {"theories", "Theories", "theories.html", Shown::kind, Kind::Theory},
    {"glossary", "Glossary", "glossary.html", Shown::kind, Kind::Term},
    {"pages", "Pages", "pages.html", Shown::kind, Kind::Page},
    {"tags", "Tags", "tags.html"},
    {"graph", "Graph", "graph.html"},
    {"kernels", "Kernels", "kernels.html", Shown::kernels},
    {"provenance", "Provenance", "provenance.html"},
};

bool in_menu(const NavEntry& e, const SiteContext& ctx) {
  switch (e.shown) {
    case Shown::always: return true;
    case Shown::kind: return ctx.lists(e.kind);
    case Shown::kernels: return ctx.lists_kernels();
  }
  return true;
}

}  // namespace

std::string authors_short(const std::vector<std::string>& authors) {
  if (authors.empty()) return "";
  if (authors.size() == 1) return authors[0];
  if (authors.size() == 2) return authors[0] + " and " + authors[1];
  return authors[0] + " et al.";
}

std::string authors_full(const std::vector<std::string>& authors) {
  std::string out;
  for (std::size_t i = 0; i < authors.size(); ++i) {
    if (i > 0) out += i + 1 == authors.size() ? " and " : ", ";
    out += authors[i];
  }
  return out;
}

std::string reading_time(int words) {
  int minutes = std::max(1, (std::max(0, words) + 199) / 200);
  return std::to_string(minutes) + " min read";
}

std::string shortened(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return std::string(text);
  std::size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  std::size_t space = text.rfind(' ', cut);
  if (space != std::string_view::npos && space > limit / 2) cut = space;
  return std::string(text.substr(0, cut)) + "\u2026";
}

std::string incoming_label(std::string_view kind) {
  // Where the seeds' form reads badly, the relation's own inverse.
  if (kind == "cites") return "Cited by";
  if (kind == "contested_by") return "Contests";
  if (kind == "supersedes") return "Superseded by";
  if (kind == "declines_origin_of") return "Origin declined by";
  std::string words(kind);
  std::replace(words.begin(), words.end(), '_', ' ');
  return "Cited as \u201c" + words + "\u201d by";
}

std::string outgoing_label(std::string_view kind) {
  std::string words(kind);
  std::replace(words.begin(), words.end(), '_', ' ');
  return capitalize(words);
}

std::string Pages::listing_file(Kind kind) {
  switch (kind) {
    case Kind::Lit: return "papers.html";
    case Kind::Note: return "readings.html";
    case Kind::Sota: return "practices.html";
    case Kind::Theory: return "theories.html";
    case Kind::Term: return "glossary.html";
    case Kind::Page: return "pages.html";
  }
  return "index.html";
}

std::string Pages::listing_title(Kind kind) {
  switch (kind) {
    case Kind::Lit: return "Papers";
    case Kind::Note: return "Readings";
    case Kind::Sota: return "Practices";
    case Kind::Theory: return "Theories";
    case Kind::Term: return "Glossary";
    case Kind::Page: return "Pages";
  }
  return "";
}

std::string Pages::wrap(const Frame& frame, const std::string& content_html) const {
  TemplateValue nav = TemplateValue::list();
  for (const NavEntry& e : nav_entries)
    if (in_menu(e, ctx_))
      nav.push(TemplateValue::object().set("label", e.label).set("href", frame.root + e.href).set("current", frame.current == e.key));
  TemplateValue scripts = TemplateValue::list();
  scripts.push(TemplateValue::object().set("src", frame.root + "site.js"));
  for (const std::string& s : frame.scripts) scripts.push(TemplateValue::object().set("src", frame.root + s));
  TemplateValue styles = TemplateValue::list();
  for (const std::string& s : frame.styles) styles.push(TemplateValue::object().set("href", frame.root + s));
  const std::string& site = ctx_.options().site_title;
  TemplateValue data = TemplateValue::object();
  data.set("page_title", frame.title.empty() ? site : frame.title + " \u00b7 " + site)
      .set("site_title", TemplateValue::borrow(site))
      .set("root", frame.root)
      .set("home_href", frame.root + "index.html")
      .set("search_href", frame.root + "search.html")
      .set("style_href", frame.root + "style.css")
      .set("nav", std::move(nav))
      .set("scripts", std::move(scripts))
      .set("styles", std::move(styles))
      .set("body_class", frame.body_class)
      .set("header_search", frame.header_search)
      .set("node_count", ctx_.graph().vertex_count())
      .set("edge_count", ctx_.graph().edge_count())
      .set("version", ANTHOLOGY_VERSION)
      .set("content_html", TemplateValue::borrow(content_html));
  std::string page;
  page.reserve(content_html.size() + 4096);
  t_.render("layout", data, page);
  return page;
}

TemplateValue Pages::ref(std::size_t v, const std::string& root) const {
  const Note& n = ctx_.graph().note(v);
  return TemplateValue::object()
      .set("id", TemplateValue::borrow(n.id))
      .set("title", TemplateValue::borrow(n.title))
      .set("label", TemplateValue::borrow(ctx_.label(v)))
      .set("href", root.empty() ? TemplateValue::borrow(ctx_.file(v)) : TemplateValue(root + ctx_.file(v)))
      .set("kind", n.kind ? kind_name(*n.kind) : "?")
      .set("kind_class", TemplateValue::borrow(SiteContext::kind_class(n)))
      .set("unresolved", false)
      .set("written", false);
}

TemplateValue Pages::term_ref(std::size_t v, const std::string& root) const {
  TemplateValue r = ref(v, root);
  r.set("is_term", ctx_.glossary().find(ctx_.graph().note(v).id) != nullptr);
  r.set("name", TemplateValue::borrow(ctx_.label(v)));  // a TERM's label is its name
  return r;
}

}  // namespace anth::render::site
