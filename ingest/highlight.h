#pragma once
// Obsidian's `==highlight==`: a run of exactly two '=' not followed by a space opens, one not
// preceded by a space closes, within one inline container (so marks nest properly with emphasis and
// links); the text between becomes <mark>...</mark>. Never inside code or math (they are not text
// nodes) nor inside links. An unclosed `==` stays text.
#include <cmark-gfm.h>

namespace anth::ingest {

void mark_highlights(cmark_node* doc);

}  // namespace anth::ingest
