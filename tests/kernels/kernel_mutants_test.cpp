// The mutant catalogues (docs/kernels.md, "Mutation testing"): every kernel has at least ten plausible
// wrong implementations, each applies to the emitted program exactly, and `anthology kernels mutate`
// compiles and runs all of them (two at a time) and finds every one caught by a failing claim.
#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>

#include "render/kernels/kernel_library.h"
#include "render/kernels/kernel_mutants.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::render::kernels;
using namespace anth::test;

TEST_CASE("kernel mutants: every kernel has ten or more, named once, each editing its emitted program exactly",
          "[kernels][mutants]") {
  for (const auto& kernel : kernel_library()) {
    INFO(kernel.name);
    const auto mutants = kernel_mutants(kernel.name);
    CHECK(mutants.size() >= 10);
    std::set<std::string> names;
    for (const Mutant& m : mutants) {
      INFO(m.name);
      CHECK(names.insert(m.name).second);
      CHECK_FALSE(m.description.empty());
      CHECK(find_kernel(m.kernel));
      const std::string source = emit_kernel_source({"SOTA-1", "t", m.kernel, {}});
      std::string mutated;
      REQUIRE_NOTHROW(mutated = apply_mutant(source, m));
      CHECK(mutated != source);
      // What users get from `kernels emit` carries none of it.
      CHECK(source.find("<<<<") == std::string::npos);
    }
  }
}

TEST_CASE("kernel mutants: a malformed catalogue or an edit that no longer matches is an error", "[kernels][mutants]") {
  CHECK_THROWS_AS(parse_mutants("rmsnorm", "## no-colon\n<<<<\na\n====\nb\n>>>>\n"), std::logic_error);
  CHECK_THROWS_AS(parse_mutants("rmsnorm", "## a: b\n<<<<\na\n====\nb\n"), std::logic_error);
  CHECK_THROWS_AS(parse_mutants("rmsnorm", "## a: no edit\n"), std::logic_error);
  CHECK_THROWS_AS(parse_mutants("rmsnorm", "stray text\n"), std::logic_error);
  const auto parsed = parse_mutants("qk_norm", "# comment\n## m: d\nvariant: l2\n<<<<\nx = 1;\ny = 2;\n====\nx = 3;\n>>>>\n");
  REQUIRE(parsed.size() == 1);
  CHECK(parsed[0].kernel == "qk_norm.l2");
  CHECK(parsed[0].edits[0].first == "x = 1;\ny = 2;");
  CHECK(apply_mutant("a\nx = 1;\ny = 2;\nb", parsed[0]) == "a\nx = 3;\nb");
  CHECK_THROWS_AS(apply_mutant("nothing here", parsed[0]), std::invalid_argument);
  CHECK_THROWS_AS(apply_mutant("x = 1;\ny = 2;\nx = 1;\ny = 2;", parsed[0]), std::invalid_argument);
}

namespace {

// Runs one kernel's whole catalogue through the binary: every row of the table must read N/N and every
// mutant's line must say which claims caught it.
void check_catalogue(const std::string& kernel) {
  TempDir dir;
  dir.write("corpus/lit/LIT-1.md", "---\nid: LIT-1\ntitle: A paper\nauthors: [A]\nyear: 2020\n---\nText.\n");
  RunResult r = run_anthology("kernels mutate " + kernel + " --corpus corpus", dir.path());
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(r.out.find("SURVIVED") == std::string::npos);
  const std::size_t n = kernel_mutants(kernel).size();
  CHECK(r.out.find("\n" + kernel + std::string(18 - kernel.size(), ' ') + std::to_string(n) + "/" + std::to_string(n)) !=
        std::string::npos);
  std::size_t caught = 0;
  for (std::size_t at = 0; (at = r.out.find("caught    " + kernel, at)) != std::string::npos; ++at) ++caught;
  CHECK(caught == n);
}

// One test case per kernel of the library, registered as the tests start, so that ctest runs them side by
// side, each stays far below its time limit, and a new kernel gets its own with no edit here.
struct CatalogueTest final : Catch::ITestInvoker {
  std::string kernel;
  explicit CatalogueTest(std::string k) : kernel(std::move(k)) {}
  void invoke() const override { check_catalogue(kernel); }
};

struct BrokenLibrary final : Catch::ITestInvoker {
  std::string why;
  explicit BrokenLibrary(std::string w) : why(std::move(w)) {}
  void invoke() const override { FAIL(why); }
};

[[maybe_unused]] const bool registered = [] {
  try {
    for (const auto& kernel : kernel_library())
      Catch::AutoReg(new CatalogueTest(kernel.name), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                     Catch::NameAndTags("kernels mutate: every mutant of " + kernel.name + " fails a claim",
                                        "[kernels][mutants][slow]"));
  } catch (const std::exception& e) {  // a malformed catalogue is a failing test, not a crash at start
    Catch::AutoReg(new BrokenLibrary(e.what()), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                   Catch::NameAndTags("kernels mutate: the kernel library loads", "[kernels][mutants]"));
  }
  return true;
}();

}  // namespace

TEST_CASE("kernels mutate: one kernel, one variant, a node's parameters, and a survivor exits 1", "[kernels][mutants]") {
  TempDir dir;
  const std::string sota = "---\nid: SOTA-9\ntitle: RMS\nstatus: adopted\nkernel: rmsnorm\n";
  dir.write("corpus/sota/SOTA-9.md", sota + "---\nText.\n");
  // eps = 0 makes every eps mutant equivalent to the practice: they survive, and mutate says so.
  dir.write("corpus/sota/SOTA-8.md", "---\nid: SOTA-8\ntitle: RMS\nstatus: adopted\nkernel: rmsnorm\n"
                                     "kernel_params: {eps: 0}\n---\nText.\n");
  RunResult eps0 = run_anthology("kernels mutate SOTA-8 --corpus corpus", dir.path());
  CHECK(eps0.status == 1);
  CHECK(eps0.out.find("SURVIVED  rmsnorm  eps-outside-root") != std::string::npos);
  CHECK(eps0.out.find("eps-outside-root") != std::string::npos);
  RunResult l2 = run_anthology("kernels mutate qk_norm.l2 --corpus corpus", dir.path());
  INFO(l2.out << l2.err);
  CHECK(l2.status == 0);
  CHECK(l2.out.find("qk_norm.l2  norm-plus-eps") != std::string::npos);
  CHECK(l2.out.find("qk_norm  eps-outside-root") == std::string::npos);  // other variants are left out
  CHECK(run_anthology("kernels mutate NOPE-1 --corpus corpus", dir.path()).status == 2);
}
