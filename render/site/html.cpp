#include "render/site/html.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "core/model/tag_names.h"
#include "core/util/search_words.h"
#include "core/util/utf8.h"

namespace anth::render::site {

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

std::string safe_segment(std::string_view name) {
  bool ok = !name.empty() && name.size() <= 120 && name.front() != '.';
  for (char c : name) ok = ok && safe_char(c);
  if (ok) return std::string(name);
  // The readable part: what is safe in ASCII, and the letters, marks and digits of other scripts as
  // written (a page of a note named in Japanese is named in Japanese, not in a row of '_'); the rest
  // '_', cut at 60 bytes between characters. The hash keeps apart names that differ in what was cut
  // or replaced, or only in a form a file system may take as the same (case, Unicode normalization).
  std::string out;
  for (std::size_t at = 0; at < name.size() && out.size() < 60;) {
    char32_t c = static_cast<unsigned char>(name[at]);
    std::size_t length = c < 0x80 ? 1 : util::decode_utf8(name, at, c);
    bool keep = c < 0x80 ? safe_char(static_cast<char>(c)) && c != '.'
                         : length > 0 && util::word_class(c) != util::WordClass::none && out.size() + length <= 60;
    if (length == 0) length = 1;  // a byte that is not UTF-8
    out += keep ? std::string(name.substr(at, length)) : "_";
    at += length;
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
  // Named by the tag's key: every spelling links the one page, and no two files differ by case only.
  std::string seg = safe_segment(tag_key(tag));
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

}  // namespace anth::render::site
