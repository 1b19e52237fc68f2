// refresh_kernel_results: the missing or stale kernel results of a build, each distinct program once.
#include "render/kernels/kernel_refresh.h"

#include <algorithm>
#include <map>

namespace anth::render::kernels {

KernelRefresh refresh_kernel_results(const Corpus& corpus, const std::vector<Diagnostic>& diagnostics,
                                     const std::vector<index::StoredKernelResult>& stored,
                                     const std::function<std::optional<RefreshToolchain>()>& toolchain) {
  KernelRefresh out;
  std::map<std::string, const index::StoredKernelResult*, std::less<>> by_node, by_program;
  for (const index::StoredKernelResult& r : stored) {
    by_node[r.node] = &r;
    if (!r.program.empty()) by_program.try_emplace(r.program, &r);
  }
  std::vector<std::string> none;
  std::vector<KernelCheck> checks = plan_checks(kernel_nodes(corpus, {}, none), diagnostics);
  std::vector<KernelCheck> to_run;
  for (KernelCheck& c : checks) {
    if (c.skipped) continue;
    auto own = by_node.find(c.node->id);
    if (own != by_node.end() && own->second->program == c.program) continue;  // current
    if (auto same = by_program.find(c.program); same != by_program.end()) {
      index::StoredKernelResult row = *same->second;  // another node ran this very program
      row.node = c.node->id;
      row.kernel = c.node->kernel;
      out.rows.push_back(std::move(row));
      ++out.reused;
      continue;
    }
    to_run.push_back(std::move(c));
  }
  if (!to_run.empty()) {
    std::optional<RefreshToolchain> chosen = toolchain ? toolchain() : std::nullopt;
    if (!chosen) {
      out.unchecked = to_run.size();
    } else {
      out.programs_run = run_checks(to_run, chosen->options);
      const std::string when = utc_now();
      for (const KernelCheck& c : to_run) out.rows.push_back(stored_result(c, chosen->compiler_label, when));
    }
  }
  std::sort(out.rows.begin(), out.rows.end(), [](const auto& a, const auto& b) { return a.node < b.node; });
  return out;
}

std::vector<index::StoredKernelResult> merge_results(std::vector<index::StoredKernelResult> stored, std::vector<index::StoredKernelResult> fresh) {
  std::map<std::string, index::StoredKernelResult> rows;
  for (index::StoredKernelResult& r : stored) rows[r.node] = std::move(r);
  for (index::StoredKernelResult& r : fresh) rows[r.node] = std::move(r);
  std::vector<index::StoredKernelResult> out;
  out.reserve(rows.size());
  for (auto& [node, r] : rows) out.push_back(std::move(r));
  return out;
}

}  // namespace anth::render::kernels
