#include "render/site/query_answer.h"

#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "core/query/node_details.h"
#include "core/query/provenance.h"
#include "core/query/query_db.h"
#include "render/query/origin_report.h"
#include "render/query/walk_report.h"

namespace anth::site {

namespace {

Expected<query::ResultTable> sql_table(sqlite3* db, const std::string& sql) {
  query::ResultTable t;
  auto rows = query::run_readonly_sql(db, sql, query_block_sql_limits,
                                      {[&](const std::vector<std::string>& names) { t.columns = names; },
                                       [&](const std::vector<query::Cell>& cells) { t.rows.push_back(cells); }});
  if (!rows) return failure("--sql: " + rows.error());
  return t;
}

Expected<query::ResultTable> neighbors_table(sqlite3* db, const query::QuerySpec& spec) {
  auto g = query::graph_around(db, spec.id, spec.depth);
  if (!g) return std::unexpected(g.error());
  auto v = g->graph->vertex(spec.id);
  if (!v) return failure(query::no_node_message(db, spec.id));
  return render::neighbors_table(query::neighbor_hops(*g->graph, *v, spec.depth, spec.relations));
}

Expected<query::ResultTable> origin_table(sqlite3* db, const query::QuerySpec& spec) {
  auto provenance = query::load_provenance(db, spec.id);
  if (!provenance) return std::unexpected(provenance.error());
  if (!*provenance) return failure(query::no_node_message(db, spec.id));
  const std::string& kind = (*provenance)->practice.kind;
  if (kind != "SOTA") return failure("origin needs a practice (SOTA); " + spec.id + " is a " + (kind.empty() ? "node of no kind" : kind));
  return render::origin_table(**provenance);
}

}  // namespace

Expected<query::ResultTable> answer_query(sqlite3* db, const query::QuerySpec& spec) {
  switch (spec.command) {
    case query::QuerySpec::Command::Neighbors: return neighbors_table(db, spec);
    case query::QuerySpec::Command::Origin: return origin_table(db, spec);
    case query::QuerySpec::Command::Query: break;
  }
  if (spec.sql) return sql_table(db, *spec.sql);
  for (const std::string& id : spec.named_ids()) {
    auto known = query::has_node(db, id);
    if (!known) return std::unexpected(known.error());
    if (!*known) return failure(query::no_node_message(db, id));
  }
  return query::find_nodes(db, spec.filter);
}

}  // namespace anth::site
