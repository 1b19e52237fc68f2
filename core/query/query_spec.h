#pragma once
// What a query command asks, parsed once for both places a query is written: the command line
// (cli/cmd_query.cpp, cmd_neighbors.cpp, cmd_origin.cpp hand over their flags) and the query blocks of
// notes (a fenced block with the info string `anthology`, docs/format.md "Query blocks"), which give the
// words of a command line without the program name. Errors are values: the reason, one line.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/query/node_search.h"
#include "core/query/sql_query.h"
#include "core/util/expected.h"

namespace anth::query {

// Flag -> its values in order ("" for a switch), as the command line's parser gives them.
using FlagValues = std::map<std::string, std::vector<std::string>>;

struct QuerySpec {
  enum class Command { Query, Neighbors, Origin };
  Command command = Command::Query;
  NodeFilter filter;               // query without --sql
  std::optional<std::string> sql;  // query --sql
  std::string id;                  // neighbors ID, origin SOTA-ID
  int depth = 1;                   // neighbors --depth
  std::vector<std::string> relations;  // neighbors --relation, none: all

  // The ids it names that must be nodes: --introduced-by, --source, the operand of neighbors and origin.
  std::vector<std::string> named_ids() const;
  // One line that means what the spec means: equal for equal queries however they were written.
  std::string canonical() const;
};

// A flag of a query command and whether it takes a value.
struct FlagShape {
  std::string_view name;
  bool takes_value;
};
// `query`'s filter flags, which --sql excludes.
const std::vector<FlagShape>& filter_flags();

// `query`'s filters from its flags (--kind, --tag, --status, --introduced-by, --source, --year,
// --contested, --text, --sort, --limit); flags of other meaning are ignored.
util::Expected<NodeFilter> node_filter(const FlagValues& flags);
// `query` from its flags and operands: filters, or --sql alone (the command line's --format,
// --freshness, --timeout and --max-rows are not the spec's and are ignored here).
util::Expected<QuerySpec> query_spec(const FlagValues& flags, const std::vector<std::string>& operands);
// `neighbors ID [--depth N] [--relation R,..]`.
util::Expected<QuerySpec> neighbors_spec(const FlagValues& flags, const std::vector<std::string>& operands);
// `origin SOTA-ID`.
util::Expected<QuerySpec> origin_spec(const std::vector<std::string>& operands);
// --timeout SECONDS and --max-rows N of `query --sql`.
util::Expected<SqlLimits> sql_limits(const FlagValues& flags);

// A query block's command line: "query ...", "neighbors ID ...", "origin SOTA-ID", with the flags
// each command takes on the command line but those that choose how the answer is printed or
// checked (--format, --freshness, --timeout, --max-rows). `this`, where an id goes, is `this_id`.
util::Expected<QuerySpec> parse_query_block(std::string_view line, std::string_view this_id);

// Why `origin ID` has no answer when ID is not a practice: `kind` is its kind's name, empty for none.
// One wording for the lint rule (Q001) and the page's error box.
std::string origin_needs_practice(std::string_view id, std::string_view kind);

}  // namespace anth::query
