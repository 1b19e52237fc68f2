#include "core/rules/severity_policy.h"

#include <algorithm>
#include <unordered_map>

namespace anth::rules {

std::vector<Diagnostic> finalize_diagnostics(std::vector<Diagnostic> raw, const Corpus& corpus, const Config& config) {
  std::unordered_map<std::string, const Note*> by_path;
  for (const Note& n : corpus.notes) by_path.emplace(n.path, &n);
  std::vector<Diagnostic> out;
  out.reserve(raw.size());
  for (Diagnostic& d : raw) {
    d.severity = effective_severity(config, d.rule, d.severity);
    if (d.severity == Severity::Off) continue;
    if (auto it = by_path.find(d.where.file); it != by_path.end() && it->second->ignores(d.rule)) continue;
    out.push_back(std::move(d));
  }
  std::sort(out.begin(), out.end(), diagnostic_less);
  return out;
}

}  // namespace anth::rules