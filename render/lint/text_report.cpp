#include "core/model/rule_catalog.h"
#include "core/util/terminal_text.h"
#include "render/lint/lint_report.h"

namespace anth::render::lint {

namespace {

const char* color_of(Severity s) {
  switch (s) {
    case Severity::Error: return "\033[1;31m";
    case Severity::Warning: return "\033[1;35m";
    case Severity::Info: return "\033[1;36m";
    case Severity::Off: return "";
  }
  return "";
}

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

void count_severities(const std::vector<Diagnostic>& diagnostics, LintSummary& summary) {
  summary.errors = summary.warnings = summary.infos = 0;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == Severity::Error) ++summary.errors;
    else if (d.severity == Severity::Warning) ++summary.warnings;
    else if (d.severity == Severity::Info) ++summary.infos;
  }
}

std::string format_text(const std::vector<Diagnostic>& diagnostics, const LintSummary& summary, bool color) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    const RuleInfo* rule = find_rule(d.rule);
    // File names and messages quote notes: escaped, so they cannot forge lines or drive the terminal.
    out += util::escape_for_terminal(d.where.file) + ":" + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": ";
    out += color ? std::string(color_of(d.severity)) + severity_name(d.severity) + "\033[0m" : severity_name(d.severity);
    out += ": " + util::escape_for_terminal(d.message) + " [" + d.rule + (rule ? " " + std::string(rule->name) : "") + "]\n";
    for (const RelatedLocation& r : d.related)
      out += "  " + util::escape_for_terminal(r.where.file) + ":" + std::to_string(r.where.line) + ":" +
             std::to_string(r.where.column) + ": note: " + util::escape_for_terminal(r.message) + "\n";
  }
  out += plural(summary.files, "file") + ", " + plural(summary.nodes, "node") + ", " + plural(summary.edges, "edge") +
         ": " + plural(summary.errors, "error") + ", " + plural(summary.warnings, "warning") + ", " +
         plural(summary.infos, "info") + "\n";
  return out;
}

}  // namespace anth::render::lint