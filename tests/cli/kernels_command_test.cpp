// `anthology kernels list|emit|check` and `lint --run-kernels`, end to end through the binary.
#include <catch2/catch.hpp>

#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

struct KernelCorpus {
  TempDir dir;
  explicit KernelCorpus(const std::string& sota_extra = "") {
    dir.write("corpus/lit/LIT-008.md",
              "---\nid: LIT-008\ntitle: Attention Is All You Need\nauthors: [Vaswani]\nyear: 2017\n---\nThe paper.\n");
    dir.write("corpus/sota/SOTA-050.md",
              "---\nid: SOTA-050\ntitle: Scale attention weights by 1/sqrt(head_dim)\nstatus: adopted\n"
              "source: [LIT-008]\nintroduced_by: LIT-008\nkernel: sdpa_scale\n" + sota_extra + "---\nScale it.\n");
  }
  RunResult run(const std::string& args) const { return run_anthology(args + " --corpus corpus", dir.path()); }
};

}  // namespace

TEST_CASE("kernels list names every kernel, its parameters and the nodes using it", "[kernels][cli]") {
  KernelCorpus c;
  RunResult r = c.run("kernels list");
  REQUIRE(r.status == 0);
  for (const char* k : {"sdpa_scale", "qk_norm", "rmsnorm", "sigma_reparam", "entropy_bound", "qk_clip", "z_loss",
                        "parallel_block", "primer_ez"})
    CHECK(("\n" + r.out).find(std::string("\n") + k) != std::string::npos);
  CHECK(r.out.find("used by: SOTA-050") != std::string::npos);
  CHECK(r.out.find("variants: layernorm rmsnorm l2") != std::string::npos);
}

TEST_CASE("kernels emit writes one program per node with the node's parameters", "[kernels][cli]") {
  KernelCorpus c("kernel_params: {d_k: 32}\n");
  RunResult r = c.run("kernels emit --out out");
  REQUIRE(r.status == 0);
  CHECK(r.out == "out/kernels/SOTA-050/sdpa_scale.cpp\n");
  std::string source = read_file(c.dir.path() / "out/kernels/SOTA-050/sdpa_scale.cpp");
  CHECK(source.find("SOTA-050") != std::string::npos);
  CHECK(source.find("d_k = 32;") != std::string::npos);
  CHECK(c.run("kernels emit NOTE-999 --out out").status == 1);
}

TEST_CASE("kernels check runs each kernel, keeps the result and reports a failed claim as K003", "[kernels][cli]") {
  KernelCorpus good;
  RunResult pass = good.run("kernels check");
  CHECK(pass.status == 0);
  CHECK(pass.out.rfind("SOTA-050  sdpa_scale  PASS\n", 0) == 0);
  RunResult stored = good.run("query --sql \"SELECT node, kernel, pass FROM kernel_results\" --format csv");
  CHECK(stored.out.find("SOTA-050,sdpa_scale,1") != std::string::npos);

  // Removing the practice makes its claim fail: a K003 finding and exit 1, from check and from lint.
  KernelCorpus broken("kernel_params: {practice: 0}\n");
  RunResult fail = broken.run("kernels check");
  CHECK(fail.status == 1);
  CHECK(fail.out.find("SOTA-050  sdpa_scale  FAIL") != std::string::npos);
  CHECK(fail.err.find("sota/SOTA-050.md:7:9: error: kernel sdpa_scale of SOTA-050 failed") != std::string::npos);
  RunResult lint = broken.run("lint --run-kernels");
  CHECK(lint.status == 1);
  CHECK(lint.out.find("[K003 kernel-claim-failed]") != std::string::npos);
  CHECK(broken.run("lint").status == 0);  // without --run-kernels nothing is compiled
}

TEST_CASE("kernels check without a compiler says so and exits 2", "[kernels][cli]") {
  KernelCorpus c;
  // Nothing on PATH and no CXX: no compiler at all.
  RunResult none = run("cd '" + c.dir.path().string() + "' && env -u CXX PATH=/nonexistent-anthology '" +
                       anthology_binary().string() + "' kernels check --corpus corpus");
  CHECK(none.status == 2);
  CHECK(none.err == "anthology kernels: no C++ compiler found: install g++ or clang++, or name one with CXX or --cxx\n");
  // tests/hardening/untrusted_kernels_test.cpp: a compiler named by CXX or --cxx that cannot run.
  CHECK(c.run("kernels frobnicate").status == 2);
}

TEST_CASE("kernels list writes every range limit exactly, as a note may write it back", "[kernels][cli]") {
  KernelCorpus c;
  RunResult r = c.run("kernels list");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("seed=1 [0..4294967295]") != std::string::npos);  // not 4.29497e+09
  CHECK(r.out.find("4.29497e+09") == std::string::npos);
  // The maximum it prints is accepted.
  KernelCorpus top("kernel_params: {seed: 4294967295}\n");
  CHECK(top.run("lint").status == 0);
}

TEST_CASE("kernels check: each claim's bound says its direction, and a failure prints no lint summary line",
          "[kernels][cli]") {
  KernelCorpus good;
  RunResult pass = good.run("kernels check");
  REQUIRE(pass.status == 0);
  CHECK(pass.out.find(", bound \u2264 ") != std::string::npos);
  CHECK(pass.out.find(", bound \u2248 1 \u00b1 ") != std::string::npos);
  // The index keeps the compiler with its version for the page.
  RunResult stored = good.run("query --sql \"SELECT compiler FROM kernel_results\" --format csv");
  CHECK(stored.out.find(") ") != std::string::npos);
  CHECK(stored.out.find("(") != std::string::npos);

  KernelCorpus broken("kernel_params: {practice: 0}\n");
  RunResult fail = broken.run("kernels check");
  CHECK(fail.status == 1);
  CHECK(fail.err.find("[K003 kernel-claim-failed]") != std::string::npos);
  const std::string printed = fail.out + fail.err;
  CHECK(printed.find(" files, ") == std::string::npos);
  CHECK(printed.find("0 warnings") == std::string::npos);
  CHECK(fail.out.find("0 of 1 kernels passed") != std::string::npos);  // summaries go to stdout (docs/cli.md)
}

TEST_CASE("kernels check refuses a node whose kernel_params lint rejects, rather than running the defaults",
          "[kernels][cli]") {
  KernelCorpus c("kernel_params: {keys: .nan}\n");
  RunResult r = c.run("kernels check");
  CHECK(r.status == 1);
  CHECK(r.out.find("PASS") == std::string::npos);
  CHECK(r.out.find("SOTA-050  sdpa_scale  SKIPPED") != std::string::npos);
  CHECK(r.out.find("[S003]") != std::string::npos);
  CHECK(c.run("lint").status == 1);
}

TEST_CASE("kernels check exits 2 when a kernel does not compile", "[kernels][cli]") {
  KernelCorpus c;
  // A compiler that fails every compilation: the check could not run, which is not a failed claim.
  RunResult r = run("cd '" + c.dir.path().string() + "' && CXX=/bin/false '" + anthology_binary().string() +
                    "' kernels check --corpus corpus");
  CHECK(r.status == 2);
  CHECK(r.out.find("compile failed") != std::string::npos);
}
