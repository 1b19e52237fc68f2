#include "render/site/query_answer.h"

#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "core/query/node_details.h"
#include "core/query/provenance.h"
#include "core/query/query_db.h"
#include "core/query/query_spec.h"
#include "render/query/origin_report.h"
#include "render/query/walk_report.h"

namespace anth::render::site {

namespace {

util::Expected<anth::query::ResultTable> sql_table(sqlite3* db, const std::string& sql) {
  anth::query::ResultTable t;
  auto rows = anth::query::run_readonly_sql(db, sql, query_block_sql_limits,
                                      {[&](const std::vector<std::string>& names) { t.columns = names; },
                                       [&](const std::vector<anth::query::Cell>& cells) { t.rows.push_back(cells); }});
  if (!rows) return util::failure("--sql: " + rows.error());
  return t;
}

util::Expected<anth::query::ResultTable> neighbors_table(sqlite3* db, const anth::query::QuerySpec& spec) {
  auto g = anth::query::graph_around(db, spec.id, spec.depth);
  if (!g) return std::unexpected(g.error());
  auto v = g->graph->vertex(spec.id);
  if (!v) return util::failure(anth::query::no_node_message(db, spec.id));
  return render::query::neighbors_table(anth::query::neighbor_hops(*g->graph, *v, spec.depth, spec.relations));
}

util::Expected<anth::query::ResultTable> origin_table(sqlite3* db, const anth::query::QuerySpec& spec) {
  auto provenance = anth::query::load_provenance(db, spec.id);
  if (!provenance) return std::unexpected(provenance.error());
  if (!*provenance) return util::failure(anth::query::no_node_message(db, spec.id));
  const std::string& kind = (*provenance)->practice.kind;
  if (kind != "SOTA") return util::failure(anth::query::origin_needs_practice(spec.id, kind));
  return render::query::origin_table(**provenance);
}

}  // namespace

util::Expected<anth::query::ResultTable> answer_query(sqlite3* db, const anth::query::QuerySpec& spec) {
  switch (spec.command) {
    case anth::query::QuerySpec::Command::Neighbors: return neighbors_table(db, spec);
    case anth::query::QuerySpec::Command::Origin: return origin_table(db, spec);
    case anth::query::QuerySpec::Command::Query: break;
  }
  if (spec.sql) return sql_table(db, *spec.sql);
  for (const std::string& id : spec.named_ids()) {
    auto known = anth::query::has_node(db, id);
    if (!known) return std::unexpected(known.error());
    if (!*known) return util::failure(anth::query::no_node_message(db, id));
  }
  return anth::query::find_nodes(db, spec.filter);
}

}  // namespace anth::render::site
