// SARIF 2.1.0, as code-scanning services ingest it: every rule in tool.driver.rules with short and full
// descriptions and help; results with a physical location and related locations.
#include <nlohmann/json.hpp>

#include "core/model/rule_catalog.h"
#include "core/util/utf8.h"
#include "core/util/embedded_assets.h"
#include "render/lint/lint_report.h"
#include "render/site/html.h"

namespace anth::render::lint {

namespace {

using nlohmann::ordered_json;

const char* sarif_level(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "note";
    case Severity::Off: return "none";
  }
  return "none";
}

// artifactLocation.uri is a URI reference (SARIF 3.4.3): a path is percent-encoded ("a b.md" -> "a%20b.md").
ordered_json physical(const Location& where) {
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", render::site::percent_encode(util::escape_invalid_utf8(where.file))}, {"uriBaseId", "CORPUS"}}},
            {"region", {{"startLine", where.line}, {"startColumn", where.column}}}}}};
}

ordered_json rule_descriptor(const RuleInfo& rule) {
  std::string doc = std::string(util::embedded_asset("docs/rules/" + std::string(rule.id) + ".md").value_or(rule.summary));
  return {{"id", rule.id},
          {"name", rule.name},
          {"shortDescription", {{"text", rule.summary}}},
          {"fullDescription", {{"text", doc}}},
          {"help", {{"text", doc}, {"markdown", doc}}},
          {"defaultConfiguration", {{"level", sarif_level(rule.severity)}}}};
}

}  // namespace

std::string format_sarif(const std::vector<Diagnostic>& diagnostics, const std::string& tool_version) {
  ordered_json rules = ordered_json::array();
  for (const RuleInfo& r : rule_catalog()) rules.push_back(rule_descriptor(r));

  ordered_json results = ordered_json::array();
  for (const Diagnostic& d : diagnostics) {
    std::size_t rule_index = 0;
    for (; rule_index < rule_catalog().size(); ++rule_index)
      if (rule_catalog()[rule_index].id == d.rule) break;
    ordered_json result = {{"ruleId", d.rule},
                           {"ruleIndex", rule_index},
                           {"level", sarif_level(d.severity)},
                           {"message", {{"text", util::escape_invalid_utf8(d.message)}}},
                           {"locations", ordered_json::array({physical(d.where)})}};
    if (!d.related.empty()) {
      ordered_json related = ordered_json::array();
      int id = 1;
      for (const RelatedLocation& r : d.related) {
        ordered_json loc = physical(r.where);
        loc["id"] = id++;
        loc["message"] = {{"text", util::escape_invalid_utf8(r.message)}};
        related.push_back(loc);
      }
      result["relatedLocations"] = related;
    }
    results.push_back(result);
  }

  ordered_json doc = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       ordered_json::array({{{"tool",
                              {{"driver",
                                {{"name", "anthology"},
                                 {"version", tool_version},
                                 {"rules", rules}}}}},
                             {"originalUriBaseIds", {{"CORPUS", {{"description", {{"text", "the corpus root"}}}}}}},
                             // Columns count code points (SARIF 3.14.27 requires saying so when there are results).
                             {"columnKind", "unicodeCodePoints"},
                             {"results", results}}})}};
  // As in the JSON report: escaped file names, and U+FFFD for anything missed rather than a crash.
  return doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace anth::render::lint