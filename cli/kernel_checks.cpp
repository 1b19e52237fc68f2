#include "cli/kernel_checks.h"

#include <atomic>
#include <cstdio>
#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/progress.h"
#include "core/rules/kernel/k003_kernel_claim_failed.h"
#include "render/kernels/claim_text.h"
#include "render/kernels/kernel_library.h"

namespace anth::cli {

namespace {

std::string utc_now() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

kernels::KernelRequest request_of(const Note& n) { return {n.id, n.title, n.kernel, n.kernel_params}; }

std::string claims_json(const kernels::KernelResult& r) {
  nlohmann::ordered_json claims = nlohmann::ordered_json::array();
  for (const auto& c : r.claims) {
    nlohmann::ordered_json j = {{"claim", c.claim}, {"pass", c.pass}};
    // JSON has no NaN: a value that was not finite is stored as null.
    j["measured"] = std::isfinite(c.measured) ? nlohmann::ordered_json(c.measured) : nlohmann::ordered_json();
    j["bound"] = std::isfinite(c.bound) ? nlohmann::ordered_json(c.bound) : nlohmann::ordered_json();
    if (!c.direction.empty()) j["direction"] = c.direction;
    if (c.direction == "\u2248") j["tolerance"] = c.tolerance;
    claims.push_back(j);
  }
  return claims.dump();
}

// A finding lint has at the note's `kernel` or `kernel_params` (a value that is no number, say, which
// ingest drops): the request would run without it, so the note is refused with that finding.
std::string field_finding(const Session& session, const Note& n) {
  std::vector<Location> places;
  for (const char* key : {"kernel", "kernel_params"})
    if (const Field* f = n.field(key)) {
      places.push_back(f->where);
      for (const auto& item : f->items) places.push_back(item.where);
    }
  for (const Diagnostic& d : session.diagnostics)
    if (d.severity == Severity::Error && std::find(places.begin(), places.end(), d.where) != places.end())
      return d.where.file + ":" + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": " +
             d.message + " [" + d.rule + "] (see anthology lint)";
  return {};
}

}  // namespace

std::vector<const Note*> kernel_nodes(const Corpus& corpus, const std::vector<std::string>& ids,
                                      std::vector<std::string>& missing) {
  std::vector<const Note*> out;
  if (ids.empty()) {
    for (const Note& n : corpus.notes)
      if (n.in_graph && !n.kernel.empty()) out.push_back(&n);
  } else {
    for (const std::string& id : ids) {
      const Note* n = corpus.find(id);
      if (!n || n->kernel.empty()) missing.push_back(id);
      else out.push_back(n);
    }
  }
  std::sort(out.begin(), out.end(), [](const Note* a, const Note* b) { return a->id < b->id; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<KernelCheck> check_kernels(Session& session, const std::vector<const Note*>& nodes,
                                       const Toolchain& toolchain) {
  std::vector<KernelCheck> checks(nodes.size());
  kernels::RunOptions options;
  options.compiler = toolchain.compiler;
  options.flags = toolchain.flags;
  // The page names the compiler with its version (the command alone says little: c++ is g++ or clang++).
  const std::string version = kernels::compiler_version(toolchain.compiler);
  const std::string compiler_label = version.empty() ? toolchain.compiler : toolchain.compiler + " (" + version + ")";
  std::atomic<std::size_t> next{0}, done{0};
  Progress progress("kernels", nodes.size());
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < nodes.size();) {
      KernelCheck& c = checks[i];
      c.node = nodes[i];
      auto problems = kernels::check_kernel_request(request_of(*c.node));
      if (!problems.empty() || !(c.skip_reason = field_finding(session, *c.node)).empty()) {
        c.skipped = true;
        if (!problems.empty()) c.skip_reason = problems.front().message;
        continue;
      }
      // Each kernel its own options: the two workers must not share the source name.
      kernels::RunOptions own = options;
      own.source_name = kernels::split_kernel_name(c.node->kernel).first + ".cpp";
      c.result = kernels::compile_and_run(kernels::emit_kernel_source(request_of(*c.node)), own);
      progress.advance(++done);
    }
  };
  std::thread helper(worker);
  worker();
  helper.join();
  progress.finish();

  std::string when = utc_now();
  for (const KernelCheck& c : checks) {
    if (c.skipped) continue;
    StoredKernelResult stored{c.node->id, c.node->kernel, c.result.pass, claims_json(c.result), compiler_label, when,
                              c.result.error};
    if (auto ok = session.index->store_kernel_result(stored); !ok)
      std::fprintf(stderr, "anthology: cannot store the kernel result of %s: %s\n", c.node->id.c_str(), ok.error().c_str());
  }
  return checks;
}

std::vector<Diagnostic> kernel_findings(const std::vector<KernelCheck>& checks) {
  std::vector<rules::KernelRun> runs;
  for (const KernelCheck& c : checks) {
    if (c.skipped) continue;
    rules::KernelRun& run = runs.emplace_back(rules::KernelRun{c.node, c.result.pass, c.result.error, {}});
    for (const auto& claim : c.result.claims)
      run.claims.push_back(
          {claim.claim, claim.pass, claim.measured, kernels::bound_text(claim.direction, claim.bound, claim.tolerance)});
  }
  return rules::kernel_claim_findings(runs);
}

std::vector<Diagnostic> kernel_config_findings(const Config& config) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : config.findings)
    if (d.message.rfind("[kernels]", 0) == 0) out.push_back(d);
  return out;
}

}  // namespace anth::cli
