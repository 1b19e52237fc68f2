#include "render/site/html.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace anth::site {

namespace {

// The names site pages take; a node whose id is one of them is given another file.
constexpr std::array reserved_pages = {"index", "search", "glossary", "graph", "provenance", "kernels",
                                       "practices", "papers", "readings", "theories", "tags", "style",
                                       "site", "404"};

bool safe_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  append_escaped_html(out, text);
  return out;
}

void append_escaped_html(std::string& out, std::string_view text) {
  // Pages escape megabytes of text, nearly all of it plain: eight bytes are checked at once for the
  // five that need an entity, and runs of plain bytes are copied whole.
  static const auto special = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {'&', '<', '>', '"', '\''}) t[c] = true;
    return t;
  }();
  auto has_special = [](std::uint64_t x) {
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    std::uint64_t found = 0;
    for (std::uint64_t c : {'&', '<', '>', '"', '\''}) {
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
      if (!special[static_cast<unsigned char>(text[i])]) continue;
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

std::string safe_segment(std::string_view name) {
  bool ok = !name.empty() && name.size() <= 120 && name.front() != '.';
  for (char c : name) ok = ok && safe_char(c);
  if (ok) return std::string(name);
  std::string out;
  for (char c : name) {
    if (out.size() >= 60) break;
    out += safe_char(c) && c != '.' ? c : '_';
  }
  char hash[20];
  std::snprintf(hash, sizeof hash, "_%016llx", static_cast<unsigned long long>(fnv1a(name)));
  return out + hash;
}

std::string node_file(std::string_view id) {
  std::string seg = safe_segment(id);
  for (std::string_view r : reserved_pages) {
    // "papers" and the further pages of its listing, "papers-2", ...
    bool taken = seg == r;
    if (!taken && seg.size() > r.size() + 1 && seg.compare(0, r.size(), r) == 0 && seg[r.size()] == '-')
      taken = seg.find_first_not_of("0123456789", r.size() + 1) == std::string::npos;
    if (taken) return seg + "_.html";
  }
  return seg + ".html";
}

std::string tag_file(std::string_view tag) {
  std::string seg = safe_segment(tag);
  if (seg == "index") seg += "_";
  return "tags/" + seg + ".html";
}

std::string kernel_file(std::string_view id, std::string_view kernel) {
  return "kernels/" + safe_segment(id) + "/" + safe_segment(kernel) + ".cpp";
}

std::string percent_encode(std::string_view text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '.' || c == '_' || c == '~' || c == '/' || c == '-') {
      out += c;
    } else {
      out += '%';
      out += hex[u >> 4];
      out += hex[u & 15];
    }
  }
  return out;
}

std::string capitalize(std::string_view text) {
  std::string out(text);
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

}  // namespace anth::site
