#include "ingest/latex_text.h"

#include <utf8proc.h>

#include <cctype>
#include <cstdlib>
#include <map>

#include "core/util/utf8.h"

namespace anth::ingest {

namespace {

// The combining mark of each accent command, as UTF-8.
const std::map<std::string, std::string, std::less<>>& accents() {
  static const std::map<std::string, std::string, std::less<>> table{
      {"\"", "\u0308"}, {"'", "\u0301"}, {"`", "\u0300"}, {"^", "\u0302"}, {"~", "\u0303"}, {"=", "\u0304"},
      {".", "\u0307"},  {"u", "\u0306"}, {"v", "\u030C"}, {"H", "\u030B"}, {"c", "\u0327"}, {"k", "\u0328"},
      {"r", "\u030A"},  {"d", "\u0323"}, {"b", "\u0331"}};
  return table;
}

// Commands that stand for a character.
const std::map<std::string, std::string, std::less<>>& symbols() {
  static const std::map<std::string, std::string, std::less<>> table{
      {"ss", "ß"}, {"o", "ø"}, {"O", "Ø"}, {"ae", "æ"}, {"AE", "Æ"}, {"oe", "œ"}, {"OE", "Œ"}, {"aa", "å"},
      {"AA", "Å"}, {"l", "ł"}, {"L", "Ł"}, {"i", "ı"}, {"j", "ȷ"}, {"textbackslash", "\\"},
      {"textbraceleft", "{"}, {"textbraceright", "}"}, {"textasciitilde", "~"}, {"textasciicircum", "^"},
      {"textendash", "–"}, {"textemdash", "—"}, {"ldots", "…"}, {"dots", "…"}, {"textellipsis", "…"},
      {"textquoteleft", "‘"}, {"textquoteright", "’"}, {"textquotedblleft", "“"}, {"textquotedblright", "”"},
      {"textunderscore", "_"}, {"textdollar", "$"}, {"textpercent", "%"}, {"textampersand", "&"},
      {"textbar", "|"}, {"textless", "<"}, {"textgreater", ">"}, {"S", "§"}, {"P", "¶"}, {"copyright", "©"},
      {"textregistered", "®"}, {"texttrademark", "™"}, {"textdegree", "°"}, {"euro", "€"}, {"pounds", "£"}};
  return table;
}

// Accents nest (\"{\'{e}}); deeper than this, a hostile file's \"\"\"... is dropped instead of
// recursing once per accent.
constexpr int max_accent_depth = 16;

class Decoder {
 public:
  explicit Decoder(std::string_view s, int depth = 0) : s_(s), depth_(depth) {}

  std::string run() {
    std::string out;
    while (i_ < s_.size()) step(out);
    return out;
  }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
  int depth_ = 0;
  // Where the search for each closing math delimiter failed: none comes later either, so a hostile
  // run of `\(` is read once rather than once per `\(`.
  std::map<std::string_view, std::size_t> unclosed_from_;

  void step(std::string& out) {
    char c = s_[i_];
    if (c == '\\') return command(out);
    if (c == '$' && (math(out, "$$", "$$") || math(out, "$", "$"))) return;
    if (c == '{' || c == '}') return void(++i_);
    if (c == '~') return space(out), void(++i_);
    if (s_.substr(i_).starts_with("---")) return out += "—", void(i_ += 3);
    if (s_.substr(i_).starts_with("--")) return out += "–", void(i_ += 2);
    if (s_.substr(i_).starts_with("``")) return out += "“", void(i_ += 2);
    if (s_.substr(i_).starts_with("''")) return out += "”", void(i_ += 2);
    if (std::isspace(static_cast<unsigned char>(c))) return space(out), void(++i_);
    out += c;
    ++i_;
  }
  // Math is TeX for KaTeX, as the notes' own `$...$` is: copied as written from the delimiter at i_ to
  // its closing one (an escaped `\$` does not close it), blanks collapsed, and written between `$`s
  // (\(x\) as $x$). False, nothing read, when the delimiter is never closed: it is text then.
  bool math(std::string& out, std::string_view open, std::string_view close) {
    if (!s_.substr(i_).starts_with(open)) return false;
    auto unclosed = unclosed_from_.find(close);
    if (unclosed != unclosed_from_.end() && i_ >= unclosed->second) return false;
    std::size_t end = i_ + open.size();
    while (end < s_.size() && !s_.substr(end).starts_with(close)) end += s_[end] == '\\' ? 2 : 1;
    if (end >= s_.size()) return unclosed_from_[close] = i_, false;
    std::string_view delimiter = open == "$$" ? "$$" : "$";
    out += delimiter;
    for (std::size_t k = i_ + open.size(); k < end; ++k)
      if (!std::isspace(static_cast<unsigned char>(s_[k]))) out += s_[k];
      else if (out.back() != ' ') out += ' ';
    out += delimiter;
    i_ = end + close.size();
    return true;
  }
  static void space(std::string& out) {
    if (!out.empty() && out.back() != ' ') out += ' ';
  }
  void skip_blanks() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n')) ++i_;
  }
  // The argument of an accent: a braced group, a command such as \i, or one character.
  std::string argument() {
    if (i_ >= s_.size()) return {};
    if (s_[i_] == '{') {
      int depth = 0;
      std::size_t begin = i_;
      for (; i_ < s_.size(); ++i_) {
        if (s_[i_] == '{') ++depth;
        if (s_[i_] == '}' && --depth == 0) break;
      }
      std::string inner(s_.substr(begin + 1, i_ - begin - 1));
      if (i_ < s_.size()) ++i_;
      return Decoder(inner, depth_).run();
    }
    if (s_[i_] == '\\') {
      std::string one;
      command(one);
      return one;
    }
    std::size_t n = std::max<std::size_t>(1, util::utf8_sequence_length(s_, i_));
    std::string one(s_.substr(i_, n));
    i_ += n;
    return one;
  }
  void accent(std::string& out, const std::string& mark) {
    if (depth_ >= max_accent_depth) return;
    ++depth_;
    std::string base = argument();
    --depth_;
    if (base == "ı") base = "i";  // \"{\i}: the dotless i takes the accent
    if (base == "ȷ") base = "j";
    if (base.empty()) return;
    std::size_t first = std::max<std::size_t>(1, util::utf8_sequence_length(base, 0));
    out += base.substr(0, first) + mark + base.substr(first);
  }
  void command(std::string& out) {
    ++i_;  // the backslash
    if (i_ >= s_.size()) return;
    char c = s_[i_];
    if (c == '(' && math(out, "(", "\\)")) return;  // \( ... \)
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      ++i_;
      std::string name(1, c);
      if (auto a = accents().find(name); a != accents().end()) return skip_blanks(), accent(out, a->second);
      if (c == '\\' || c == ' ' || c == ',' || c == ';') return space(out);
      if (c == '-' || c == '/') return;  // a hyphenation point, an italic correction
      out += c;                          // \& \% \$ \# \_ \{ \}
      return;
    }
    std::size_t begin = i_;
    while (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_]))) ++i_;
    std::string name(s_.substr(begin, i_ - begin));
    skip_blanks();  // TeX ends a command's name at the first blank, and swallows it
    if (auto a = accents().find(name); a != accents().end()) return accent(out, a->second);
    if (auto sym = symbols().find(name); sym != symbols().end()) {
      if (s_.substr(i_).starts_with("{}")) i_ += 2;
      out += sym->second;
    }
    // Any other command (\emph, \textbf, \url, ...) is dropped; its argument is read as text.
  }
};

std::string nfc(const std::string& text) {
  utf8proc_uint8_t* composed = utf8proc_NFC(reinterpret_cast<const utf8proc_uint8_t*>(text.c_str()));
  if (!composed) return text;
  std::string out(reinterpret_cast<char*>(composed));
  std::free(composed);
  return out;
}

}  // namespace

std::string latex_to_unicode(std::string_view latex) {
  std::string out = Decoder(latex).run();
  while (!out.empty() && out.back() == ' ') out.pop_back();
  std::size_t lead = out.find_first_not_of(' ');
  return nfc(lead == std::string::npos ? std::string() : out.substr(lead));
}

}  // namespace anth::ingest
