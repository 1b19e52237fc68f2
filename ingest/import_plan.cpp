// Matching imported papers against the corpus and writing each new one as a note (imported_paper.h).
#include <cctype>
#include <cstdio>
#include <map>
#include <regex>

#include "core/util/case_fold.h"
#include "ingest/imported_paper.h"

namespace anth::ingest {

int year_in(std::string_view text) {
  for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
    std::size_t end = i;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end - i == 4 && (i == 0 || !std::isdigit(static_cast<unsigned char>(text[i - 1]))))
      return std::stoi(std::string(text.substr(i, 4)));
    i = std::max(i, end);
  }
  return 0;
}

std::string bare_doi(std::string_view doi) {
  for (std::string_view prefix : {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"})
    if (util::fold_case(doi.substr(0, prefix.size())) == prefix) return std::string(doi.substr(prefix.size()));
  return std::string(doi);
}

std::string arxiv_id_in(std::string_view text) {
  // After "arxiv" comes ':' or '.', "preprint", another "arXiv:", or "arxiv.org/abs/" (or pdf/); then a
  // new-style (1607.06450) or old-style (hep-th/9901001) id; its version (v2) is dropped.
  static const std::regex id(R"(arxiv(?:\.org/(?:abs|pdf)/|[\s:.]*(?:preprint[\s:]*)?(?:arxiv[\s:.]*)?)(\d{4}\.\d{4,5}|[a-z][a-z.-]*/\d{7})(?:v\d+)?)",
                             std::regex::icase);
  std::match_results<std::string_view::const_iterator> m;
  if (!std::regex_search(text.begin(), text.end(), m, id)) return {};
  return m[1].str();
}

namespace {

std::string folded_title(std::string_view title) {
  std::string folded = util::fold_case(title), key;
  for (std::size_t i = 0; i < folded.size();) {
    std::size_t n = util::word_character_at(folded, i);
    if (n) key.append(folded, i, n);
    i += n ? n : 1;
  }
  return key;
}

// The first author's family name, folded, for telling apart works of the same title: the last word of
// "Given Family" (a "Jr" or "III" after it passed over) or what comes before the comma of "Family,
// Given"; empty when the paper names no author.
std::string first_family(const std::vector<std::string>& authors) {
  if (authors.empty() || authors[0] == "et al.") return {};
  std::string_view name = authors[0];
  name = name.substr(0, name.find(','));
  std::string family;
  for (std::size_t end = name.size(); end > 0 && family.empty();) {
    std::size_t begin = name.find_last_of(' ', end - 1);
    begin = begin == std::string_view::npos ? 0 : begin + 1;
    std::string word = folded_title(name.substr(begin, end - begin));
    if (word != "jr" && word != "sr" && word != "ii" && word != "iii" && word != "iv") family = word;
    end = begin == 0 ? 0 : begin - 1;
  }
  return family;
}

// What a title match needs to agree on too, or be unknown on one side, for the two to be one work.
struct TitleHolder {
  std::string who;  // "LIT-640" or "LIT-641 (from line 12)"
  int year = 0;
  std::string family;
  bool same_work(const ImportedPaper& p) const {
    std::string theirs = first_family(p.authors);
    return (!year || !p.year || year == p.year) && (family.empty() || theirs.empty() || family == theirs);
  }
};

struct Seen {
  std::map<std::string, std::string> doi, arxiv;  // key -> "LIT-640" or "LIT-641 (from line 12)"
  std::map<std::string, std::vector<TitleHolder>> title;
  void add(const ImportedPaper& p, const std::string& who) {
    if (!p.doi.empty()) doi.emplace(util::fold_case(p.doi), who);
    if (!p.arxiv.empty()) arxiv.emplace(p.arxiv, who);
    if (std::string t = folded_title(p.title); !t.empty()) title[t].push_back({who, p.year, first_family(p.authors)});
  }
  std::string duplicate(const ImportedPaper& p) const {
    if (auto it = doi.find(util::fold_case(p.doi)); !p.doi.empty() && it != doi.end()) return it->second + " has the same DOI " + p.doi;
    if (auto it = arxiv.find(p.arxiv); !p.arxiv.empty() && it != arxiv.end())
      return it->second + " has the same arXiv id " + p.arxiv;
    if (auto it = title.find(folded_title(p.title)); it != title.end())
      for (const TitleHolder& holder : it->second)
        if (holder.same_work(p)) return holder.who + " has the same title";
    return {};
  }
};

// What YAML 1.2 needs instead of the character at text[at] inside a double-quoted scalar, with the
// character's length in `n`; empty when it may stand as it is. A reader refuses the C0 and C1
// controls, DEL and the non-characters U+FFFE and U+FFFF unescaped, and folds the line breaks.
std::string yaml_escape_at(std::string_view text, std::size_t at, std::size_t& n) {
  auto byte = [&](std::size_t k) { return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0u; };
  auto hex = [](unsigned code) {
    char out[8];
    std::snprintf(out, sizeof out, "\\x%02X", code);
    return std::string(out);
  };
  const unsigned c = byte(0), next = byte(1);
  n = 1;
  if (c == '"' || c == '\\') return std::string{'\\', static_cast<char>(c)};
  if (c == '\n') return "\\n";
  if (c == '\t') return "\\t";
  if (c < 0x20 || c == 0x7f) return hex(c);
  n = 2;
  if (c == 0xC2 && next == 0x85) return "\\N";                  // NEL
  if (c == 0xC2 && next >= 0x80 && next <= 0x9F) return hex(next);  // U+0080-U+009F
  n = 3;
  if (c == 0xE2 && next == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9)) return byte(2) == 0xA8 ? "\\L" : "\\P";
  if (c == 0xEF && next == 0xBF && (byte(2) == 0xBE || byte(2) == 0xBF)) return byte(2) == 0xBE ? "\\uFFFE" : "\\uFFFF";
  n = 1;
  return {};
}

// A YAML double-quoted scalar that every YAML reader takes back as the same text.
std::string yaml_string(std::string_view text) {
  std::string out = "\"";
  for (std::size_t i = 0, n = 1; i < text.size(); i += n)
    if (std::string escape = yaml_escape_at(text, i, n); !escape.empty()) out += escape;
    else out += text[i];
  return out + "\"";
}

// Text safe inside a code span of the body: what could end it, or start a link, becomes '_'.
std::string plain(std::string_view text) {
  std::string out;
  for (char c : text) out += std::isalnum(static_cast<unsigned char>(c)) || std::string_view(":._-/+").find(c) != std::string_view::npos ? c : '_';
  return out;
}

}  // namespace

ImportPlan plan_import(std::vector<ImportedPaper> papers, const std::vector<ExistingPaper>& existing, int next) {
  Seen seen;
  for (const ExistingPaper& e : existing)
    seen.add({.title = e.title, .authors = e.authors, .year = e.year, .doi = e.doi, .arxiv = e.arxiv}, e.id);
  ImportPlan plan;
  for (ImportedPaper& p : papers) {
    if (std::string why = seen.duplicate(p); !why.empty()) {
      plan.skip.push_back({std::move(p), why});
      continue;
    }
    std::string id = "LIT-" + std::to_string(next++);
    seen.add(p, id + " (from line " + std::to_string(p.line) + ")");
    plan.create.push_back({std::move(p), id});
  }
  return plan;
}

std::string paper_note_text(const ImportedPaper& p, const std::string& id, const std::string& source) {
  std::string text = "---\nid: " + yaml_string(id) + "\ntitle: " + yaml_string(p.title) + "\nauthors: [";
  for (std::size_t i = 0; i < p.authors.size(); ++i) text += (i ? ", " : "") + yaml_string(p.authors[i]);
  text += "]\n";
  if (p.year) text += "year: " + std::to_string(p.year) + "\n";
  if (!p.arxiv.empty()) text += "arxiv: " + yaml_string(p.arxiv) + "\n";
  if (!p.doi.empty()) text += "doi: " + yaml_string(p.doi) + "\n";
  if (!p.venue.empty()) text += "venue: " + yaml_string(p.venue) + "\n";
  if (!p.url.empty()) text += "url: " + yaml_string(p.url) + "\n";
  text += "---\nImported from `" + plain(source) + "`, entry `" + plain(p.key) + "`.\n";
  return text;
}

}  // namespace anth::ingest
