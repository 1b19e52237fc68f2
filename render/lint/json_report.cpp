#include <nlohmann/json.hpp>

#include "core/rules/rule_catalog.h"
#include "render/lint/lint_report.h"

namespace anth {

std::string format_json(const std::vector<Diagnostic>& diagnostics, const LintSummary& summary) {
  using nlohmann::ordered_json;
  ordered_json list = ordered_json::array();
  for (const Diagnostic& d : diagnostics) {
    const RuleInfo* rule = find_rule(d.rule);
    ordered_json related = ordered_json::array();
    for (const RelatedLocation& r : d.related)
      related.push_back({{"file", r.where.file}, {"line", r.where.line}, {"column", r.where.column}, {"message", r.message}});
    list.push_back({{"rule", d.rule},
                    {"name", rule ? std::string(rule->name) : ""},
                    {"severity", severity_name(d.severity)},
                    {"file", d.where.file},
                    {"line", d.where.line},
                    {"column", d.where.column},
                    {"message", d.message},
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
  return doc.dump(2) + "\n";
}

}  // namespace anth
