#pragma once
// Obsidian's callouts: a block quote whose first line is `[!type]`, optionally `+` or `-` (foldable,
// open or closed) and a title, becomes
//   <div class="callout callout-COLOUR" data-callout="TYPE"><div class="callout-title">ICON<span
//   class="callout-title-inner">Title</span></div><div class="callout-content">...</div></div>
// and, when foldable, a <details> (open for '+') with the title as its <summary>, so folding needs no
// script. The type is matched without case (callout_types.h; unknown types look like a note); a
// callout without a title shows its type's name. Callouts nest (a callout inside a callout's quote).
// The title and the content are the note's markdown as anywhere else: raw HTML in them is treated as
// the note's other raw HTML is.
#include <cmark-gfm.h>

namespace anth::ingest {

void make_callouts(cmark_node* doc);

}  // namespace anth::ingest
