#pragma once
// The rest of a note as the index holds it, for exports that write every field (bibliographies, linked
// data): authors, doi, venue, url, version and every frontmatter and inline field as written. The graph
// of index_corpus.h leaves these out so that the other query commands stay cheap.
#include "core/query/index_corpus.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// Fills authors, doi, venue, url, version and fields of every note of `g` from the index. A field's
// shape is read back from its rows: one row with a map key per entry is a Map, several rows a List, one
// row a Scalar, a NULL value Null.
util::Expected<void> add_note_fields(sqlite3* db, IndexGraph& g);

}  // namespace anth::query
