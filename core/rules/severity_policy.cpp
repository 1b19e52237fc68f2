#include "core/rules/severity_policy.h"

#include <algorithm>

namespace anth::rules {

std::vector<Diagnostic> finalize_diagnostics(std::vector<Diagnostic> raw, const Corpus& corpus, const Config& config) {
  // The notes are sorted by path: a finding's note is found by halving, with no map of every path.
  auto note_of = [&](const std::string& path) -> const Note* {
    auto it = std::lower_bound(corpus.notes.begin(), corpus.notes.end(), path, [](const Note& n, const std::string& p) { return n.path < p; });
    return it != corpus.notes.end() && it->path == path ? &*it : nullptr;
  };
  std::vector<Diagnostic> out;
  out.reserve(raw.size());
  for (Diagnostic& d : raw) {
    d.severity = effective_severity(config, d.rule, d.severity);
    if (d.severity == Severity::Off) continue;
    if (const Note* n = note_of(d.where.file); n && n->ignores(d.rule)) continue;
    out.push_back(std::move(d));
  }
  std::sort(out.begin(), out.end(), diagnostic_less);
  return out;
}

}  // namespace anth::rules