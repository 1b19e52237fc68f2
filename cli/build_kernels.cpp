#include "cli/build_kernels.h"

#include <iostream>

#include "cli/kernel_checks.h"
#include "cli/progress.h"
#include "cli/toolchain.h"
#include "render/kernels/kernel_refresh.h"

namespace anth::cli {

std::vector<index::StoredKernelResult> refresh_build_kernels(const Args& args, Session& session) {
  if (args.has("--no-kernels")) return {};
  std::optional<Progress> progress;
  auto toolchain = [&]() -> std::optional<render::kernels::RefreshToolchain> {
    auto chosen = choose_toolchain(args);
    if (!chosen) {
      std::cerr << "anthology build: kernels not checked: " << chosen.error() << " (--no-kernels skips them)\n";
      return std::nullopt;
    }
    render::kernels::RefreshToolchain t{check_options(*chosen), compiler_label(*chosen)};
    progress.emplace("kernels", 0);
    t.options.progress = [&](std::size_t done, std::size_t total) {
      progress->set_total(total);
      progress->advance(done);
    };
    return t;
  };
  render::kernels::KernelRefresh refresh =
      render::kernels::refresh_kernel_results(session.corpus(), session.diagnostics, session.kernel_results, toolchain);
  if (progress) progress->finish();
  session.kernel_results = render::kernels::merge_results(std::move(session.kernel_results), refresh.rows);
  return std::move(refresh.rows);
}

void store_build_kernels(Session& session, const std::vector<index::StoredKernelResult>& rows) {
  if (rows.empty()) return;
  if (auto ok = session.index->store_kernel_results(rows); !ok)
    std::cerr << "anthology build: cannot store the kernel results: " << ok.error() << "\n";
}

}  // namespace anth::cli
