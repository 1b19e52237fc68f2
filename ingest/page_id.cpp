#include "ingest/page_id.h"

#include <cstdio>
#include <unordered_map>

#include "core/util/hasher.h"

namespace anth::ingest {

namespace {

void append_segment(std::string_view segment, std::string& out) {
  bool dash = false;  // a '-' is owed before the next kept character
  const std::size_t start = out.size();
  for (char c : segment) {
    const auto u = static_cast<unsigned char>(c);
    const bool kept = u >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!kept) {
      dash = true;
      continue;
    }
    if (dash && out.size() > start) out += '-';
    dash = false;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
}

}  // namespace

std::string page_id(std::string_view path) {
  if (path.size() > 3 && path.substr(path.size() - 3) == ".md") path.remove_suffix(3);
  std::string id;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    std::string_view segment = path.substr(0, slash);
    const std::size_t before = id.size();
    if (!id.empty()) id += '.';
    const std::size_t start = id.size();
    append_segment(segment, id);
    if (id.size() == start) id.resize(before);  // a segment of nothing kept adds nothing
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
  }
  return id.empty() ? "page" : id;
}

void disambiguate_page_ids(Corpus& corpus) {
  std::unordered_map<std::string, int> claims;
  for (const Note& n : corpus.notes)
    if (n.in_graph) ++claims[n.id];
  for (Note& n : corpus.notes) {
    if (!n.in_graph || n.kind != Kind::Page || claims[n.id] < 2) continue;
    char suffix[10];
    std::snprintf(suffix, sizeof suffix, "-%08x", static_cast<unsigned>(util::hash_text(n.path) & 0xffffffffu));
    const std::string old = n.id;
    n.id += suffix;
    for (Relation& r : n.relations)
      if (r.from == old) r.from = n.id;
  }
}

}  // namespace anth::ingest
