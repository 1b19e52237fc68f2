#pragma once
// anth_bm25(search, weights...): FTS5's bm25() for the index's `search` table, score for score, and
// faster when a query matches most documents. bm25() looks each matching row's length up in
// search_docsize with a statement of its own: two thirds of its time for a common word at 100,000
// notes. This function reads the lengths a block of rows at a time once the matches are dense, and is
// otherwise the same: formula, constants and order of arithmetic as SQLite's fts5_aux.c, so that the
// scores are equal to the bit (tests/query/fts_bm25_test.cpp compares them row by row).
//
// anth_rank(search, weights...): the ranking `query --text` uses. BM25 within each column, weighted and
// summed over columns and phrases: score = -sum over phrases p of idf(p) * sum over columns c of
// w(c) * f(p,c) * (k1 + 1) / (f(p,c) + k1 * (1 - b + b * len(c) / mean len(c))), with bm25()'s idf, k1
// and b. bm25() weights the counts and saturates their sum against the whole row's length, so a title
// match adds almost nothing to a row whose body repeats the phrase; here it adds up to its weight.
// The same lengths, read the same way.
struct sqlite3;

namespace anth::query {

// Registers anth_bm25 and anth_rank on the connection; false when its SQLite has no FTS5. Once per connection,
// before any thread uses it: FTS5 adds the function to a list of the connection's without a lock.
bool register_fts_bm25(sqlite3* db);

}  // namespace anth::query
