// anthology query: find nodes by kind, tag, status, origin, source, year, contest or text, or run one
// read-only SQL statement; answered from the index (refreshed first when a note changed).
#include <iostream>

#include "cli/commands.h"
#include "cli/node_operand.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/node_details.h"
#include "core/query/node_search.h"
#include "core/query/query_spec.h"
#include "core/query/query_words.h"
#include "core/query/sql_query.h"
#include "render/query/result_formats.h"
#include "render/query/text_width.h"

namespace anth::cli {

namespace {

// Streams the statement's rows to stdout; a stopped statement leaves well-formed output of the rows
// so far and exits 2.
int run_sql(sqlite3* db, const std::string& sql, render::query::ResultFormat format, const query::SqlLimits& limits) {
  render::query::ResultStream stream(std::cout, format, render::query::output_width());
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
  std::string format_name = args.get("--format").value_or("table");
  auto format = render::query::parse_result_format(format_name);
  if (!format) return usage_error("query", query::not_one_of("format", format_name, {"table", "json", "csv", "ids"}));
  auto spec = query::query_spec(args.values, args.positionals);
  if (!spec) return usage_error("query", spec.error());
  if (!spec->sql && (args.has("--timeout") || args.has("--max-rows")))
    return usage_error("query", "--timeout and --max-rows limit --sql only");
  auto limits = query::sql_limits(args.values);
  if (!limits) return usage_error("query", limits.error());
  const query::NodeFilter& filter = spec->filter;
  const std::optional<std::string>& sql = spec->sql;

  auto db = open_query_index(args);
  if (!db) return usage_error("query", db.error());

  for (std::string* named : {&spec->filter.introduced_by, &spec->filter.source}) {
    if (named->empty()) continue;
    auto id = node_operand(db->handle(), *named, "query");
    if (!id) return usage_error("query", id.error());
    if (!*id) return 1;
    *named = **id;
  }

  if (sql) return run_sql(db->handle(), *sql, *format, *limits);
  auto table = query::find_nodes(db->handle(), filter);
  if (!table) return usage_error("query", table.error());
  bool empty = table->rows.empty();
  if (!empty || *format == render::query::ResultFormat::Json || *format == render::query::ResultFormat::Csv)
    std::cout << render::query::format_result(*table, *format, render::query::output_width());
  if (empty) std::cerr << "anthology query: nothing matches\n";
  return empty ? 1 : 0;
}

}  // namespace anth::cli
