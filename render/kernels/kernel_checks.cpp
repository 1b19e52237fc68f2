// Planning and running kernel checks once per distinct program (kernel_checks.h).
#include "render/kernels/kernel_checks.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <nlohmann/json.hpp>

#include "core/rules/kernel/k003_kernel_claim_failed.h"
#include "core/util/hasher.h"
#include "core/util/thread_pool.h"
#include "render/kernels/claim_text.h"
#include "render/kernels/kernel_library.h"

namespace anth::render::kernels {

namespace {

// The request without the node: its id and title would only name it in comments and output.
KernelRequest program_request(const Note& n) { return {"", "", n.kernel, n.kernel_params}; }

std::string claims_json(const KernelResult& r) {
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
std::string field_finding(const std::vector<Diagnostic>& diagnostics, const Note& n) {
  std::vector<Location> places;
  for (const char* key : {"kernel", "kernel_params"})
    if (const Field* f = n.field(key)) {
      places.push_back(f->where);
      for (const auto& item : f->items) places.push_back(item.where);
    }
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error && std::find(places.begin(), places.end(), d.where) != places.end())
      return d.where.file + ":" + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": " +
             d.message + " [" + d.rule + "] (see anthology lint)";
  return {};
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
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

std::string program_key(const Note& n) {
  if (n.kernel.empty() || !check_kernel_request(program_request(n)).empty()) return {};
  return hex(util::hash_text(emit_kernel_source(program_request(n))));
}

std::vector<KernelCheck> plan_checks(const std::vector<const Note*>& nodes, const std::vector<Diagnostic>& diagnostics) {
  std::vector<KernelCheck> checks(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    KernelCheck& c = checks[i];
    c.node = nodes[i];
    auto problems = check_kernel_request(program_request(*c.node));
    if (!problems.empty()) c.skip_reason = problems.front().message;
    else c.skip_reason = field_finding(diagnostics, *c.node);
    c.skipped = !c.skip_reason.empty();
    if (!c.skipped) c.program = program_key(*c.node);
  }
  return checks;
}

std::size_t run_checks(std::vector<KernelCheck>& checks, const CheckOptions& options,
                       const std::function<bool(const std::string&)>& wanted) {
  // One check per distinct program runs it; the others copy its result.
  std::map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < checks.size(); ++i)
    if (!checks[i].skipped && (!wanted || wanted(checks[i].program))) first.try_emplace(checks[i].program, i);
  std::vector<std::size_t> runs;
  for (const auto& [program, i] : first) runs.push_back(i);
  std::atomic<std::size_t> done{0};
  util::parallel_for(runs.size(), std::max(1u, options.workers), [&](std::size_t r, unsigned) {
    KernelCheck& c = checks[runs[r]];
    RunOptions own = options.run;  // each its own source name: the workers must not share one
    own.source_name = split_kernel_name(c.node->kernel).first + ".cpp";
    c.result = compile_and_run(emit_kernel_source(program_request(*c.node)), own);
    c.ran = true;
    if (options.progress) options.progress(++done, runs.size());
  });
  for (KernelCheck& c : checks)
    if (auto it = first.find(c.program); !c.skipped && it != first.end() && &checks[it->second] != &c) {
      c.result = checks[it->second].result;
      c.ran = true;
    }
  return runs.size();
}

index::StoredKernelResult stored_result(const KernelCheck& c, const std::string& compiler, const std::string& when) {
  return {c.node->id, c.node->kernel, c.result.pass, claims_json(c.result), compiler, when, c.result.error, c.program};
}

std::string utc_now() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::vector<Diagnostic> kernel_findings(const std::vector<KernelCheck>& checks) {
  std::vector<rules::KernelRun> runs;
  for (const KernelCheck& c : checks) {
    if (c.skipped) continue;
    rules::KernelRun& run = runs.emplace_back(rules::KernelRun{c.node, c.result.pass, c.result.error, {}});
    for (const auto& claim : c.result.claims)
      run.claims.push_back({claim.claim, claim.pass, claim.measured, bound_text(claim.direction, claim.bound, claim.tolerance)});
  }
  return rules::kernel_claim_findings(runs);
}

}  // namespace anth::render::kernels
