#include "cli/kernel_checks.h"

#include <cstdio>

#include "cli/progress.h"
#include "core/util/thread_pool.h"

namespace anth::cli {

render::kernels::CheckOptions check_options(const Toolchain& toolchain) {
  render::kernels::CheckOptions options;
  options.run.compiler = toolchain.compiler;
  options.run.flags = toolchain.flags;
  options.workers = util::worker_count();  // each runs a compiler: one per core
  return options;
}

std::string compiler_label(const Toolchain& toolchain) {
  const std::string version = render::kernels::compiler_version(toolchain.compiler);
  return version.empty() ? toolchain.compiler : toolchain.compiler + " (" + version + ")";
}

std::vector<KernelCheck> check_kernels(Session& session, const std::vector<const Note*>& nodes,
                                       const Toolchain& toolchain) {
  std::vector<KernelCheck> checks = render::kernels::plan_checks(nodes, session.diagnostics);
  render::kernels::CheckOptions options = check_options(toolchain);
  Progress progress("kernels", nodes.size());
  options.progress = [&](std::size_t done, std::size_t total) {
    progress.set_total(total);
    progress.advance(done);
  };
  render::kernels::run_checks(checks, options);
  progress.finish();

  const std::string label = compiler_label(toolchain), when = render::kernels::utc_now();
  std::vector<index::StoredKernelResult> rows;
  for (const KernelCheck& c : checks)
    if (!c.skipped) rows.push_back(render::kernels::stored_result(c, label, when));
  if (auto ok = session.index->store_kernel_results(rows); !ok)
    std::fprintf(stderr, "anthology: cannot store the kernel results: %s\n", ok.error().c_str());
  return checks;
}

std::vector<Diagnostic> kernel_config_findings(const Config& config) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : config.findings)
    if (d.message.rfind("[kernels]", 0) == 0) out.push_back(d);
  return out;
}

}  // namespace anth::cli
