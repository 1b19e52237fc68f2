#pragma once
// Stage 3 of ingest: resolve every reference across the corpus, as Obsidian resolves links (the link
// index, core/graph/link_index.h): relations, body links and frontmatter properties' links, then the
// headings and blocks links name (link_anchors.h). Reports S006, R001-R004, R002 and R007.
#include "core/model/corpus.h"

namespace anth::ingest {

// `corpus.notes` must be sorted by path (the first file of a duplicated id keeps it).
void resolve_corpus(Corpus& corpus);

}  // namespace anth::ingest
