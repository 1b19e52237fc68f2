#pragma once
// Which notes a patch must resolve again. A written reference can name a note only by its id, title,
// an alias, or a path whose last part is the note's file stem (core/graph/link_index.h: a path, a file
// name or the end of a path, an id, a title or alias; all case-folded, ".md" dropped). So when a note
// changes, the notes to resolve again are those with a reference whose folded text, or its last part,
// is one of the keys the note had before or has now: they may have named it, or may now (a dangling
// link that a new title or alias makes resolve). Anything else resolves as it did.
#include <string>
#include <string_view>
#include <unordered_set>

#include "core/model/note.h"

namespace anth::workspace {

using LinkKeys = std::unordered_set<std::string>;

// Adds the keys `note` can be named by: its id, title, aliases and file stem, case-folded.
void add_keys(const Note& note, LinkKeys& keys);

// Whether a reference of `note` (a relation's target, a wikilink's, a body link's) may name a key.
bool names_any(const Note& note, const LinkKeys& keys);

// Whether a link to the note reads otherwise from `after` than from `before` though its keys are the
// same: the target's kind (R003) and its headings and blocks (R007, ingest/link_anchors.h: texts, ids
// and levels, not lines).
bool linked_otherwise(const Note& before, const Note& after);

}  // namespace anth::workspace
