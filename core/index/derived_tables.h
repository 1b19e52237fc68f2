#pragma once
// Writers of the derived tables of the index, run inside the caller's transaction. Private to core/index.
// derived_tables.cpp: diagnostics and meta; graph_tables.cpp: the graph tables; search_table.cpp: the
// full-text tables.
//
// The graph tables (nodes, relations, fields, tags, aliases, authors) are written per note: each table
// has a row function that gives one note's rows, and the same function feeds a digest, so a note whose
// rows would come out identical (same digest in node_docs) is left alone. A run that changes a few notes
// rewrites only their rows; a run that changes most of them rewrites the tables whole.
#include <sqlite3.h>

#include <optional>
#include <string_view>
#include <vector>

#include "core/index/index.h"
#include "core/model/corpus.h"
#include "core/model/diagnostic.h"
#include "core/util/expected.h"

namespace anth::index::detail {

// The notes that get a row in `nodes`: every in-graph note (the first of a duplicated id), then the
// notes kept out of the graph whose id no earlier row has. In corpus order within each group.
std::vector<const Note*> node_notes(const Corpus& corpus);

// "frontmatter", "inline", "body": how the origin of a field or relation is written in the tables.
const char* origin_text(Origin origin);
// The origin written as origin_text writes it; nullopt for any other text.
std::optional<Origin> origin_named(std::string_view text);

// Binds a location as three parameters (file, line, column) from `first`, of a statement or a digest.
template <class Out>
void bind_location(Out& s, int first, const Location& where) {
  s.text(first, where.file);
  s.integer(first + 1, where.line);
  s.integer(first + 2, where.column);
}

// How store() brought the graph tables up to date, for tests and timing.
struct GraphUpdate {
  bool whole = false;         // every table emptied and refilled
  std::size_t rewritten = 0;  // notes whose rows were (re)written
  std::size_t removed = 0;    // notes whose rows were deleted and not rewritten
};

// Brings nodes, relations, fields, tags, aliases and authors in line with `notes` (from node_notes),
// each with what the graph says of it (`facts`, one per note).
util::Expected<GraphUpdate> write_graph(sqlite3* db, const std::vector<const Note*>& notes,
                                  const std::vector<NodeFacts>& facts);
// Replaces the diagnostics table.
util::Expected<void> write_diagnostics(sqlite3* db, const std::vector<Diagnostic>& diagnostics);
// Brings `search` (and its bookkeeping table search_docs) in line with the in-graph notes, touching only
// the documents whose id, title or body changed.
util::Expected<void> write_search(sqlite3* db, const std::vector<const Note*>& notes);
util::Expected<void> write_meta(sqlite3* db, const Corpus& corpus);

}  // namespace anth::index::detail
