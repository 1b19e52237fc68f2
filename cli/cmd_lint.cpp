// anthology lint: the rules of docs/rules/ over the whole graph, reported for all notes or for PATHs.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "cli/color.h"
#include "cli/commands.h"
#include "cli/kernel_checks.h"
#include "cli/session.h"
#include "core/model/rule_catalog.h"
#include "core/rules/severity_policy.h"
#include "core/util/embedded_assets.h"
#include "render/lint/lint_report.h"

namespace anth::cli {

namespace {



// PATH arguments as corpus-relative prefixes: a path that exists from here is made relative to the root.
std::vector<std::string> report_prefixes(const std::vector<std::string>& paths, const fs::path& root) {
  std::vector<std::string> prefixes;
  std::error_code ec;
  fs::path canonical_root = fs::weakly_canonical(root, ec);
  for (const std::string& p : paths) {
    std::string rel = p;
    if (fs::exists(p, ec)) {
      fs::path r = fs::weakly_canonical(p, ec).lexically_relative(canonical_root);
      if (!r.empty() && r.native().rfind("..", 0) != 0) rel = r.generic_string();
    }
    if (rel == ".") rel.clear();
    prefixes.push_back(rel);
  }
  return prefixes;
}

bool in_report(const std::string& file, const std::vector<std::string>& prefixes) {
  if (prefixes.empty()) return true;
  for (const std::string& p : prefixes)
    if (p.empty() || file == p || (file.rfind(p, 0) == 0 && (p.back() == '/' || file[p.size()] == '/'))) return true;
  return false;
}

// The PATHs (as given) whose prefix names no file of the corpus: a typo must not read as "0 errors".
std::vector<std::string> unmatched_paths(const std::vector<std::string>& paths, const std::vector<std::string>& prefixes,
                                         const std::vector<std::string>& files) {
  std::vector<std::string> unmatched;
  for (std::size_t i = 0; i < prefixes.size(); ++i) {
    const std::vector<std::string> one{prefixes[i]};
    if (std::none_of(files.begin(), files.end(), [&](const std::string& f) { return in_report(f, one); }))
      unmatched.push_back(paths[i]);
  }
  return unmatched;
}

}  // namespace

int run_lint(const Args& args) {
  if (auto id = args.get("--explain")) {
    auto doc = util::embedded_asset("docs/rules/" + *id + ".md");
    if (!find_rule(*id) || !doc) return usage_error("lint", "no rule " + *id + " (rules are " + catalogue_ranges() + ")");
    std::cout << *doc;
    return 0;
  }
  std::string format = args.get("--format").value_or("text");
  if (format != "text" && format != "json" && format != "sarif")
    return usage_error("lint", "--format must be text, json or sarif, not '" + format + "'");
  long max_warnings = -1;
  if (auto m = args.get("--max-warnings")) {
    char* end = nullptr;
    max_warnings = std::strtol(m->c_str(), &end, 10);
    if (m->empty() || *end || max_warnings < 0) return usage_error("lint", "--max-warnings needs a number >= 0");
  }

  std::optional<Toolchain> toolchain;  // chosen first: a compiler that cannot run stops lint at once
  if (args.has("--run-kernels")) {
    auto chosen = choose_toolchain(args);
    if (!chosen) return usage_error("lint", "--run-kernels: " + chosen.error());
    toolchain = std::move(*chosen);
  }

  auto session = open_session(args);
  if (!session) return usage_error("lint", session.error());

  if (toolchain) {
    std::vector<std::string> missing;
    auto checks = check_kernels(*session, kernel_nodes(session->corpus(), {}, missing), *toolchain);
    auto findings = rules::finalize_diagnostics(kernel_findings(checks), session->corpus(), session->config);
    session->diagnostics.insert(session->diagnostics.end(), findings.begin(), findings.end());
    std::sort(session->diagnostics.begin(), session->diagnostics.end(), diagnostic_less);
  }

  std::vector<std::string> prefixes = report_prefixes(args.positionals, session->root);
  if (auto unmatched = unmatched_paths(args.positionals, prefixes, session->loaded->paths); !unmatched.empty()) {
    std::string names;
    for (const std::string& p : unmatched) names += (names.empty() ? "" : ", ") + p;
    return usage_error("lint", (unmatched.size() == 1 ? "no note at " : "no notes at ") + names);
  }
  std::vector<Diagnostic> shown;
  for (const Diagnostic& d : session->diagnostics)
    if (in_report(d.where.file, prefixes)) shown.push_back(d);

  render::lint::LintSummary summary;
  summary.files = session->loaded->paths.size();
  summary.nodes = session->graph->vertex_count();
  summary.edges = session->graph->edge_count();
  render::lint::count_severities(shown, summary);

  if (format == "json") std::cout << render::lint::format_json(shown, summary);
  else if (format == "sarif") std::cout << render::lint::format_sarif(shown, ANTHOLOGY_VERSION);
  else {
    bool color = use_color(args, STDOUT_FILENO);
    std::cout << render::lint::format_text(shown, summary, color);
  }
  session->end_with_process();
  bool too_many = max_warnings >= 0 && summary.warnings > static_cast<std::size_t>(max_warnings);
  if (too_many)
    std::cerr << "anthology lint: " << summary.warnings << " warnings exceed --max-warnings " << max_warnings << "\n";
  return summary.errors > 0 || too_many ? 1 : 0;
}

}  // namespace anth::cli
