// anthology query: find nodes by kind, tag, status, origin, source, year, contest or text, or run one
// read-only SQL statement; answered from the index (refreshed first when a note changed).
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <set>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "cli/vocabulary.h"
#include "core/model/schema.h"
#include "core/query/node_details.h"
#include "core/query/node_search.h"
#include "core/query/sql_query.h"
#include "core/util/did_you_mean.h"
#include "render/query/result_formats.h"
#include "render/query/text_width.h"

namespace anth::cli {

namespace {



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

// The filters of the flags; a reason on bad usage.
Expected<query::NodeFilter> filter_of(const Args& args) {
  query::NodeFilter f;
  const std::vector<std::string> kind_names = kind_words();
  for (const std::string& k : list_values(args, "--kind")) {
    auto kind = parse_kind(k);
    if (!kind) return failure(not_one_of("kind", k, kind_names));
    f.kinds.emplace_back(kind_name(*kind));
  }
  f.tags = list_values(args, "--tag");
  std::vector<std::string> statuses = status_words();
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
  for (const FlagSpec& spec : find_command("query")->options)
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

int run_query(const Args& args) {
  if (!args.positionals.empty())
    return usage_error("query", "unexpected argument '" + args.positionals.front() +
                                    "' (to search the text, use --text \"" + args.positionals.front() + "\")");
  std::string format_name = args.get("--format").value_or("table");
  auto format = render::parse_result_format(format_name);
  if (!format) return usage_error("query", not_one_of("format", format_name, {"table", "json", "csv", "ids"}));
  auto sql = args.get("--sql");
  if (sql && has_filter(args)) return usage_error("query", "--sql cannot be combined with filters");
  if (!sql && (args.has("--timeout") || args.has("--max-rows")))
    return usage_error("query", "--timeout and --max-rows limit --sql only");
  auto limits = sql_limits(args);
  if (!limits) return usage_error("query", limits.error());
  query::NodeFilter filter;
  if (!sql) {
    auto f = filter_of(args);
    if (!f) return usage_error("query", f.error());
    filter = std::move(*f);
  }

  auto db = open_query_index(args);
  if (!db) return usage_error("query", db.error());

  for (const std::string* id : {&filter.introduced_by, &filter.source}) {
    if (id->empty()) continue;
    auto ref = query::has_node(db->handle(), *id);
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
