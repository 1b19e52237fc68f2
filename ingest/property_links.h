#pragma once
// Obsidian's frontmatter links: a property outside the note kind's schema whose value is a wikilink
// string, or a list of them (`categories: "[[Books]]"`, `author: ["[[Steph Ango]]"]`), is an edge
// named after its key (docs/format.md, "Frontmatter links"); a link to an attachment
// (`cover: "[[photo.jpg]]"`) is none: it stays the property's text. Its relations have Origin::Property,
// which the typed rules never read; the resolver resolves them like body links (R002 when dangling).
#include "core/model/note.h"

namespace anth::ingest {

// Appends one Property relation per distinct (key, target) of the note's frontmatter fields that are
// no field of its kind's schema. Needs the note's kind (after apply_schema).
void add_property_links(Note& note);

}  // namespace anth::ingest
