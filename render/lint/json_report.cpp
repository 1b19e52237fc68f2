#include <nlohmann/json.hpp>

#include "core/model/rule_catalog.h"
#include "core/util/utf8.h"
#include "render/lint/lint_report.h"

namespace anth::render::lint {

std::string format_json(const std::vector<Diagnostic>& diagnostics, const LintSummary& summary) {
  using nlohmann::ordered_json;
  ordered_json list = ordered_json::array();
  for (const Diagnostic& d : diagnostics) {
    const RuleInfo* rule = find_rule(d.rule);
    ordered_json related = ordered_json::array();
    for (const RelatedLocation& r : d.related)
      related.push_back({{"file", util::escape_invalid_utf8(r.where.file)},
                         {"line", r.where.line},
                         {"column", r.where.column},
                         {"message", util::escape_invalid_utf8(r.message)}});
    list.push_back({{"rule", d.rule},
                    {"name", rule ? std::string(rule->name) : ""},
                    {"severity", severity_name(d.severity)},
                    {"file", util::escape_invalid_utf8(d.where.file)},
                    {"line", d.where.line},
                    {"column", d.where.column},
                    {"message", util::escape_invalid_utf8(d.message)},
                    {"related", related}});
  }
  ordered_json doc = {{"version", 1},
                      {"diagnostics", list},
                      {"summary",
                       {{"files", summary.files},
                        {"nodes", summary.nodes},
                        {"edges", summary.edges},
                        {"errors", summary.errors},
                        {"warnings", summary.warnings},
                        {"infos", summary.infos}}}};
  // File names are any bytes and messages quote them: escaped above; anything missed is replaced by
  // U+FFFD rather than thrown at the reader as a crash.
  return doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace anth::render::lint