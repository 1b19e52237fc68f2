#pragma once
// Stage 3 of ingest: resolve every reference across the corpus, as Obsidian resolves links (the link
// index, core/graph/link_index.h): relations, body links and frontmatter properties' links, then the
// headings and blocks links name (link_anchors.h). Reports S006, R001-R004, R002 and R007.
#include <set>
#include <string>

#include "core/model/corpus.h"

namespace anth::ingest {

// `corpus.notes` must be sorted by path (the first file of a duplicated id keeps it). R002 findings of a
// rule in `rules_off` (anthology.toml turned it off) or that a note's lint-ignore names are not made at
// all: a note of 2,000,000 broken links would hold as many findings only for lint to drop them.
void resolve_corpus(Corpus& corpus, const std::set<std::string>& rules_off = {});

}  // namespace anth::ingest
