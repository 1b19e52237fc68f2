#include "render/site/html.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "core/model/tag_names.h"

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
