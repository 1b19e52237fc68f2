// The emitted programs themselves: every kernel (and every variant), emitted with its defaults, builds with
// -Wall -Wextra -Werror -O2 on GCC (and Clang when present), exits 0 and prints a RESULT whose claims all
// hold, as many as its metadata says; with practice = 0 it exits 1 and exactly the claims its metadata names
// as the practice's fail. The compilations run two at a time.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "render/kernels/kernel_library.h"
#include "render/kernels/kernel_runner.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::render::kernels;

namespace {

// Every kernel name, with each variant spelt out.
std::vector<std::string> all_kernel_names() {
  std::vector<std::string> names;
  for (const auto& kernel : kernel_library()) {
    names.push_back(kernel.name);
    for (std::size_t i = 1; i < kernel.variants.size(); ++i) names.push_back(kernel.name + "." + kernel.variants[i]);
  }
  return names;
}

// Runs the requests two at a time (Catch's assertions stay on this thread).
std::vector<KernelResult> run_all(const std::vector<KernelRequest>& requests, const RunOptions& options) {
  std::vector<KernelResult> results(requests.size());
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < 2; ++w)
    workers.emplace_back([&] {
      for (std::size_t i; (i = next++) < requests.size();) results[i] = compile_and_run(emit_kernel_source(requests[i]), options);
    });
  for (auto& worker : workers) worker.join();
  return results;
}

RunOptions options_for(const std::string& compiler) {
  RunOptions options;
  options.compiler = compiler;
  options.flags = {"-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror"};
  options.run_timeout_seconds = 30;  // each takes well under a second; the margin is for a loaded machine
  return options;
}

void check_all_pass(const std::string& compiler) {
  std::vector<KernelRequest> requests;
  for (const auto& name : all_kernel_names()) requests.push_back({"SOTA-" + name, "defaults of " + name, name, {}});
  const auto results = run_all(requests, options_for(compiler));
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const KernelResult& r = results[i];
    INFO(compiler << " " << requests[i].kernel << ": " << r.error << "\n" << r.output);
    CHECK(r.error.empty());
    CHECK(r.exit_status == 0);
    CHECK(r.pass);
    CHECK(r.kernel == requests[i].kernel);
    CHECK(r.node == requests[i].node_id);
    CHECK(r.compiler == compiler);
    CHECK(r.claims.size() == static_cast<std::size_t>(find_kernel(requests[i].kernel)->claims));  // as its metadata says
    for (const auto& claim : r.claims) {
      INFO(claim.claim << ": measured " << claim.measured << ", bound " << claim.bound);
      CHECK(claim.pass);
      CHECK(std::isfinite(claim.measured));
      CHECK(std::isfinite(claim.bound));
      CHECK_FALSE(claim.claim.empty());
    }
    // It says what it measures in words before the RESULT line.
    CHECK(r.output.find("claim 1: ") != std::string::npos);
    CHECK(r.output.find("parameters:") != std::string::npos);
  }
}

}  // namespace

TEST_CASE("kernel programs: every kernel with its defaults builds warning-free with GCC and all its claims hold",
          "[kernels][programs]") {
  const auto gcc = anth::render::kernels::find_compiler("g++");
  REQUIRE(gcc);
  check_all_pass(*gcc);
}

TEST_CASE("kernel programs: the same with Clang, when it is installed", "[kernels][programs]") {
  const auto clang = anth::render::kernels::find_compiler("clang++");
  if (!clang) {
    WARN("clang++ not found; skipped");
    return;
  }
  check_all_pass(*clang);
}

TEST_CASE("kernel programs: with practice = 0 every kernel exits 1 and a claim fails", "[kernels][programs]") {
  const auto gcc = anth::render::kernels::find_compiler("g++");
  REQUIRE(gcc);
  std::vector<KernelRequest> requests;
  for (const auto& name : all_kernel_names()) requests.push_back({"SOTA-" + name, "control", name, {{"practice", 0}}});
  const auto results = run_all(requests, options_for(*gcc));
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const KernelResult& r = results[i];
    INFO(requests[i].kernel << ": " << r.error << "\n" << r.output);
    CHECK(r.error.empty());
    CHECK(r.exit_status == 1);
    CHECK_FALSE(r.pass);
    // Exactly the claims its metadata names as the practice's fail; the facts and the controls still hold.
    std::vector<int> failing;
    for (std::size_t c = 0; c < r.claims.size(); ++c)
      if (!r.claims[c].pass) failing.push_back(static_cast<int>(c + 1));
    CHECK(failing == find_kernel(requests[i].kernel)->practice_claims);
    CHECK(failing.size() < r.claims.size());
  }
}

TEST_CASE("kernel programs: a hostile title and id still build, and the id comes back intact", "[kernels][programs]") {
  const auto gcc = anth::render::kernels::find_compiler("g++");
  REQUIRE(gcc);
  const std::string id = "SOTA-\"7\"\\ \xCF\x83";
  const std::string title = "Evil */ #error /* title ?\?/\n with \xE2\x80\xAE bidi, \x01 control, \xFF bad byte, ends in \\";
  const auto result = compile_and_run(emit_kernel_source({id, title, "z_loss", {{"coefficient", 0.001}, {"step_size", 0.5}}}),
                                      options_for(*gcc));
  INFO(result.error << "\n" << result.output);
  CHECK(result.error.empty());
  CHECK(result.pass);
  CHECK(result.node == id);
  CHECK(result.kernel == "z_loss");
  CHECK(result.output.find("coefficient=0.001") != std::string::npos);
}
