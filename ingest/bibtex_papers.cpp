// BibTeX entries as papers (imported_paper.h): names split and decoded, the arXiv id found.
#include <algorithm>
#include <cctype>
#include <regex>
#include <utility>

#include "core/util/case_fold.h"
#include "core/util/text.h"
#include "ingest/bibtex_parser.h"
#include "ingest/imported_paper.h"
#include "ingest/latex_text.h"

namespace anth::ingest {

namespace {

// Splits at `sep` (a comma, or the word "and" between blanks) where no brace is open.
std::vector<std::string> split_top(std::string_view s, bool on_and) {
  std::vector<std::string> parts;
  int depth = 0;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (depth != 0) continue;
    if (!on_and && c == ',') {
      parts.emplace_back(s.substr(begin, i - begin));
      begin = i + 1;
    } else if (on_and && std::isspace(static_cast<unsigned char>(c)) && i + 4 < s.size() &&
               util::fold_case(s.substr(i + 1, 3)) == "and" && std::isspace(static_cast<unsigned char>(s[i + 4]))) {
      parts.emplace_back(s.substr(begin, i - begin));
      begin = i + 5;
      i += 4;
    }
  }
  parts.emplace_back(s.substr(begin));
  return parts;
}

std::string trimmed(std::string_view s) { return std::string(util::trim(s)); }

// Whether the whole name is one braced group: a corporate author ("{OpenAI}", "{{Google DeepMind}}").
bool one_group(std::string_view name) {
  if (name.size() < 2 || name.front() != '{') return false;
  int depth = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '{') ++depth;
    if (name[i] == '}' && --depth == 0) return i + 1 == name.size();
  }
  return false;
}

// "Family, Given", "Family, Jr, Given" or "Given Family" as "Given Family" (with "Jr" last).
std::string person(const std::string& raw) {
  std::string name = trimmed(raw);
  if (util::fold_case(name) == "others") return "et al.";
  if (one_group(name)) return latex_to_unicode(name);
  auto parts = split_top(name, false);
  for (auto& p : parts) p = latex_to_unicode(p);
  if (parts.size() == 1) return parts[0];
  std::string given = parts.back(), family = parts[0];
  std::string out = given.empty() ? family : given + " " + family;
  if (parts.size() == 3 && !parts[1].empty()) out += " " + parts[1];
  return out;
}

// An identifier's text (URL, DOI, eprint): braces and escaping backslashes removed, nothing else decoded
// ("--" and "~" are a URL's own).
std::string id_text(const BibEntry& e, std::string_view name) {
  const std::string* v = e.field(name);
  std::string out;
  if (!v) return out;
  for (std::size_t i = 0; i < v->size(); ++i) {
    char c = (*v)[i];
    if (c == '{' || c == '}') continue;
    if (c == '\\' && i + 1 < v->size() && std::string_view("_%&#~$").find((*v)[i + 1]) != std::string_view::npos) c = (*v)[++i];
    out += c;
  }
  return trimmed(out);
}

std::string field_text(const BibEntry& e, std::string_view name) {
  const std::string* v = e.field(name);
  return v ? latex_to_unicode(*v) : std::string();
}

std::string arxiv_of(const BibEntry& e) {
  std::string prefix = util::fold_case(field_text(e, "archiveprefix") + field_text(e, "eprinttype"));
  if (prefix.find("arxiv") != std::string::npos) {
    std::string id = id_text(e, "eprint");
    if (std::string found = arxiv_id_in("arXiv:" + id); !found.empty()) return found;
  }
  for (std::string_view name : {"journal", "journaltitle", "note", "howpublished", "volume"})
    if (std::string found = arxiv_id_in(field_text(e, name)); !found.empty()) return found;
  for (std::string_view name : {"url", "doi", "eprint"})
    if (std::string found = arxiv_id_in(id_text(e, name)); !found.empty()) return found;
  return {};
}

// The number a `chapter` field gives ("3", "2.1", "IV", "A", and "Chapter 3" or "Ch. 3" as "3"); empty
// when it names the chapter instead.
std::string chapter_number(std::string_view chapter) {
  static const std::regex number(R"(\d+([.-]\d+)*[a-z]?|[ivxlcdm]+|[IVXLCDM]+|[A-Za-z])");
  for (std::string_view word : {"chapter ", "chap. ", "ch. "})
    if (util::fold_case(chapter.substr(0, word.size())) == word) chapter = util::trim(chapter.substr(word.size()));
  return std::regex_match(chapter.begin(), chapter.end(), number) ? std::string(chapter) : std::string();
}

// The title of a chapter of a book: classic BibTeX's @inbook has the book's title in `title` and the
// chapter in `chapter` (so has an entry whose title is its booktitle). A chapter with a name is the
// title, the book's title going to `book`; a numbered one is added to the book's title.
void take_chapter(const BibEntry& e, ImportedPaper& p, std::string& book) {
  std::string chapter = field_text(e, "chapter"), booktitle = field_text(e, "booktitle");
  bool title_is_book = booktitle.empty() ? e.type == "inbook" : util::fold_case(booktitle) == util::fold_case(p.title);
  if (chapter.empty() || !title_is_book) return;
  if (std::string number = chapter_number(chapter); !number.empty()) p.title += " (chapter " + number + ")";
  else book = std::exchange(p.title, chapter);
}

ImportedPaper paper_of(const BibEntry& e) {
  ImportedPaper p;
  p.key = e.key;
  p.line = e.line;
  p.title = field_text(e, "title");
  std::string book;  // the book's title, when the entry is a chapter of it with a title of its own
  take_chapter(e, p, book);
  if (const std::string* authors = e.field("author"))
    for (const std::string& raw : split_top(*authors, true))
      if (std::string name = person(raw); !name.empty()) p.authors.push_back(name);
  p.year = year_in(field_text(e, "year"));
  if (!p.year) p.year = year_in(field_text(e, "date"));
  for (std::string_view name : {"journal", "journaltitle", "booktitle"})
    if (p.venue.empty()) p.venue = field_text(e, name);
  if (p.venue.empty()) p.venue = book;  // a chapter's book names it better than its publisher
  for (std::string_view name : {"howpublished", "institution", "school", "publisher"})
    if (p.venue.empty()) p.venue = field_text(e, name);
  if (util::fold_case(p.venue).find("arxiv") != std::string::npos) p.venue = "arXiv preprint";
  p.doi = bare_doi(id_text(e, "doi"));
  p.arxiv = arxiv_of(e);
  p.url = id_text(e, "url");
  return p;
}

}  // namespace

ImportBatch papers_from_bibtex(std::string_view text) {
  BibFile file = parse_bibtex(text);
  ImportBatch batch;
  for (const BibError& e : file.errors) batch.errors.push_back({e.line, e.message + "; entry skipped"});
  for (const BibEntry& e : file.entries) {
    ImportedPaper p = paper_of(e);
    if (p.title.empty()) batch.errors.push_back({e.line, "entry '" + e.key + "' has no title; skipped"});
    else batch.papers.push_back(std::move(p));
  }
  std::stable_sort(batch.errors.begin(), batch.errors.end(), [](const ImportError& a, const ImportError& b) { return a.line < b.line; });
  return batch;
}

}  // namespace anth::ingest
