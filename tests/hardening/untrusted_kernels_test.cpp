// A cloned corpus is untrusted input: nothing in it chooses the program that `kernels check` and `lint
// --run-kernels` run, nor its flags (issue 13, item 1). Programs come from --cxx/--cxxflags or
// $CXX/$CXXFLAGS; a compiler the user named that cannot run is exit 2, never a silent fallback.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

struct Scene {
  TempDir dir;
  explicit Scene(const std::string& config = "") {
    dir.write("corpus/lit/LIT-008.md",
              "---\nid: LIT-008\ntitle: Attention Is All You Need\nauthors: [Vaswani]\nyear: 2017\n---\nThe paper.\n");
    dir.write("corpus/sota/SOTA-050.md",
              "---\nid: SOTA-050\ntitle: Scale attention weights by 1/sqrt(head_dim)\nstatus: adopted\n"
              "source: [LIT-008]\nintroduced_by: LIT-008\nkernel: sdpa_scale\n---\nScale it.\n");
    if (!config.empty()) dir.write("corpus/anthology.toml", config);
  }
  // `env` goes before the binary: "CXX=... ".
  RunResult run(const std::string& args, const std::string& env = "") const {
    return anth::test::run("cd '" + dir.path().string() + "' && " + env + "NO_COLOR=1 '" + anthology_binary().string() +
                           "' " + args + " --corpus corpus");
  }
  bool pwned() const {
    for (const char* where : {"PWNED", "corpus/PWNED", "WRAPPED"})
      if (fs::exists(dir.path() / where)) return true;
    return false;
  }
};

}  // namespace

TEST_CASE("untrusted kernels: [kernels] compiler and flags in anthology.toml never run", "[hardening][untrusted]") {
  Scene s("[kernels]\ncompiler = \"/bin/sh\"\nflags = [\"-c\", \"touch PWNED\"]\n");
  RunResult check = s.run("kernels check");
  INFO(check.out << check.err);
  CHECK(check.status == 0);  // the user's compiler ran the kernel
  CHECK(check.out.rfind("SOTA-050  sdpa_scale  PASS\n", 0) == 0);
  CHECK_FALSE(s.pwned());
  CHECK(check.err.find("anthology.toml:2:1: [kernels] compiler is ignored") != std::string::npos);
  CHECK(check.err.find("anthology.toml:3:1: [kernels] flags is ignored") != std::string::npos);
  CHECK(check.err.find("CXX/CXXFLAGS or --cxx/--cxxflags") != std::string::npos);

  RunResult lint = s.run("lint --run-kernels --format json");
  INFO(lint.out << lint.err);
  CHECK(lint.status == 0);  // warnings only
  CHECK_FALSE(s.pwned());
  auto doc = nlohmann::json::parse(lint.out);
  int ignored = 0;
  for (const auto& d : doc["diagnostics"])
    if (d["file"] == "anthology.toml" && d["rule"] == "S004" && d["severity"] == "warning") ++ignored;
  CHECK(ignored == 2);
}

TEST_CASE("untrusted kernels: a -wrapper flag from anthology.toml is not passed to the compiler", "[hardening][untrusted]") {
  // The quiet variant: the real compiler, with a wrapper that runs a command and then the compiler's
  // own pass, so the kernel would still PASS.
  Scene s;
  const std::string wrapped = (s.dir.path() / "WRAPPED").string();
  s.dir.write("corpus/anthology.toml", "[kernels]\nflags = [\"-std=c++17\", \"-O2\", \"-wrapper\", \"/bin/sh,-c,touch '" +
                                           wrapped + "'; exec \\\"$0\\\" \\\"$@\\\"\"]\n");
  RunResult check = s.run("kernels check");
  INFO(check.out << check.err);
  CHECK(check.status == 0);
  CHECK_FALSE(s.pwned());
  CHECK(check.err.find("[kernels] flags is ignored") != std::string::npos);
  RunResult lint = s.run("lint --run-kernels");
  CHECK_FALSE(s.pwned());
  CHECK(lint.out.find("anthology.toml:2:1: warning: [kernels] flags is ignored") != std::string::npos);
}

TEST_CASE("untrusted kernels: a compiler named by CXX or --cxx that cannot run is exit 2", "[hardening][untrusted]") {
  Scene s;
  for (const auto& [args, env] : std::vector<std::pair<std::string, std::string>>{
           {"kernels check", "CXX=/nonexistent/c++ "},
           {"lint --run-kernels", "CXX=/nonexistent/c++ "},
           {"kernels check --cxx /nonexistent/c++", ""},
           {"lint --run-kernels --cxx no-such-compiler-anthology", "CXX=c++ "}}) {
    RunResult r = s.run(args, env);
    INFO(args << " with " << env << ": " << r.out << r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);  // one line
    CHECK(r.err.find("names no compiler that can be run") != std::string::npos);
  }
}

TEST_CASE("untrusted kernels: --cxxflags and CXXFLAGS reach the compiler", "[hardening][untrusted]") {
  Scene s;
  RunResult option = s.run("kernels check --cxx c++ --cxxflags=--no-such-flag-from-option");
  INFO(option.out << option.err);
  CHECK(option.status == 2);  // a kernel that does not compile: the check could not run
  CHECK(option.out.find("compile failed") != std::string::npos);
  CHECK(option.out.find("no-such-flag-from-option") != std::string::npos);

  RunResult env = s.run("kernels check", "CXXFLAGS=--no-such-flag-from-env ");
  INFO(env.out << env.err);
  CHECK(env.status == 2);
  CHECK(env.out.find("no-such-flag-from-env") != std::string::npos);

  // The option wins over the environment.
  RunResult both = s.run("kernels check --cxxflags=-O1", "CXXFLAGS=--no-such-flag-from-env ");
  INFO(both.out << both.err);
  CHECK(both.status == 0);
}
