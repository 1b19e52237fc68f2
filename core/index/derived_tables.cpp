// The small derived tables (diagnostics, meta) and what the table writers share; the graph tables
// are in graph_tables.cpp and the full-text tables in search_table.cpp.
#include "core/index/derived_tables.h"

#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_set>

#include "core/index/index.h"
#include "core/index/sqlite_util.h"
#include "core/model/rule_catalog.h"

#ifndef ANTHOLOGY_VERSION
#define ANTHOLOGY_VERSION "unknown"
#endif

namespace anth::index::detail {

const char* origin_text(Origin origin) {
  switch (origin) {
    case Origin::Frontmatter: return "frontmatter";
    case Origin::Inline: return "inline";
    case Origin::Body: return "body";
    case Origin::Property: return "property";
    case Origin::Link: return "link";
  }
  return "frontmatter";
}

std::optional<Origin> origin_named(std::string_view text) {
  for (Origin o : {Origin::Frontmatter, Origin::Inline, Origin::Body, Origin::Property, Origin::Link})
    if (text == origin_text(o)) return o;
  return std::nullopt;
}

std::vector<const Note*> node_notes(const Corpus& corpus) {
  std::vector<const Note*> out;
  out.reserve(corpus.notes.size());
  std::unordered_set<std::string_view> seen;
  seen.reserve(corpus.notes.size() * 2);
  for (const Note& n : corpus.notes)
    if (n.in_graph && seen.insert(n.id).second) out.push_back(&n);
  for (const Note& n : corpus.notes)
    if (!n.in_graph && seen.insert(n.id).second) out.push_back(&n);
  return out;
}

// ---- diagnostics ----

util::Expected<void> write_diagnostics(sqlite3* db, const std::vector<Diagnostic>& diagnostics) {
  ANTH_INDEX_TRY(exec(db, "DELETE FROM diagnostics"));
  Statement s(db,
              "INSERT INTO diagnostics(rule, name, severity, file, line, col, message, related) "
              "VALUES(?1,?2,?3,?4,?5,?6,?7,?8)");
  ANTH_INDEX_TRY(s.ready());
  std::string related;
  for (const Diagnostic& d : diagnostics) {
    nlohmann::json list = nlohmann::json::array();
    for (const RelatedLocation& r : d.related)
      list.push_back({{"file", r.where.file}, {"line", r.where.line}, {"col", r.where.column}, {"message", r.message}});
    related = list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    s.text(1, d.rule);
    if (const RuleInfo* info = find_rule(d.rule)) s.text(2, info->name);
    else s.null(2);
    s.text(3, severity_name(d.severity));
    bind_location(s, 4, d.where);
    s.text(7, d.message);
    s.text(8, related);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}
// ---- meta ----

util::Expected<void> write_meta(sqlite3* db, const Corpus& corpus) {
  Statement s(db, "INSERT INTO meta(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  ANTH_INDEX_TRY(s.ready());
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
  const std::string version = std::to_string(index_schema_version);
  const std::pair<const char*, std::string_view> rows[] = {
      {"schema_version", version}, {"anthology_version", ANTHOLOGY_VERSION}, {"root", corpus.root}, {"updated_at", stamp}};
  for (const auto& [key, value] : rows) {
    s.text(1, key);
    s.text(2, value);
    ANTH_INDEX_TRY(s.run());
  }
  s.text(1, "folders");
  s.text(2, corpus.folder_stamps);
  ANTH_INDEX_TRY(s.run());
  s.text(1, "scanned_ns");
  s.integer(2, corpus.scanned_at_ns);  // kept as text by the column's affinity
  ANTH_INDEX_TRY(s.run());
  return {};
}

}  // namespace anth::index::detail
