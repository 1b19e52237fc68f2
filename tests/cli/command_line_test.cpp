// The command line's contract (docs/cli.md), end to end through the binary: flags and their values,
// help, suggestions, options before the command, a failed write to stdout, colour, where summaries go.
#include <catch2/catch.hpp>

#include "tests/query/query_fixture.h"

using namespace anth::test;

TEST_CASE("cli: a flag is never taken as another flag's value", "[cli]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("query --text --limit 5");
  CHECK(r.status == 2);
  CHECK(r.err == "anthology query: --text needs a value before --limit (write --text=--limit if that is the value)\n");
  RunResult last = corpus.run("query --limit");
  CHECK(last.status == 2);
  CHECK(last.err == "anthology query: --limit needs a value\n");
  // Written with '=', a value may start with dashes.
  CHECK(corpus.run("query --text=--limit").status == 1);
}

TEST_CASE("cli: help COMMAND prints that command's help", "[cli]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("help query");
  CHECK(r.status == 0);
  CHECK(r.out == corpus.run("query --help").out);
  CHECK(r.out.rfind("usage: anthology query", 0) == 0);
  RunResult bad = corpus.run("help qeury");
  CHECK(bad.status == 2);
  CHECK(bad.err == "anthology: unknown command 'qeury'; did you mean 'query'? (see 'anthology --help')\n");
  CHECK(corpus.run("help").out.rfind("usage: anthology [--corpus DIR] COMMAND", 0) == 0);
}

TEST_CASE("cli: misspelt actions and abbreviated flags get the right suggestion", "[cli]") {
  QueryCorpus corpus;
  RunResult kernels = corpus.run("kernels lst");
  CHECK(kernels.status == 2);
  CHECK(kernels.err == "anthology kernels: unknown action 'lst'; did you mean 'list'? say list, emit, check or mutate\n");
  RunResult fmt = corpus.run("export --fmt json");
  CHECK(fmt.status == 2);
  CHECK(fmt.err == "anthology export: unknown flag --fmt; did you mean --format?\n");
  CHECK(corpus.run("query --limt 3").err == "anthology query: unknown flag --limt; did you mean --limit?\n");
}

TEST_CASE("cli: common options may come before the command", "[cli]") {
  QueryCorpus corpus;
  RunResult after = run_anthology("show SOTA-192 --corpus '" + corpus.path().string() + "'", corpus.path().parent_path());
  REQUIRE(after.status == 0);
  RunResult before = run_anthology("--corpus '" + corpus.path().string() + "' show SOTA-192", corpus.path().parent_path());
  CHECK(before.status == 0);
  CHECK(before.out == after.out);
  CHECK(run_anthology("--corpus='" + corpus.path().string() + "' --color never show SOTA-192", corpus.path().parent_path())
            .out == after.out);
  CHECK(corpus.run("--corpus").status == 2);
}

TEST_CASE("cli: a write to a full device exits 2 with the reason", "[cli]") {
  if (!fs::exists("/dev/full")) {
    WARN("skipped: no /dev/full");
    return;
  }
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  for (const char* args : {"show SOTA-192", "lint --format sarif", "lint", "query --format csv", "query --sql 'SELECT 1'",
                           "export", "completion bash", "kernels list", "path SOTA-192 LIT-640", "origin SOTA-192",
                           "neighbors SOTA-192", "query --help", "--help"}) {
    RunResult r = corpus.run(std::string(args) + " >/dev/full");
    INFO(args);
    CHECK(r.status == 2);
    CHECK(r.err.find("error writing output: No space left on device\n") != std::string::npos);
  }
}

TEST_CASE("cli: --color and TERM=dumb decide colour", "[cli]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("lint").out.find(": error: ") != std::string::npos);  // findings to colour
  auto lint = [&](const std::string& env, const std::string& args) {
    return run("cd '" + corpus.path().string() + "' && " + env + " '" + anthology_binary().string() + "' lint " + args);
  };
  // Not a terminal: no colour unless asked for.
  CHECK(lint("", "").out.find("\033[") == std::string::npos);
  CHECK(lint("", "--color always").out.find("\033[1;") != std::string::npos);
  CHECK(lint("NO_COLOR=1", "--color always").out.find("\033[1;") != std::string::npos);
  CHECK(lint("", "--color sometimes").status == 2);
  if (run("command -v script").status != 0) {
    WARN("skipped the terminal half: no `script`");
    return;
  }
  auto on_terminal = [&](const std::string& env, const std::string& args) {
    return run("cd '" + corpus.path().string() + "' && " + env + " script -qec \"'" + anthology_binary().string() +
               "' lint " + args + "\" /dev/null");
  };
  CHECK(on_terminal("TERM=xterm", "").out.find("\033[1;") != std::string::npos);
  CHECK(on_terminal("TERM=dumb", "").out.find("\033") == std::string::npos);
  CHECK(on_terminal("TERM=xterm", "--color never").out.find("\033") == std::string::npos);
  CHECK(on_terminal("TERM=xterm NO_COLOR=1", "").out.find("\033") == std::string::npos);
}

TEST_CASE("cli: summaries go to stdout with the results, messages to stderr", "[cli]") {
  QueryCorpus corpus;
  RunResult lint = corpus.run("lint");
  CHECK(lint.out.find(" files, ") != std::string::npos);
  RunResult build = corpus.run("build --out site");
  CHECK(build.out.rfind("wrote ", 0) == 0);
  CHECK(build.out.find(" in the corpus; see site/provenance.html\n") != std::string::npos);
  CHECK(build.err.empty());
  RunResult out = corpus.run("export --out graph.json");
  CHECK(out.out.rfind("wrote graph.json (", 0) == 0);
  CHECK(out.err.empty());
}
