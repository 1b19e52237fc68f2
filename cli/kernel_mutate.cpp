#include "cli/kernel_mutate.h"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <map>

#include "cli/progress.h"
#include "core/util/thread_pool.h"
#include "render/kernels/kernel_library.h"
#include "render/kernels/kernel_mutants.h"
#include "render/kernels/kernel_runner.h"

namespace anth::cli {

namespace {

struct Job {
  std::string base;  // the kernel's name, for the table
  render::kernels::Mutant mutant;
  KernelRequest request;
  render::kernels::KernelResult result;
  std::string error;  // the mutant could not be applied
};

std::string effective_variant(const std::string& kernel_name) {
  const auto [base, variant] = split_kernel_name(kernel_name);
  const KernelInfo* info = find_kernel(base);
  return !variant.empty() || !info || info->variants.empty() ? variant : info->variants.front();
}

// The jobs of one target; false when it names neither a kernel nor a node with one.
bool add_jobs(const Session& s, const std::string& target, std::vector<Job>& jobs) {
  const Note* node = find_kernel(target) ? nullptr : s.corpus().find(target);
  if (!find_kernel(target) && (!node || node->kernel.empty() || !find_kernel(node->kernel))) return false;
  const std::string kernel_name = node ? node->kernel : target;
  const auto [base, variant] = split_kernel_name(kernel_name);
  for (render::kernels::Mutant& m : render::kernels::kernel_mutants(base)) {
    // A kernel named without a variant runs every mutant; a variant or a node only those of its variant.
    if ((node || !variant.empty()) && effective_variant(m.kernel) != effective_variant(kernel_name)) continue;
    KernelRequest request{node ? node->id : "MUTANT", node ? node->title : m.name, m.kernel,
                                   node ? node->kernel_params : std::vector<std::pair<std::string, double>>{}};
    jobs.push_back({base, std::move(m), std::move(request), {}, {}});
  }
  return true;
}

std::string failing_claims(const render::kernels::KernelResult& r) {
  std::string out;
  for (std::size_t i = 0; i < r.claims.size(); ++i)
    if (!r.claims[i].pass) out += (out.empty() ? "" : ", ") + std::to_string(i + 1);
  return out;
}

// Caught: the program ran to its RESULT line and a claim failed there.
bool caught(const Job& job) { return job.error.empty() && job.result.error.empty() && !failing_claims(job.result).empty(); }

void run_jobs(std::vector<Job>& jobs, const render::kernels::RunOptions& options) {
  std::atomic<std::size_t> done{0};
  Progress progress("mutants", jobs.size());
  // Two at a time: each runs a compiler, and the machine has other work.
  util::parallel_for(jobs.size(), 2, [&](std::size_t i, unsigned) {
    Job& job = jobs[i];
    try {
      const std::string source = render::kernels::apply_mutant(render::kernels::emit_kernel_source(job.request), job.mutant);
      render::kernels::RunOptions own = options;
      own.source_name = job.base + ".cpp";
      job.result = render::kernels::compile_and_run(source, own);
    } catch (const std::exception& e) {
      job.error = e.what();
    }
    progress.advance(++done);
  });
  progress.finish();
}

void print_table(const std::vector<Job>& jobs) {
  std::vector<std::string> order;
  std::map<std::string, std::pair<std::size_t, std::vector<std::string>>> score;  // caught, survivors
  for (const Job& job : jobs) {
    if (!score.count(job.base)) order.push_back(job.base);
    auto& [count, survivors] = score[job.base];
    if (caught(job)) ++count;
    else survivors.push_back(job.mutant.name);
  }
  std::cout << "\nkernel            caught/tried  survived\n";
  for (const std::string& base : order) {
    const auto& [count, survivors] = score[base];
    std::string tally = std::to_string(count) + "/" + std::to_string(count + survivors.size());
    std::cout << base << std::string(base.size() < 18 ? 18 - base.size() : 1, ' ') << tally
              << std::string(tally.size() < 14 ? 14 - tally.size() : 1, ' ');
    for (std::size_t i = 0; i < survivors.size(); ++i) std::cout << (i ? ", " : "") << survivors[i];
    std::cout << (survivors.empty() ? "-" : "") << "\n";
  }
}

}  // namespace

int mutate_kernels(const Session& s, const std::vector<std::string>& targets, const Toolchain& toolchain) {
  std::vector<Job> jobs;
  std::vector<std::string> names = targets;
  if (names.empty())
    for (const auto& k : kernel_library()) names.push_back(k.name);
  for (const std::string& target : names)
    if (!add_jobs(s, target, jobs)) {
      std::cerr << "anthology kernels: " << target << " is neither a kernel nor a node with one\n";
      return 2;
    }
  render::kernels::RunOptions options;
  options.compiler = toolchain.compiler;
  // A mutant may leave a variable unused: warnings are no reason to refuse it.
  options.flags.clear();
  for (const std::string& flag : toolchain.flags)
    if (flag != "-Werror") options.flags.push_back(flag);
  run_jobs(jobs, options);
  bool all = true;
  for (const Job& job : jobs) {
    all = all && caught(job);
    const std::string why = !job.error.empty()          ? "not run: " + job.error
                            : !job.result.error.empty() ? "not run: " + job.result.error
                            : caught(job) ? (failing_claims(job.result).find(',') == std::string::npos ? "claim " : "claims ") +
                                                failing_claims(job.result) +
                                                (failing_claims(job.result).find(',') == std::string::npos ? " fails" : " fail")
                                                        : "every claim holds";
    std::cout << (caught(job) ? "caught    " : "SURVIVED  ") << job.mutant.kernel << "  " << job.mutant.name << "  ("
              << why << ")  " << job.mutant.description << "\n";
  }
  print_table(jobs);
  return all ? 0 : 1;
}

}  // namespace anth::cli
