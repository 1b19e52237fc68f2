#include "ingest/property_links.h"

#include <set>
#include <utility>

#include "core/graph/link_path.h"
#include "core/model/schema.h"
#include "core/model/wikilink_text.h"
#include "core/util/case_fold.h"

namespace anth::ingest {

void add_property_links(Note& note) {
  if (!note.kind) return;
  std::set<std::pair<std::string, std::string>> seen;  // key, folded target
  for (const Field& f : note.fields) {
    if (f.origin != Origin::Frontmatter || f.shape == Field::Shape::Map || find_field(*note.kind, f.key)) continue;
    for (const FieldValue& v : f.items) {
      std::optional<WikilinkText> link = whole_wikilink(v.text);
      if (!link || graph::names_attachment(link->target) || !seen.emplace(f.key, util::fold_case(link->target)).second) continue;
      note.relations.push_back({f.key, note.id, std::string(link->target), "", v.where, Origin::Property});
    }
  }
}

}  // namespace anth::ingest
