// CSL-JSON items as papers (imported_paper.h): Zotero's and Better BibTeX's exports.
#include <nlohmann/json.hpp>

#include "core/util/case_fold.h"
#include "core/util/text.h"
#include "ingest/imported_paper.h"

namespace anth::ingest {

namespace {

using json = nlohmann::json;

std::string text_of(const json& item, const char* name) {
  auto it = item.find(name);
  if (it == item.end()) return {};
  if (it->is_string()) return std::string(util::trim(it->get<std::string>()));
  if (it->is_number_integer()) return std::to_string(it->get<long long>());
  return {};
}

// {"literal"} whole (a corporate author); else "given [particles] family [suffix]".
std::string name_of(const json& n) {
  if (!n.is_object()) return {};
  if (std::string literal = text_of(n, "literal"); !literal.empty()) return literal;
  std::string out;
  for (const char* part : {"given", "dropping-particle", "non-dropping-particle", "family", "suffix"})
    if (std::string p = text_of(n, part); !p.empty()) out += (out.empty() ? "" : " ") + p;
  return out;
}

int issued_year(const json& item) {
  auto it = item.find("issued");
  if (it == item.end() || !it->is_object()) return 0;
  auto parts = it->find("date-parts");
  if (parts != it->end() && parts->is_array() && !parts->empty() && (*parts)[0].is_array() && !(*parts)[0].empty()) {
    const json& y = (*parts)[0][0];
    if (y.is_number_integer()) return y.get<int>();
    if (y.is_string()) return year_in(y.get<std::string>());
  }
  for (const char* other : {"raw", "literal"})
    if (int y = year_in(text_of(*it, other))) return y;
  return 0;
}

ImportedPaper paper_of(const json& item, int line) {
  ImportedPaper p;
  p.key = text_of(item, "id");
  p.line = line;
  p.title = text_of(item, "title");
  if (auto authors = item.find("author"); authors != item.end() && authors->is_array())
    for (const json& a : *authors)
      if (std::string name = name_of(a); !name.empty()) p.authors.push_back(name);
  p.year = issued_year(item);
  for (const char* name : {"container-title", "event-title", "collection-title", "publisher"})
    if (p.venue.empty()) p.venue = text_of(item, name);
  if (util::fold_case(p.venue).find("arxiv") != std::string::npos) p.venue = "arXiv preprint";
  p.doi = bare_doi(text_of(item, "DOI"));
  p.url = text_of(item, "URL");
  for (const char* name : {"number", "archive_location", "URL", "DOI", "note", "container-title"})
    if (p.arxiv.empty()) p.arxiv = arxiv_id_in(text_of(item, name));
  return p;
}

// The line of each item of a top-level array (the '{' of each object at depth 1), for the report.
std::vector<int> item_lines(std::string_view text) {
  std::vector<int> lines;
  int line = 1, depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') ++line;
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') {
      if (c == '{' && depth == 1) lines.push_back(line);
      ++depth;
    } else if (c == '}' || c == ']') --depth;
  }
  return lines;
}

int line_at(std::string_view text, std::size_t byte) {
  int line = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

}  // namespace

ImportBatch papers_from_csl_json(std::string_view text) {
  ImportBatch batch;
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    batch.errors.push_back({line_at(text, e.byte > 0 ? e.byte - 1 : 0), "not valid JSON; nothing imported"});
    return batch;
  }
  const json* items = &doc;
  std::vector<int> lines;
  if (doc.is_object() && doc.contains("items")) items = &doc["items"];
  else lines = item_lines(text);
  if (!items->is_array()) {
    batch.errors.push_back({1, "expected an array of CSL items; nothing imported"});
    return batch;
  }
  for (std::size_t i = 0; i < items->size(); ++i) {
    int line = i < lines.size() ? lines[i] : 1;
    const json& item = (*items)[i];
    std::string where = "item " + std::to_string(i + 1);
    if (!item.is_object()) batch.errors.push_back({line, where + " is not an object; skipped"});
    else if (ImportedPaper p = paper_of(item, line); p.title.empty())
      batch.errors.push_back({line, where + " ('" + p.key + "') has no title; skipped"});
    else batch.papers.push_back(std::move(p));
  }
  return batch;
}

}  // namespace anth::ingest
