// `anthology export --format bibtex`: one @inproceedings, @article or @misc per paper (bibliography.h).
#include <cctype>

#include "core/util/case_fold.h"
#include "render/exchange/bibliography.h"

namespace anth::render::exchange {

namespace {

// Text as a BibTeX value between braces: every brace the note wrote becomes a command, so the value's
// braces always balance (BibTeX counts even an escaped brace); LaTeX's special characters are escaped;
// line breaks become spaces. Other text, UTF-8 included, is kept as written.
std::string bibtex_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': out += "\\textbraceleft{}"; break;
      case '}': out += "\\textbraceright{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '&': case '%': case '$': case '#': case '_': out += '\\'; out += c; break;
      case '\n': case '\r': case '\t': out += ' '; break;
      default: out += c;
    }
  }
  return out;
}

// One author of an `author` list: a name holding a comma or the word "and" is braced whole, so BibTeX
// neither splits the list there nor reads "Family, Given"; a trailing "et al." is BibTeX's "others".
std::string bibtex_author(const std::string& name, bool last) {
  if (last && (name == "et al." || name == "et al" || name == "others")) return "others";
  std::string text = bibtex_text(name);
  std::string folded = util::fold_case(name);
  bool split_risk = name.find(',') != std::string::npos || folded.find(" and ") != std::string::npos ||
                    folded == "others";
  return split_risk ? "{" + text + "}" : text;
}

// A field name BibTeX accepts: letters, digits, '_' and '-'; anything else becomes '_'.
std::string field_name(std::string_view key) {
  std::string name;
  for (char c : key) {
    auto u = static_cast<unsigned char>(c);
    name += std::isalnum(u) || c == '-' ? static_cast<char>(std::tolower(u)) : '_';
  }
  return name;
}

void field(std::ostream& out, std::string_view name, const std::string& value) {
  if (!value.empty()) out << "  " << name << " = {" << value << "},\n";
}

void write_entry(const PaperRecord& p, std::ostream& out) {
  const Note& n = *p.note;
  const char* type = p.venue == VenueKind::Proceedings ? "inproceedings" : p.venue == VenueKind::Journal ? "article" : "misc";
  out << "@" << type << "{" << p.key << ",\n";
  field(out, "title", bibtex_text(n.title));
  std::string authors;
  for (std::size_t i = 0; i < n.authors.size(); ++i)
    authors += (i ? " and " : "") + bibtex_author(n.authors[i], i + 1 == n.authors.size());
  field(out, "author", authors);
  if (n.year > 0) field(out, "year", std::to_string(n.year));
  field(out, p.venue == VenueKind::Proceedings ? "booktitle" : p.venue == VenueKind::Journal ? "journal" : "howpublished",
        bibtex_text(n.venue));
  if (!n.arxiv.empty()) {
    field(out, "eprint", bibtex_text(n.arxiv));
    field(out, "archiveprefix", "arXiv");
  }
  field(out, "doi", bibtex_text(n.doi));
  field(out, "url", bibtex_text(n.url));
  std::string tags;
  for (const std::string& t : n.tags) tags += (tags.empty() ? "" : ", ") + bibtex_text(t);
  field(out, "keywords", tags);
  for (const auto& [key, value] : p.extra) field(out, field_name(key), bibtex_text(value));
  out << "}\n";
}

}  // namespace

void write_bibtex(const graph::Graph& graph, std::ostream& out) {
  bool first = true;
  for (const PaperRecord& p : paper_records(graph)) {
    if (!first) out << "\n";
    first = false;
    write_entry(p, out);
  }
}

}  // namespace anth::render::exchange
