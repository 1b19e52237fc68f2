// Q001 bad-query-block: a query block (docs/format.md "Query blocks") that cannot be answered.
// Documented in docs/rules/Q001.md; tested by tests/fixtures/rules/Q001/.
#include <optional>

#include "core/query/query_db.h"
#include "core/query/query_spec.h"
#include "core/rules/rule.h"
#include "core/util/did_you_mean.h"

namespace anth::rules {

namespace {

// `--sql` checked on an empty database of the index's schema: a statement that does not parse, names
// what the schema lacks, or is refused as a write fails there as on the index; one that fails only on
// the rows (a time or row limit) is told on the page.
std::optional<std::string> sql_problem(const std::string& sql, std::optional<query::QueryDb>& schema) {
  if (!schema) {
    auto made = query::QueryDb::schema_only();
    if (!made) return std::nullopt;  // cannot check here; the page will say
    schema.emplace(std::move(*made));
  }
  const query::RowSink ignore{[](const std::vector<std::string>&) {}, [](const std::vector<query::Cell>&) {}};
  auto rows = query::run_readonly_sql(schema->handle(), sql, {std::chrono::milliseconds(1000), 1000000}, ignore);
  if (rows) return std::nullopt;
  return "--sql: " + rows.error();
}

std::string no_node(const graph::Graph& g, const std::string& id) {
  std::string message = "no node " + id;
  std::vector<std::string> ids;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) ids.push_back(g.note(v).id);
  if (auto best = util::closest_match(id, ids)) message += "; did you mean " + *best + "?";
  return message;
}

// Why the block cannot be answered, or nullopt.
std::optional<std::string> problem(const graph::Graph& g, const Note& note, const QueryBlock& block, std::optional<query::QueryDb>& schema) {
  auto spec = query::parse_query_block(block.text, note.id);
  if (!spec) return spec.error();
  for (const std::string& id : spec->named_ids())
    if (!g.vertex(id)) return no_node(g, id);
  if (spec->command == query::QuerySpec::Command::Origin) {
    const Note& practice = g.note(*g.vertex(spec->id));
    if (practice.kind != Kind::Sota)
      return query::origin_needs_practice(spec->id, practice.kind ? kind_name(*practice.kind) : std::string());
  }
  if (spec->sql) return sql_problem(*spec->sql, schema);
  return std::nullopt;
}

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  std::optional<query::QueryDb> schema;  // made for the first --sql
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    const Note& note = g.note(v);
    for (const QueryBlock& block : note.rendered.queries)
      if (auto why = problem(g, note, block, schema))
        out.add({note.path, note.body_line + block.line - 1, block.column}, "query block: " + *why);
  }
}

const rules::RuleRegistration registered{{"Q001", "bad-query-block", Severity::Warning,
                                   "A query block that cannot be answered: it does not parse, names no node, or its SQL fails."},
                                  check};

}  // namespace

}  // namespace anth::rules
