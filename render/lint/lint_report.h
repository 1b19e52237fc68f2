#pragma once
// The three forms of `anthology lint` output (docs/rules/README.md, "Output and exit status"): compiler-style text, JSON, SARIF 2.1.0.
#include <string>
#include <vector>

#include "core/model/diagnostic.h"

namespace anth::render::lint {

struct LintSummary {
  std::size_t files = 0;
  std::size_t nodes = 0;
  std::size_t edges = 0;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
};

// Counts errors, warnings and infos into the summary.
void count_severities(const std::vector<Diagnostic>& diagnostics, LintSummary& summary);

// One line per diagnostic ("file:line:col: severity: message [ID name]"), then the summary line.
std::string format_text(const std::vector<Diagnostic>& diagnostics, const LintSummary& summary, bool color);
std::string format_json(const std::vector<Diagnostic>& diagnostics, const LintSummary& summary);
std::string format_sarif(const std::vector<Diagnostic>& diagnostics, const std::string& tool_version);

}  // namespace anth::render::lint