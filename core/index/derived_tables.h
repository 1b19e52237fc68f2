#pragma once
// Writers of the derived tables of the index (nodes, relations, fields, tags, aliases, authors,
// diagnostics, search, meta), one function per table, each run inside the caller's transaction.
// Private to core/index. Each table's rows of one note are written by a `*_rows` function, so a later
// incremental update can delete and rewrite the rows of changed notes only.
#include <sqlite3.h>

#include <vector>

#include "core/model/corpus.h"
#include "core/model/diagnostic.h"
#include "core/util/expected.h"

namespace anth::index_detail {

// The notes that get a row in `nodes`: every in-graph note (the first of a duplicated id), then the
// notes kept out of the graph whose id no earlier row has. In corpus order within each group.
std::vector<const Note*> node_notes(const Corpus& corpus);

// "frontmatter", "inline", "body": how the origin of a field or relation is written in the tables.
const char* origin_text(Origin origin);

// Each replaces the table's whole content.
Expected<void> write_nodes(sqlite3* db, const std::vector<const Note*>& notes);
Expected<void> write_relations(sqlite3* db, const std::vector<const Note*>& notes);  // in-graph notes only
Expected<void> write_fields(sqlite3* db, const std::vector<const Note*>& notes);
Expected<void> write_tags(sqlite3* db, const std::vector<const Note*>& notes);
Expected<void> write_aliases(sqlite3* db, const std::vector<const Note*>& notes);
Expected<void> write_authors(sqlite3* db, const std::vector<const Note*>& notes);
Expected<void> write_diagnostics(sqlite3* db, const std::vector<Diagnostic>& diagnostics);
// Brings `search` (and its bookkeeping table search_docs) in line with the in-graph notes, touching only
// the documents whose id, title or body changed.
Expected<void> write_search(sqlite3* db, const std::vector<const Note*>& notes);
Expected<void> write_meta(sqlite3* db, const Corpus& corpus);

}  // namespace anth::index_detail
