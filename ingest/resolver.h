#pragma once
// Stage 3 of ingest: resolve every reference across the corpus, as Obsidian resolves links: by id or
// file stem first, then by title or alias, case-insensitively. Reports S006 and R001-R004 and R002.
#include "core/model/corpus.h"

namespace anth::ingest {

// `corpus.notes` must be sorted by path (the first file of a duplicated id keeps it).
void resolve_corpus(Corpus& corpus);

}  // namespace anth::ingest
