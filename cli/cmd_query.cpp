// anthology query: find nodes by kind, tag, status, origin, source, year, contest or text, or run one
// read-only SQL statement; answered from the index (refreshed first when a note changed).
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <set>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/model/schema.h"
#include "core/query/node_details.h"
#include "core/query/node_search.h"
#include "core/query/sql_query.h"
#include "core/util/did_you_mean.h"
#include "render/query/result_formats.h"
#include "render/query/text_width.h"

namespace anth::cli {

namespace {

const std::vector<FlagSpec> query_flags = {
    {"--kind", true, true, "KIND  lit, note, sota, theory or term (repeat or comma-separate for any of them)"},
    {"--tag", true, true, "TAG  nodes with this tag (repeat for all of them)"},
    {"--status", true, true, "STATUS  adopted, candidate, read, ... (repeat or comma-separate for any of them)"},
    {"--introduced-by", true, false, "ID  practices whose introduced_by is this paper"},
    {"--source", true, false, "ID  nodes with this id in their source"},
    {"--year", true, false, "RANGE  2020..2023, 2020.., ..2023 or 2021: the node's year (a SOTA's is its origin's)"},
    {"--contested", false, false, "nodes with status contested or any contested_by"},
    {"--text", true, false, "TEXT  full-text search of titles, bodies and authors, ranked; \"quoted phrase\", prefix*"},
    {"--sort", true, false, "KEY  id (default), title, year, status or relevance (default with --text);\n"
                            "-KEY reverses it (-year: newest first; nodes without a year stay last)"},
    {"--limit", true, false, "N  at most N results"},
    {"--format", true, false, "FORMAT  table (default), json, csv or ids"},
    {"--sql", true, false, "SQL  run one read-only SQL statement over the index (docs/index-schema.md)"},
    {"--timeout", true, false, "SECONDS  stop --sql after this long (default: 10)"},
    {"--max-rows", true, false, "N  stop --sql after N rows (default: 100000)"},
    freshness_flag(),
};

std::string query_usage() {
  return usage_text(
      "query", "[FILTERS] [--format table|json|csv|ids] | --sql \"SELECT ...\"",
      "Finds nodes in the index: every filter given must hold. The answer comes from the index at\n"
      "CORPUS/.anthology/index.db, brought up to date first when a note changed.\n"
      "The table fits the terminal ($COLUMNS, else the terminal's width, else 100 columns).\n"
      "--sql runs one statement on a read-only connection (tables nodes, relations, fields, tags,\n"
      "aliases, authors, diagnostics, kernel_results, search; views practices, relations_named, lit):\n"
      "reads only, within --timeout and --max-rows; rows are printed as they come.\n"
      "Exit status: 0 something matched, 1 nothing matched (like grep) or an --introduced-by/--source\n"
      "id names no node, 2 bad usage, a refused, failing or stopped SQL statement, or no usable index.",
      query_flags,
      {"anthology query --kind sota --status adopted", "anthology query --tag model-stability --year 2020..2023",
       "anthology query --introduced-by LIT-640 --format ids", "anthology query --kind sota --contested --format json",
       "anthology query --text \"entropy collapse\" --limit 5",
       "anthology query --kind lit --sort year --format csv > papers.csv",
       "anthology query --kind lit --sort -year --limit 10", "anthology query --text \"normaliz*\"",
       "anthology query --sql \"SELECT id, title FROM practices WHERE contested = 1\"",
       "anthology query --sql \"SELECT kind, COUNT(*) AS n FROM nodes GROUP BY kind\" --format json",
       "anthology query --sql \"SELECT src, dst FROM relations\" --format csv --max-rows 1000000 --timeout 60"});
}

// Values of a repeatable flag, each split at commas.
std::vector<std::string> list_values(const Args& args, const std::string& flag) {
  std::vector<std::string> out;
  for (const std::string& value : args.all(flag)) {
    std::size_t start = 0;
    while (start <= value.size()) {
      std::size_t comma = value.find(',', start);
      std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!item.empty()) out.push_back(item);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return out;
}

std::string not_one_of(const std::string& what, const std::string& value, const std::vector<std::string>& choices,
                      const std::string& plural = "") {
  std::string reason = "unknown " + what + " '" + value + "'";
  if (auto best = closest_match(value, choices)) reason += "; did you mean '" + *best + "'?";
  std::string all;
  for (const std::string& c : choices) all += (all.empty() ? "" : ", ") + c;
  return reason + " (" + (plural.empty() ? what + "s" : plural) + ": " + all + ")";
}

std::vector<std::string> all_statuses() {
  std::vector<std::string> out;
  for (Kind k : all_kinds)
    if (const FieldSpec* spec = find_field(k, "status"))
      for (std::string_view c : spec->choices)
        if (std::find(out.begin(), out.end(), c) == out.end()) out.emplace_back(c);
  return out;
}

// The filters of the flags; a reason on bad usage.
Expected<query::NodeFilter> filter_of(const Args& args) {
  query::NodeFilter f;
  std::vector<std::string> kind_names;
  for (Kind k : all_kinds) {
    std::string name = kind_name(k);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    kind_names.push_back(name);
  }
  for (const std::string& k : list_values(args, "--kind")) {
    auto kind = parse_kind(k);
    if (!kind) return failure(not_one_of("kind", k, kind_names));
    f.kinds.emplace_back(kind_name(*kind));
  }
  f.tags = list_values(args, "--tag");
  std::vector<std::string> statuses = all_statuses();
  for (const std::string& s : list_values(args, "--status")) {
    if (std::find(statuses.begin(), statuses.end(), s) == statuses.end()) return failure(not_one_of("status", s, statuses, "statuses"));
    f.statuses.push_back(s);
  }
  f.introduced_by = args.get("--introduced-by").value_or("");
  f.source = args.get("--source").value_or("");
  if (auto y = args.get("--year")) {
    f.years = query::parse_year_range(*y);
    if (!f.years) return failure("--year takes A..B, A.., ..B or one year (A <= B), not '" + *y + "'");
  }
  f.contested = args.has("--contested");
  if (auto t = args.get("--text")) {
    if (query::fts_query(*t).empty()) return failure("--text needs a word to search for");
    f.text = *t;
    f.sort = query::SortKey::Relevance;
  }
  if (auto s = args.get("--sort")) {
    auto key = query::parse_sort_key(*s);
    if (!key) return failure(not_one_of("sort key", *s, {"id", "title", "year", "status", "relevance"}));
    if (*key == query::SortKey::Relevance && f.text.empty()) return failure("--sort relevance needs --text");
    f.sort = *key;
    f.descending = s->starts_with('-');
  }
  if (auto l = args.get("--limit")) {
    char* end = nullptr;
    long n = std::strtol(l->c_str(), &end, 10);
    if (l->empty() || *end || n < 1) return failure("--limit needs a number >= 1, not '" + *l + "'");
    f.limit = n;
  }
  return f;
}

bool has_filter(const Args& args) {
  for (const FlagSpec& spec : query_flags)
    if (spec.name != "--format" && spec.name != "--sql" && spec.name != "--freshness" && spec.name != "--timeout" &&
        spec.name != "--max-rows" && args.has(spec.name))
      return true;
  return false;
}

Expected<query::SqlLimits> sql_limits(const Args& args) {
  query::SqlLimits limits;
  if (auto t = args.get("--timeout")) {
    char* end = nullptr;
    double seconds = std::strtod(t->c_str(), &end);
    if (t->empty() || *end || !(seconds > 0) || seconds > 1e6)
      return failure("--timeout needs a number of seconds > 0, not '" + *t + "'");
    limits.timeout = std::chrono::milliseconds(static_cast<long long>(seconds * 1000 + 0.5));
  }
  if (auto m = args.get("--max-rows")) {
    char* end = nullptr;
    long long n = std::strtoll(m->c_str(), &end, 10);
    if (m->empty() || *end || n < 1) return failure("--max-rows needs a number >= 1, not '" + *m + "'");
    limits.max_rows = static_cast<std::size_t>(n);
  }
  return limits;
}

// Streams the statement's rows to stdout; a stopped statement leaves well-formed output of the rows
// so far and exits 2.
int run_sql(sqlite3* db, const std::string& sql, render::ResultFormat format, const query::SqlLimits& limits) {
  render::ResultStream stream(std::cout, format, render::output_width());
  bool started = false;
  auto rows = query::run_readonly_sql(db, sql, limits,
                                      {[&](const std::vector<std::string>& names) {
                                         started = true;
                                         stream.columns(names);
                                       },
                                       [&](const std::vector<query::Cell>& cells) { stream.row(cells); }});
  if (started) stream.finish();
  if (!rows) return usage_error("query", "--sql: " + rows.error());
  if (*rows == 0) std::cerr << "anthology query: nothing matches\n";
  return *rows == 0 ? 1 : 0;
}

}  // namespace

int run_query(const Argv& argv) {
  auto args = parse_args(argv, query_flags);
  if (!args) return usage_error("query", args.error());
  if (args->has("--help")) {
    std::cout << query_usage();
    return 0;
  }
  if (!args->positionals.empty())
    return usage_error("query", "unexpected argument '" + args->positionals.front() +
                                    "' (to search the text, use --text \"" + args->positionals.front() + "\")");
  std::string format_name = args->get("--format").value_or("table");
  auto format = render::parse_result_format(format_name);
  if (!format) return usage_error("query", not_one_of("format", format_name, {"table", "json", "csv", "ids"}));
  auto sql = args->get("--sql");
  if (sql && has_filter(*args)) return usage_error("query", "--sql cannot be combined with filters");
  if (!sql && (args->has("--timeout") || args->has("--max-rows")))
    return usage_error("query", "--timeout and --max-rows limit --sql only");
  auto limits = sql_limits(*args);
  if (!limits) return usage_error("query", limits.error());
  query::NodeFilter filter;
  if (!sql) {
    auto f = filter_of(*args);
    if (!f) return usage_error("query", f.error());
    filter = std::move(*f);
  }

  auto db = open_query_index(*args);
  if (!db) return usage_error("query", db.error());

  for (const std::string* id : {&filter.introduced_by, &filter.source}) {
    if (id->empty()) continue;
    auto ref = query::load_node_ref(db->handle(), *id);
    if (!ref) return usage_error("query", ref.error());
    if (!*ref) {
      std::cerr << "anthology query: " << query::no_node_message(db->handle(), *id) << "\n";
      return 1;
    }
  }

  if (sql) return run_sql(db->handle(), *sql, *format, *limits);
  auto table = query::find_nodes(db->handle(), filter);
  if (!table) return usage_error("query", table.error());
  bool empty = table->rows.empty();
  if (!empty || *format == render::ResultFormat::Json || *format == render::ResultFormat::Csv)
    std::cout << render::format_result(*table, *format, render::output_width());
  if (empty) std::cerr << "anthology query: nothing matches\n";
  return empty ? 1 : 0;
}

}  // namespace anth::cli
