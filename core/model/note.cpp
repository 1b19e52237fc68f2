#include "core/model/note.h"

#include <algorithm>

namespace anth {

const Field* Note::field(std::string_view key) const {
  for (const Field& f : fields)
    if (f.key == key) return &f;
  return nullptr;
}

std::vector<const Relation*> Note::relations_of(std::string_view kind) const {
  std::vector<const Relation*> out;
  for (const Relation& r : relations)
    if (r.kind == kind) out.push_back(&r);
  return out;
}

bool Note::ignores(std::string_view rule) const {
  return std::find(lint_ignore.begin(), lint_ignore.end(), rule) != lint_ignore.end();
}

Relation body_mention(const Note& note, const Wikilink& link) {
  return {"mentions", note.id, link.target, "", link.where, Origin::Body};
}

}  // namespace anth
