#include "core/query/node_search.h"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <charconv>

#include "core/index/sqlite_util.h"
#include "core/model/tag_names.h"
#include "core/query/ranked_candidates.h"
#include "core/util/case_fold.h"
#include "core/util/cjk_pairs.h"

namespace anth::query {

using index::detail::Statement;

namespace {

// True when a word has something FTS5's unicode61 tokenizer keeps: a letter, digit or non-ASCII byte.
bool has_token(std::string_view word) {
  for (char c : word)
    if (std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

std::string quoted(std::string_view word) {
  std::string out = "\"";
  for (char c : word) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// A word or phrase with CJK runs as the index holds them (util/cjk_pairs.h): a phrase of their pairs,
// whose last piece, when a run ends it, is a prefix (a lone 学 finds 学生; 統計学 finds 統計学的).
// Nullopt when the text has no CJK letter.
std::optional<std::string> cjk_phrase(std::string_view text) {
  std::string scratch;
  bool ends_in_run = false;
  std::string_view pairs = util::cjk_pairs_text(text, scratch, &ends_in_run);
  if (pairs.data() == text.data()) return std::nullopt;
  return quoted(pairs) + (ends_in_run ? "*" : "");
}

std::optional<int> parse_year(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

void add_in(std::string& sql, std::vector<std::string>& params, const char* column,
            const std::vector<std::string>& values) {
  sql += std::string(" AND ") + column + " IN (";
  for (std::size_t i = 0; i < values.size(); ++i) {
    sql += i ? ", ?" : "?";
    params.push_back(values[i]);
  }
  sql += ")";
}

}  // namespace

std::string fts_query(std::string_view text, const PrefixExpander& expand) {
  std::vector<std::string> terms;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    if (text[i] == '"') {  // a phrase, up to the closing quote or the end
      std::size_t close = text.find('"', i + 1);
      std::string_view phrase = text.substr(i + 1, close == std::string_view::npos ? std::string_view::npos : close - i - 1);
      if (has_token(phrase)) terms.push_back(cjk_phrase(phrase).value_or(quoted(phrase)));
      i = close == std::string_view::npos ? text.size() : close + 1;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != '"') ++end;
    std::string_view word = text.substr(i, end - i);
    bool prefix = word.size() > 1 && word.back() == '*';
    if (prefix) word.remove_suffix(1);
    if (auto cjk = has_token(word) ? cjk_phrase(word) : std::nullopt) {
      terms.push_back(*cjk);  // a prefix of a CJK run is what its pairs already find
    } else if (has_token(word)) {
      std::string term = quoted(word) + (prefix ? "*" : "");
      std::vector<std::string> words = prefix && expand ? expand(word) : std::vector<std::string>{};
      for (const std::string& w : words) term += " OR " + quoted(w);
      terms.push_back(words.empty() ? term : "(" + term + ")");
    }
    i = end;
  }
  // Explicit AND: FTS5 reads two adjacent phrases as both, but not a phrase beside a (group).
  std::string query;
  for (const std::string& t : terms) query += (query.empty() ? "" : " AND ") + t;
  return query;
}

std::optional<YearRange> parse_year_range(std::string_view text) {
  YearRange range;
  std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) {
    auto year = parse_year(text);
    if (!year) return std::nullopt;
    range.from = range.to = year;
    return range;
  }
  std::string_view from = text.substr(0, dots), to = text.substr(dots + 2);
  if (from.empty() && to.empty()) return std::nullopt;
  if (!from.empty() && !(range.from = parse_year(from))) return std::nullopt;
  if (!to.empty() && !(range.to = parse_year(to))) return std::nullopt;
  if (range.from && range.to && *range.from > *range.to) return std::nullopt;
  return range;
}

std::optional<SortKey> parse_sort_key(std::string_view text) {
  if (text.starts_with('-')) text.remove_prefix(1);  // -KEY: descending (NodeFilter::descending)
  if (text == "id") return SortKey::Id;
  if (text == "title") return SortKey::Title;
  if (text == "year") return SortKey::Year;
  if (text == "status") return SortKey::Status;
  if (text == "relevance") return SortKey::Relevance;
  return std::nullopt;
}

namespace {

// The query of find_nodes. With `candidates`, the text match is taken from them instead of from FTS5
// (see find_nodes); the rows then carry their score in a sixth column.
util::Expected<ResultTable> run_node_query(sqlite3* db, const NodeFilter& filter, const std::string& match,
                                     const std::vector<Candidate>* candidates) {
  // A node's year is the graph's (Graph::year), stored with its row (nodes.node_year).
  std::vector<std::string> params;
  std::string inner = "SELECT n.id, n.kind, n.status, n.title, n.node_year";
  if (!filter.text.empty()) inner += ", s.score AS score";
  inner += " FROM nodes n";
  if (candidates) {
    // Scores are numbers this function formats itself; ids are bound.
    inner += " JOIN (SELECT column1 AS doc, column2 AS score FROM (VALUES ";
    char number[40];
    for (std::size_t i = 0; i < candidates->size(); ++i) {
      std::snprintf(number, sizeof number, "%.17g", (*candidates)[i].score);
      inner += std::string(i ? ", " : "") + "(?, " + number + ")";
      params.push_back((*candidates)[i].id);
    }
    inner += ")) s ON s.doc = n.id";
  } else if (!filter.text.empty()) {
    inner += std::string(" JOIN (SELECT id AS doc, ") + relevance_sql + " AS score FROM search WHERE search MATCH ?) s"
             " ON s.doc = n.id";
    params.push_back(match);
  }
  inner += " WHERE n.in_graph = 1";
  if (!filter.kinds.empty()) add_in(inner, params, "n.kind", filter.kinds);
  if (!filter.statuses.empty()) add_in(inner, params, "n.status", filter.statuses);
  for (const std::string& tag : filter.tags) {
    inner += " AND n.id IN (SELECT node FROM tags WHERE key = ?)";  // any case of the tag (core/model/tag_names.h)
    params.push_back(tag_key(tag));
  }
  if (!filter.introduced_by.empty()) {
    inner += " AND n.id IN (SELECT src FROM relations WHERE dst = ? AND kind = 'introduced_by')";
    params.push_back(filter.introduced_by);
  }
  if (!filter.source.empty()) {
    inner += " AND n.id IN (SELECT src FROM relations WHERE dst = ? AND kind = 'source')";
    params.push_back(filter.source);
  }
  if (filter.contested)
    inner += " AND (n.status = 'contested' OR EXISTS (SELECT 1 FROM relations c"
             " WHERE c.src = n.id AND c.kind = 'contested_by'))";
  if (filter.years) {
    if (filter.years->from) inner += " AND n.node_year >= " + std::to_string(*filter.years->from);
    if (filter.years->to) inner += " AND n.node_year <= " + std::to_string(*filter.years->to);
  }
  // Written over the columns both queries have, so it serves for both.
  const std::string dir = filter.descending ? " DESC" : "";
  std::string order;
  switch (filter.sort) {
    case SortKey::Id: order = " ORDER BY n.id COLLATE natural_id" + dir; break;
    case SortKey::Title: order = " ORDER BY n.title COLLATE NOCASE" + dir + ", n.id COLLATE natural_id"; break;
    case SortKey::Year: order = " ORDER BY node_year IS NULL, node_year" + dir + ", n.id COLLATE natural_id"; break;
    case SortKey::Status: order = " ORDER BY n.status IS NULL, n.status" + dir + ", n.id COLLATE natural_id"; break;
    case SortKey::Relevance: order = " ORDER BY score" + dir + ", n.id COLLATE natural_id"; break;
  }
  inner += order;
  if (filter.limit) inner += " LIMIT " + std::to_string(*filter.limit);
  std::string sql = "SELECT n.id, n.kind, n.node_year, n.status, n.title" + std::string(candidates ? ", n.score" : "") +
                    " FROM (" + inner + ") n" + order;

  Statement stmt(db, sql);
  if (auto ready = stmt.ready(); !ready) return std::unexpected(ready.error());
  for (std::size_t i = 0; i < params.size(); ++i) stmt.text(static_cast<int>(i + 1), params[i]);
  ResultTable table;
  table.columns = {"id", "kind", "year", "status", "title"};
  const int columns = candidates ? 6 : 5;
  while (true) {
    auto row = stmt.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    std::vector<Cell> cells;
    for (int c = 0; c < columns; ++c) {
      if (stmt.column_is_null(c)) cells.push_back(Cell::null());
      else if (c == 2) cells.push_back(Cell::of(stmt.column_int(c)));
      else if (c == 5) cells.push_back(Cell::of_real(stmt.column_real(c)));
      else cells.push_back(Cell::of(std::string(stmt.column_text(c))));
    }
    table.rows.push_back(std::move(cells));
  }
  return table;
}

// The top `limit` rows of a relevance-sorted --text query from FTS5's best few hundred documents only,
// instead of joining every match with the nodes and sorting them all (at 100,000 notes a common word
// matches most of them). Nullopt when that cannot be shown exact -- the filters left fewer than
// `limit` rows, or the last row's score ties a document left out -- and the whole query must run.
util::Expected<std::optional<ResultTable>> find_top_ranked(sqlite3* db, const NodeFilter& filter, const std::string& match,
                                                     long limit) {
  const long fetch = std::max<long>(2 * limit, limit + 100);
  auto ranked = best_ranked(db, match, fetch);
  if (!ranked) return std::unexpected(ranked.error());
  const std::vector<Candidate>& candidates = ranked->best;
  if (candidates.empty()) return ResultTable{{"id", "kind", "year", "status", "title"}, {}};
  auto table = run_node_query(db, filter, match, &candidates);
  if (!table) return std::unexpected(table.error());
  // Exact when every match was a candidate, or when the rows filled the limit with scores strictly
  // better than any document left out (all better documents are candidates).
  bool exact = ranked->every_match || (static_cast<long>(table->rows.size()) == limit &&
                                      table->rows.back()[5].real < ranked->left_out_bound);
  if (!exact) return std::nullopt;
  for (auto& row : table->rows) row.pop_back();
  return table;
}

// The words of the corpus as written (search_vocab) that begin with a prefix, the most widespread
// first; a few hundred at most, and the prefix match itself stays in the query beside them.
PrefixExpander vocabulary_of(sqlite3* db) {
  return [db](std::string_view prefix) {
    std::vector<std::string> words;
    Statement q(db, "SELECT term FROM search_vocab WHERE term >= ?1 AND term < ?2 ORDER BY doc DESC, term LIMIT 256");
    if (!q.ready()) return words;
    const std::string folded = util::fold_case(prefix);
    const std::string past = folded + "\xF4\x8F\xBF\xBF";  // U+10FFFF: after every word beginning so
    q.text(1, folded);
    q.text(2, past);
    while (true) {
      auto row = q.next();
      if (!row || !*row) break;
      words.emplace_back(q.column_text(0));
    }
    return words;
  };
}

}  // namespace

util::Expected<ResultTable> find_nodes(sqlite3* db, const NodeFilter& filter) {
  if (filter.sort == SortKey::Relevance && filter.text.empty()) return util::failure("--sort relevance needs --text");
  if (!filter.text.empty() && fts_query(filter.text).empty()) return util::failure("--text has no word to search for");
  const std::string match = filter.text.empty() ? "" : fts_query(filter.text, vocabulary_of(db));
  if (!filter.text.empty() && filter.sort == SortKey::Relevance && !filter.descending && filter.limit &&
      *filter.limit > 0) {
    auto top = find_top_ranked(db, filter, match, *filter.limit);
    if (!top) return std::unexpected(top.error());
    if (*top) return std::move(**top);
  }
  return run_node_query(db, filter, match, nullptr);
}

}  // namespace anth::query
