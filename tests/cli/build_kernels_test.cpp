// `anthology build` checks the kernels whose result is missing or stale (docs/kernels.md, "On the site"),
// once per distinct program. A stand-in compiler records each compile and makes a program that prints
// a passing RESULT line, so that the counts are exact and the tests fast.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

std::size_t count_lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

struct BuildKernelCorpus {
  TempDir dir;
  BuildKernelCorpus() {
    dir.write("corpus/lit/LIT-008.md",
              "---\nid: LIT-008\ntitle: Attention Is All You Need\nauthors: [Vaswani]\nyear: 2017\n---\nThe paper.\n");
    // Four practices: three ask the same of sdpa_scale, one another d_k.
    for (const char* id : {"SOTA-050", "SOTA-051", "SOTA-052"}) practice(id, "");
    practice("SOTA-053", "kernel_params: {d_k: 32}\n");
    // Records each compile, and makes a program that passes (or, with FAIL in the corpus's marker, a
    // compiler that fails).
    const std::string log = (dir.path() / "compiles.txt").string();
    dir.write("cxx.sh",
              "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'stand-in 1.0'; exit 0; fi\necho \"$@\" >> '" + log + "'\n"
              "if [ -e '" + (dir.path() / "fail").string() + "' ]; then echo 'error: boom' >&2; exit 1; fi\n"
              "while [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then out=$2; fi; shift; done\n"
              "printf '#!/bin/sh\\necho '\\''RESULT {\"kernel\": \"sdpa_scale\", \"node\": \"\", \"pass\": true, \"claims\": "
              "[{\"claim\": \"c\", \"measured\": 1, \"bound\": 2, \"direction\": \"<=\", \"pass\": true}]}'\\''\\n' > \"$out\"\n"
              "chmod +x \"$out\"\n");
    ::chmod((dir.path() / "cxx.sh").c_str(), 0755);
  }
  void practice(const std::string& id, const std::string& extra) const {
    dir.write("corpus/sota/" + id + ".md", "---\nid: " + id + "\ntitle: Scale attention " + id +
                                               "\nstatus: adopted\nsource: [LIT-008]\nintroduced_by: LIT-008\n"
                                               "kernel: sdpa_scale\n" + extra + "---\nScale it.\n");
  }
  RunResult build(const std::string& more = "") const {
    return run_anthology("build --corpus corpus --out site --cxx " + (dir.path() / "cxx.sh").string() + " " + more, dir.path());
  }
  std::size_t compiles() const {
    return fs::exists(dir.path() / "compiles.txt") ? count_lines(read_file(dir.path() / "compiles.txt")) : 0;
  }
  std::string page(const std::string& id) const { return read_file(dir.path() / "site" / (id + ".html")); }
};

}  // namespace

TEST_CASE("build compiles each distinct kernel program once, however many notes ask for it", "[kernels][cli][build]") {
  BuildKernelCorpus c;
  RunResult r = c.build();
  REQUIRE(r.status == 0);
  CHECK(c.compiles() == 2);  // three notes share one program; the fourth has other parameters
  for (const char* id : {"SOTA-050", "SOTA-051", "SOTA-052", "SOTA-053"})
    CHECK(c.page(id).find("Last check: passed") != std::string::npos);
  // The results are in the index: a build with nothing changed compiles nothing.
  REQUIRE(c.build().status == 0);
  CHECK(c.compiles() == 2);
  // A new note asking for a program already run is given its result without a compile.
  c.practice("SOTA-054", "kernel_params: {d_k: 32}\n");
  REQUIRE(c.build().status == 0);
  CHECK(c.compiles() == 2);
  CHECK(c.page("SOTA-054").find("Last check: passed") != std::string::npos);
}

TEST_CASE("build: changed parameters make the stored result stale on the page until it runs again", "[kernels][cli][build]") {
  BuildKernelCorpus c;
  REQUIRE(c.build().status == 0);
  c.practice("SOTA-050", "kernel_params: {d_k: 16}\n");
  REQUIRE(c.build("--no-kernels").status == 0);
  CHECK(c.compiles() == 2);
  const std::string stale = c.page("SOTA-050");
  CHECK(stale.find("Last check: stale: last checked for other parameters") != std::string::npos);
  CHECK(stale.find("Last check: passed") == std::string::npos);
  CHECK(c.page("SOTA-051").find("Last check: passed") != std::string::npos);
  // Without --no-kernels, the new program runs and its result is current.
  REQUIRE(c.build().status == 0);
  CHECK(c.compiles() == 3);
  CHECK(c.page("SOTA-050").find("Last check: passed") != std::string::npos);
}

TEST_CASE("build --no-kernels compiles nothing and shows the kernels not yet checked", "[kernels][cli][build]") {
  BuildKernelCorpus c;
  REQUIRE(c.build("--no-kernels").status == 0);
  CHECK(c.compiles() == 0);
  CHECK(c.page("SOTA-050").find("Last check: not yet checked") != std::string::npos);
}

TEST_CASE("build: a kernel that does not compile is a result on the page, not a failed build", "[kernels][cli][build]") {
  BuildKernelCorpus c;
  c.dir.write("fail", "");
  RunResult r = c.build();
  CHECK(r.status == 0);
  CHECK(c.compiles() == 2);
  const std::string page = c.page("SOTA-050");
  CHECK(page.find("Last check: could not run") != std::string::npos);
  CHECK(page.find("compile failed: error: boom") != std::string::npos);
}
