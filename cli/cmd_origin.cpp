// anthology origin SOTA-…: a practice's provenance from the index: its origin paper, the earliest
// linked papers and how each is linked (docs/rules/P001.md), the readings of the origin and their hedges,
// contests and the lint findings on it.
#include <iostream>

#include "cli/commands.h"
#include "cli/node_operand.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/provenance.h"
#include "core/query/query_spec.h"
#include "render/query/origin_report.h"

namespace anth::cli {

namespace {



}  // namespace

int run_origin(const Args& args) {
  auto spec = query::origin_spec(args.positionals);
  if (!spec) return usage_error("origin", spec.error());
  std::string format = args.get("--format").value_or("text");
  if (format != "text" && format != "json")
    return usage_error("origin", "--format must be text or json, not '" + format + "'");

  auto db = open_query_index(args);
  if (!db) return usage_error("origin", db.error());
  auto named = node_operand(db->handle(), spec->id, "origin");
  if (!named) return usage_error("origin", named.error());
  if (!*named) return 1;
  const std::string& id = **named;
  auto provenance = query::load_provenance(db->handle(), id);
  if (!provenance) return usage_error("origin", provenance.error());
  if (!*provenance) {
    std::cerr << "anthology origin: " << query::no_node_message(db->handle(), id) << "\n";
    return 1;
  }
  if ((*provenance)->practice.kind != "SOTA")
    return usage_error("origin", id + " is a " + ((*provenance)->practice.kind.empty() ? "node of no kind" : (*provenance)->practice.kind) +
                                     ", not a practice (SOTA); try 'anthology show " + id + "'");
  std::cout << (format == "json" ? render::query::origin_json(**provenance) : render::query::origin_text(**provenance));
  return 0;
}

}  // namespace anth::cli
