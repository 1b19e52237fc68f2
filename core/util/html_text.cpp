#include "core/util/html_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <utility>

namespace anth::util {

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  append_escaped_html(out, text);
  return out;
}

namespace {

// Pages escape megabytes of text, nearly all of it plain: eight bytes are checked at once for those
// that need an entity, and runs of plain bytes are copied whole. `Apostrophe`: '\'' too (attributes).
template <bool Apostrophe>
void append_escaped(std::string& out, std::string_view text) {
  constexpr auto needs = [](unsigned char c) { return c == '&' || c == '<' || c == '>' || c == '"' || (Apostrophe && c == '\''); };
  auto has_special = [](std::uint64_t x) {
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    std::uint64_t found = 0;
    for (std::uint64_t c : {'&', '<', '>', '"', Apostrophe ? '\'' : '&'}) {
      std::uint64_t v = x ^ (c * ones);
      found |= (v - ones) & ~v & highs;  // a zero byte: one equal to c
    }
    return found != 0;
  };
  std::size_t done = 0, i = 0;
  while (i < text.size()) {
    for (std::uint64_t x; i + 8 <= text.size(); i += 8) {
      std::memcpy(&x, text.data() + i, 8);
      if (has_special(x)) break;
    }
    for (std::size_t stop = std::min(text.size(), i + 8); i < stop; ++i) {
      if (!needs(static_cast<unsigned char>(text[i]))) continue;
      out.append(text, done, i - done);
      switch (text[i]) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += "&#39;"; break;
      }
      done = i + 1;
    }
  }
  out.append(text, done, text.size() - done);
}

}  // namespace

void append_escaped_html(std::string& out, std::string_view text) { append_escaped<true>(out, text); }

bool is_safe_url(std::string_view url) {
  // Browsers drop ASCII whitespace and control characters inside a scheme ("java\tscript:"), so the
  // scheme is read with them removed.
  std::string scheme;
  for (char c : url) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f) continue;
    if (c == ':') {
      if (scheme.empty()) return false;
      return scheme == "http" || scheme == "https" || scheme == "mailto";
    }
    if (c == '/' || c == '?' || c == '#') return true;  // no scheme: a relative reference
    if (u >= 0x80) return false;  // a scheme is ASCII; anything else before ':' is suspect
    scheme += static_cast<char>(std::tolower(u));
  }
  return true;  // no ':' at all: relative
}

std::string slugify(std::string_view text) {
  std::string out;
  bool dash = false;
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) {
      if (dash && !out.empty()) out += '-';
      out += static_cast<char>(std::tolower(u));
      dash = false;
    } else if (c == ' ' || c == '-' || c == '_' || c == '\t') {
      dash = true;
    }
  }
  return out.empty() ? "section" : out;
}

// As cmark-gfm escapes text (& < > "), in the same way: a body's text and its glossary links (ingest
// and the site's fill) were ~0.6% of a full build byte by byte.
void append_escaped_text(std::string& out, std::string_view text) { append_escaped<false>(out, text); }

std::string unescape_text(std::string_view escaped) {
  std::string out;
  out.reserve(escaped.size());
  for (std::size_t i = 0; i < escaped.size();) {
    // The plain run up to the next '&' in one copy.
    std::size_t amp = std::min(escaped.find('&', i), escaped.size());
    out.append(escaped, i, amp - i);
    if ((i = amp) == escaped.size()) break;
    for (auto [entity, c] : {std::pair{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}})
      if (escaped.substr(i, std::strlen(entity)) == entity) {
        out += c;
        i += std::strlen(entity);
        goto next;
      }
    out += escaped[i++];
  next:;
  }
  return out;
}

void append_escaped_href(std::string& out, std::string_view url) {
  // cmark-gfm's HREF_SAFE set (houdini_href_e.c), read off its output byte by byte.
  static const auto safe = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : std::string_view("!#$%()*+,-./:;=?@_~")) t[c] = true;
    for (int c = 0; c < 256; ++c) t[c] = t[c] || std::isalnum(c);
    return t;
  }();
  static const char hex[] = "0123456789ABCDEF";
  for (char ch : url) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (safe[c]) out += ch;
    else if (c == '&') out += "&amp;";
    else if (c == '\'') out += "&#x27;";
    else out.append(1, '%').append(1, hex[c >> 4]).append(1, hex[c & 15]);
  }
}

}  // namespace anth::util