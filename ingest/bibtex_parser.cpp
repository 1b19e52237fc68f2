#include "ingest/bibtex_parser.h"

#include <cctype>
#include <map>
#include <optional>

namespace anth::ingest {

const std::string* BibEntry::field(std::string_view name) const {
  for (const auto& [n, v] : fields)
    if (n == name) return &v;
  return nullptr;
}

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// BibTeX's identifiers (entry types, field names, macros): anything printable but these.
bool ident_char(char c) {
  auto u = static_cast<unsigned char>(c);
  return u > 0x20 && u != 0x7f && std::string_view("\"#%'(),={}").find(c) == std::string_view::npos;
}

constexpr std::size_t max_value = 1 << 20;

struct ParseError {
  int line;
  std::string message;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {
    const char* months[] = {"january", "february", "march",     "april",   "may",      "june",
                            "july",    "august",   "september", "october", "november", "december"};
    for (const char* m : months) {
      std::string name(m);
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
      macros_[std::string(m, 3)] = name;
    }
  }

  BibFile run() {
    while (skip_to_at()) {
      int start = line_;
      std::size_t at = pos_;
      ++pos_;
      try {
        entry(start);
      } catch (const ParseError& e) {
        file_.errors.push_back({e.line, e.message});
        pos_ = at + 1;  // look for the next entry from this one's '@': an unclosed value swallowed the rest
        line_ = start;
        recover();
      }
    }
    return std::move(file_);
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  std::map<std::string, std::string> macros_;
  BibFile file_;

  [[noreturn]] void fail(const std::string& message) const { throw ParseError{line_, message}; }
  bool done() const { return pos_ >= text_.size(); }
  char peek() const { return done() ? '\0' : text_[pos_]; }
  void advance() {
    if (text_[pos_++] == '\n') ++line_;
  }
  void skip_space() {
    while (!done() && std::isspace(static_cast<unsigned char>(peek()))) advance();
  }
  // Text outside entries is a comment: moves to the next '@'.
  bool skip_to_at() {
    while (!done() && peek() != '@') advance();
    return !done();
  }
  // After an error: the next '@' that starts a line (an '@' inside a value, as in an address, is no entry).
  void recover() {
    while (!done()) {
      if (peek() == '@') {
        std::size_t b = pos_;
        while (b > 0 && (text_[b - 1] == ' ' || text_[b - 1] == '\t')) --b;
        if (b == 0 || text_[b - 1] == '\n') return;
      }
      advance();
    }
  }
  // Whether the line after the newline at pos_ starts an entry ("@article{" after optional blanks).
  bool next_line_is_entry() const {
    std::size_t p = pos_ + 1;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
    if (p >= text_.size() || text_[p] != '@') return false;
    std::size_t q = p + 1;
    while (q < text_.size() && std::isalpha(static_cast<unsigned char>(text_[q]))) ++q;
    return q > p + 1 && q < text_.size() && (text_[q] == '{' || text_[q] == '(');
  }
  void expect(char c, const char* what) {
    skip_space();
    if (peek() != c) fail(std::string("expected ") + what + (done() ? " before the end of the file" : std::string(", found '") + peek() + "'"));
    advance();
  }
  std::string identifier(const char* what) {
    skip_space();
    std::size_t begin = pos_;
    while (!done() && ident_char(peek())) advance();
    if (pos_ == begin) fail(std::string("expected ") + what + (done() ? " before the end of the file" : std::string(", found '") + peek() + "'"));
    return std::string(text_.substr(begin, pos_ - begin));
  }

  // {...} with nested braces, the outer pair removed.
  std::string braced() {
    int start = line_, depth = 1;
    advance();
    std::size_t begin = pos_;
    while (!done()) {
      char c = peek();
      if (c == '\n' && next_line_is_entry())
        throw ParseError{start, "unbalanced braces: this value runs into the entry on line " + std::to_string(line_ + 1)};
      if (c == '{') ++depth;
      if (c == '}' && --depth == 0) {
        std::string value(text_.substr(begin, pos_ - begin));
        advance();
        return value;
      }
      advance();
    }
    throw ParseError{start, "unbalanced braces: this value is never closed"};
  }
  // "..." ending at a quote outside braces.
  std::string quoted() {
    int start = line_, depth = 0;
    advance();
    std::size_t begin = pos_;
    while (!done()) {
      char c = peek();
      if (c == '{') ++depth;
      if (c == '}' && --depth < 0) fail("unbalanced braces in a quoted value");
      if (c == '"' && depth == 0) {
        std::string value(text_.substr(begin, pos_ - begin));
        advance();
        return value;
      }
      advance();
    }
    throw ParseError{start, "unterminated quoted value"};
  }
  // piece ['#' piece]...
  std::string value() {
    std::string out;
    while (true) {
      skip_space();
      char c = peek();
      if (c == '{') out += braced();
      else if (c == '"') out += quoted();
      else if (std::isdigit(static_cast<unsigned char>(c))) {
        while (!done() && std::isdigit(static_cast<unsigned char>(peek()))) out += text_[pos_], advance();
      } else {
        std::string name = lower(identifier("a value (braces, quotes, a number or a macro)"));
        auto it = macros_.find(name);
        if (it == macros_.end()) fail("undefined macro '" + name + "'");
        out += it->second;
      }
      if (out.size() > max_value) fail("a value longer than 1 MiB");  // macros doubling themselves
      skip_space();
      if (peek() != '#') return out;
      advance();
    }
  }

  void entry(int start) {
    std::string type = lower(identifier("an entry type after '@'"));
    skip_space();
    if (type == "comment") {  // @comment{...}, or a comment running to the end of the line
      if (peek() == '{') braced();
      return;
    }
    char open = peek();
    if (open != '{' && open != '(') fail("expected '{' or '(' after @" + type);
    char close = open == '{' ? '}' : ')';
    advance();
    if (type == "preamble") {
      value();
      expect(close, close == '}' ? "'}'" : "')'");
      return;
    }
    if (type == "string") {
      std::string name = lower(identifier("a macro name"));
      expect('=', "'='");
      macros_[name] = value();
      expect(close, close == '}' ? "'}'" : "')'");
      return;
    }
    BibEntry e;
    e.type = type;
    e.line = start;
    skip_space();
    std::size_t begin = pos_;
    while (!done() && peek() != ',' && peek() != close && !std::isspace(static_cast<unsigned char>(peek()))) advance();
    e.key = std::string(text_.substr(begin, pos_ - begin));
    fields(e, close);
    file_.entries.push_back(std::move(e));
  }

  void fields(BibEntry& e, char close) {
    while (true) {
      skip_space();
      if (peek() == close) break;
      if (peek() == '@' || done())
        throw ParseError{e.line, "entry '" + e.key + "' is never closed" +
                                     (done() ? std::string() : " (the next entry starts on line " + std::to_string(line_) + ")")};
      expect(',', "',' or the end of the entry");
      skip_space();
      if (peek() == close) break;  // a trailing comma
      std::string name = lower(identifier("a field name"));
      expect('=', ("'=' after " + name).c_str());
      std::string v = value();
      if (e.field(name)) fail("field '" + name + "' given twice");
      e.fields.emplace_back(std::move(name), std::move(v));
    }
    advance();
  }
};

}  // namespace

BibFile parse_bibtex(std::string_view text) { return Parser(text).run(); }

}  // namespace anth::ingest
