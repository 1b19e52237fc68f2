#include "workspace/lsp/diagnostics.h"

#include "core/model/rule_catalog.h"

namespace anth::workspace::lsp {

int lsp_severity(Severity severity) {
  switch (severity) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    default: return 3;
  }
}

json diagnostics_of(const Context& context, const std::string& path, const Text& text) {
  json out = json::array();
  if (!context.workspace) return out;
  for (const Diagnostic& d : context.workspace->diagnostics()) {
    if (d.where.file != path) continue;
    json item = {{"range", to_json(context.range_at(text, d.where.line, d.where.column))},
                 {"severity", lsp_severity(d.severity)},
                 {"code", d.rule},
                 {"source", "anthology"},
                 {"message", d.message}};
    if (const RuleInfo* rule = find_rule(d.rule)) item["message"] = d.message + " [" + std::string(rule->name) + "]";
    if (!context.rules_href.empty()) item["codeDescription"] = {{"href", context.rules_href + d.rule + ".md"}};
    if (!d.related.empty()) {
      json related = json::array();
      for (const RelatedLocation& r : d.related) {
        std::unique_ptr<Text> other = r.where.file == path ? nullptr : context.text_of(r.where.file);
        if (r.where.file != path && !other) other = std::make_unique<Text>("");
        const Text& t = other ? *other : text;
        related.push_back({{"location", context.location(t, r.where.file, r.where.line, r.where.column)}, {"message", r.message}});
      }
      item["relatedInformation"] = related;
    }
    out.push_back(std::move(item));
  }
  return out;
}

}  // namespace anth::workspace::lsp
