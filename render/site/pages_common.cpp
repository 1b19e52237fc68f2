// The frame of every page and the small formatting helpers the pages share.
#include <algorithm>

#include "render/site/html.h"
#include "render/site/pages.h"

namespace anth::site {

namespace {

struct NavEntry {
  const char* key;
  const char* label;
  const char* href;
};

constexpr NavEntry nav_entries[] = {
    {"practices", "Practices", "practices.html"}, {"papers", "Papers", "papers.html"},
    {"readings", "Readings", "readings.html"},    {"theories", "Theories", "theories.html"},
    {"glossary", "Glossary", "glossary.html"},    {"tags", "Tags", "tags.html"},
    {"graph", "Graph", "graph.html"},             {"kernels", "Kernels", "kernels.html"},
    {"provenance", "Provenance", "provenance.html"},
};

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
  }
  return "";
}

std::string Pages::wrap(const Frame& frame, const std::string& content_html) const {
  nlohmann::json nav = nlohmann::json::array();
  for (const NavEntry& e : nav_entries)
    nav.push_back({{"label", e.label}, {"href", frame.root + e.href}, {"current", frame.current == e.key}});
  nlohmann::json scripts = nlohmann::json::array();
  scripts.push_back({{"src", frame.root + "site.js"}});
  for (const std::string& s : frame.scripts) scripts.push_back({{"src", frame.root + s}});
  const std::string& site = ctx_.options().site_title;
  nlohmann::json data = {
      {"page_title", frame.title.empty() ? site : frame.title + " \u00b7 " + site},
      {"site_title", site},
      {"root", frame.root},
      {"home_href", frame.root + "index.html"},
      {"search_href", frame.root + "search.html"},
      {"style_href", frame.root + "style.css"},
      {"nav", nav},
      {"scripts", scripts},
      {"body_class", frame.body_class},
      {"header_search", frame.header_search},
      {"node_count", ctx_.graph().vertex_count()},
      {"edge_count", ctx_.graph().edge_count()},
      {"version", ANTHOLOGY_VERSION},
      {"content_html", content_html},
  };
  return t_.render("layout", data);
}

nlohmann::json Pages::ref(std::size_t v, const std::string& root) const {
  const Note& n = ctx_.graph().note(v);
  // A glossary term is known by its name; every other node by its id and title.
  std::string label = n.kind == Kind::Term && !n.title.empty() ? n.title
                                                               : n.id + (n.title.empty() ? "" : " \u2014 " + n.title);
  return {{"id", n.id},
          {"title", n.title},
          {"label", label},
          {"href", root + node_file(n.id)},
          {"kind", n.kind ? kind_name(*n.kind) : "?"},
          {"kind_class", SiteContext::kind_class(n)},
          {"unresolved", false},
          {"written", ""}};
}

nlohmann::json Pages::term_ref(std::size_t v, const std::string& tip_id, const std::string& root) const {
  const Note& n = ctx_.graph().note(v);
  nlohmann::json r = ref(v, root);
  const GlossaryTerm* term = ctx_.glossary().find(n.id);
  r["hover"] = term ? term->hover() : r["label"].get<std::string>();
  r["tip_id"] = tip_id;
  r["is_term"] = term != nullptr;
  r["name"] = n.kind == Kind::Term ? (n.title.empty() ? n.id : n.title) : r["label"].get<std::string>();
  return r;
}

}  // namespace anth::site
