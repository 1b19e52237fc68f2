#include "workspace/link_keys.h"

#include <algorithm>

#include "core/graph/link_index.h"
#include "core/util/case_fold.h"
#include "core/util/text.h"

namespace anth::workspace {

namespace {

bool ascii(std::string_view text) {
  for (unsigned char c : text)
    if (c >= 0x80) return false;
  return true;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// `text` (ASCII) equals the folded `key`, ignoring ASCII case: no copy for the common case.
bool equals_folded(std::string_view text, std::string_view key) {
  if (text.size() != key.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (lower(text[i]) != key[i]) return false;
  return true;
}

// Whether the reference as the link index reads it (trimmed, folded, no ".md"), or its last part, is a key.
bool key_named(std::string_view written, const LinkKeys& keys) {
  written = util::trim(written);
  if (written.empty()) return false;
  std::string folded;
  if (!ascii(written)) written = folded = util::fold_case(written);
  if (written.size() > 3 && equals_folded(written.substr(written.size() - 3), ".md")) written.remove_suffix(3);
  // "a/b/..", "./x/": what the path comes to is not its last part; resolve it again to be safe.
  if (written.ends_with('/') || written.ends_with("/..") || written.ends_with("/.") || written == ".." || written == ".")
    return true;
  std::size_t slash = written.find_last_of('/');
  std::string_view last = slash == std::string_view::npos ? std::string_view() : written.substr(slash + 1);
  for (const std::string& key : keys)
    if (equals_folded(written, key) || (!last.empty() && equals_folded(last, key))) return true;
  return false;
}

}  // namespace

void add_keys(const Note& note, LinkKeys& keys) {
  keys.insert(util::fold_case(note.id));
  if (!note.title.empty()) keys.insert(util::fold_case(note.title));
  for (const std::string& a : note.aliases) keys.insert(util::fold_case(a));
  keys.insert(util::fold_case(graph::file_stem(note.path)));
}

bool linked_otherwise(const Note& before, const Note& after) {
  const std::vector<BodyAnchor>&a = before.rendered.anchors, &b = after.rendered.anchors;
  return before.kind != after.kind || !std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const BodyAnchor& x, const BodyAnchor& y) {
           return x.text == y.text && x.id == y.id && x.level == y.level;
         });
}

bool names_any(const Note& note, const LinkKeys& keys) {
  if (keys.empty()) return false;
  for (const Relation& r : note.relations)
    if (key_named(r.written, keys)) return true;
  for (const Wikilink& w : note.wikilinks)
    if (key_named(w.target, keys)) return true;
  for (const BodyLink& l : note.rendered.links)
    if (key_named(l.target, keys)) return true;
  return false;
}

}  // namespace anth::workspace
