// `anthology export --format csl-json`: the papers as CSL-JSON items (bibliography.h), the format of
// Zotero, Pandoc's citeproc and Better BibTeX.
#include <nlohmann/json.hpp>

#include "render/exchange/bibliography.h"

namespace anth::render::exchange {

namespace {

using ordered_json = nlohmann::ordered_json;

// A name as CSL wants it: one word is a family name; several are "Given Family", split before the last
// word; "et al." is kept as a literal (CSL has no "others").
ordered_json csl_name(const std::string& name) {
  auto space = name.rfind(' ');
  if (name == "et al." || space == std::string::npos) return name == "et al." ? ordered_json{{"literal", name}} : ordered_json{{"family", name}};
  return ordered_json{{"family", name.substr(space + 1)}, {"given", name.substr(0, space)}};
}

ordered_json csl_item(const PaperRecord& p) {
  const Note& n = *p.note;
  ordered_json item;
  item["id"] = p.key;
  item["type"] = p.venue == VenueKind::Proceedings ? "paper-conference" : p.venue == VenueKind::Journal ? "article-journal" : "article";
  item["title"] = n.title;
  if (!n.authors.empty()) {
    item["author"] = ordered_json::array();
    for (const std::string& a : n.authors) item["author"].push_back(csl_name(a));
  }
  if (n.year > 0) item["issued"] = {{"date-parts", {{n.year}}}};
  if (!n.venue.empty()) item["container-title"] = n.venue;
  // Zotero's preprints carry their arXiv id as the item's number.
  if (!n.arxiv.empty()) item["number"] = "arXiv:" + n.arxiv;
  if (!n.doi.empty()) item["DOI"] = n.doi;
  if (!n.url.empty()) item["URL"] = n.url;
  std::string tags;
  for (const std::string& t : n.tags) tags += (tags.empty() ? "" : ", ") + t;
  if (!tags.empty()) item["keyword"] = tags;
  // CSL 1.0.2's home for data of no CSL variable.
  if (!p.extra.empty()) {
    item["custom"] = ordered_json::object();
    for (const auto& [key, value] : p.extra) item["custom"][key] = value;
  }
  return item;
}

}  // namespace

void write_csl_json(const graph::Graph& graph, std::ostream& out) {
  ordered_json items = ordered_json::array();
  for (const PaperRecord& p : paper_records(graph)) items.push_back(csl_item(p));
  out << items.dump(2, ' ', false, ordered_json::error_handler_t::replace) << "\n";
}

}  // namespace anth::render::exchange
