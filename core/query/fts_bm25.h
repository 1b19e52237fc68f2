#pragma once
// anth_bm25(search, weights...): FTS5's bm25() for the index's `search` table, score for score, and
// faster when a query matches most documents. bm25() looks each matching row's length up in
// search_docsize with a statement of its own: two thirds of its time for a common word at 100,000
// notes. This function reads the lengths a block of rows at a time once the matches are dense, and is
// otherwise the same: formula, constants and order of arithmetic as SQLite's fts5_aux.c, so that the
// scores are equal to the bit (tests/query/fts_bm25_test.cpp compares them row by row).
struct sqlite3;

namespace anth::query {

// Registers anth_bm25 on the connection; false when its SQLite has no FTS5. Once per connection,
// before any thread uses it: FTS5 adds the function to a list of the connection's without a lock.
bool register_fts_bm25(sqlite3* db);

}  // namespace anth::query
