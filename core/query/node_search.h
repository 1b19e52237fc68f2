#pragma once
// `anthology query` with filters: the in-graph nodes matching every given filter, from the index.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/query/result_table.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

struct YearRange {
  std::optional<int> from;  // inclusive; none: open
  std::optional<int> to;
};

enum class SortKey { Id, Title, Year, Status, Relevance };

struct NodeFilter {
  std::vector<std::string> kinds;     // any of ("SOTA", "LIT")
  std::vector<std::string> tags;      // all of
  std::vector<std::string> statuses;  // any of
  std::string introduced_by;          // a SOTA introduced by this id
  std::string source;                 // a node with this id among its `source`
  std::optional<YearRange> years;     // the node's year (docs/rules/README.md) within the range
  bool contested = false;             // status `contested`, or any `contested_by`
  std::string text;                   // full-text query over titles and bodies, as the user typed it
  SortKey sort = SortKey::Id;         // Relevance needs text
  bool descending = false;            // --sort -KEY: the key's order reversed (nodes without it stay last)
  std::optional<long> limit;
};

// Columns id, kind, year, status, title; sorted by the sort key, then naturally by id (relevance:
// best first, by BM25 with titles weighted over bodies).
// `db` is a QueryDb's (query_db.h), which ranks with anth_rank.
util::Expected<ResultTable> find_nodes(sqlite3* db, const NodeFilter& filter);

// The user's text as a safe FTS5 query: every word, or "quoted phrase", becomes a quoted FTS5 string
// (so AND, OR, NEAR, column filters and stray quotes are plain words); `word*` keeps its prefix match,
// and with `expand` also matches every word it gives for the prefix (the words as written that begin
// with it: the index holds stems, and "normaliz*" begins no stem of "normalization").
// Empty when the text has no word.
using PrefixExpander = std::function<std::vector<std::string>(std::string_view prefix)>;
std::string fts_query(std::string_view text, const PrefixExpander& expand = {});

// "2020..2023", "2020..", "..2023" or "2021"; nullopt when malformed or from > to.
std::optional<YearRange> parse_year_range(std::string_view text);

// Parses an --sort value; nullopt when unknown.
std::optional<SortKey> parse_sort_key(std::string_view text);

}  // namespace anth::query
