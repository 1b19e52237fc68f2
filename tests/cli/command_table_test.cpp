// The command table (cli/command_table.cpp) is the one source of every command's help and completion:
// these tests loop over its rows, so a new command is covered without editing them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "cli/commands.h"
#include "tests/query/query_fixture.h"
#include "tests/support/shell_completion.h"

using namespace anth::test;
using anth::cli::Command;
using anth::cli::command_table;
using anth::cli::Completion;
using anth::cli::FlagSpec;

namespace {

// Words, sorted, one a line (as the completion helpers print candidates).
std::string lines(std::vector<std::string> words) {
  std::sort(words.begin(), words.end());
  std::string out;
  for (const std::string& w : words) out += w + "\n";
  return out;
}

std::vector<std::string> option_names(const Command& c) {
  std::vector<std::string> names;
  for (const FlagSpec& f : c.options) names.push_back(f.name);
  for (const FlagSpec& f : anth::cli::common_flags()) names.push_back(f.name);
  return names;
}

}  // namespace

TEST_CASE("command table: every command's help is generated from its row", "[cli]") {
  QueryCorpus corpus;
  const std::string top = corpus.run("--help").out;
  for (const Command& c : command_table()) {
    INFO(c.name);
    CHECK(top.find("\n  " + c.name + std::string(c.name.size() < 12 ? 12 - c.name.size() : 0, ' ') + c.summary + "\n") !=
          std::string::npos);
    RunResult r = corpus.run(c.name + " --help");
    CHECK(r.status == 0);
    CHECK(r.out == anth::cli::command_usage(c));
    CHECK(r.out.rfind("usage: anthology " + c.name + " " + c.synopsis + "\n", 0) == 0);
    CHECK(corpus.run("help " + c.name).out == r.out);
    REQUIRE_FALSE(c.examples.empty());
    CHECK(r.out.find("\nexamples:\n") != std::string::npos);
    for (const std::string& e : c.examples) CHECK(r.out.find("\n  " + e + "\n") != std::string::npos);
    for (const FlagSpec& f : c.options) CHECK(r.out.find("\n  " + f.name + (f.takes_value() ? " " + f.value : "")) != std::string::npos);
  }
}

TEST_CASE("command table: rows are well formed, and an option name means the same in every command", "[cli]") {
  std::set<std::string> names;
  std::map<std::string, bool> takes_value;
  for (const FlagSpec& f : anth::cli::common_flags()) takes_value[f.name] = f.takes_value();
  for (const Command& c : command_table()) {
    INFO(c.name);
    CHECK(names.insert(c.name).second);
    CHECK_FALSE(c.summary.empty());
    CHECK_FALSE(c.description.empty());
    CHECK(c.run != nullptr);
    std::set<std::string> own;
    for (const FlagSpec& f : c.options) {
      INFO(f.name);
      CHECK(f.name.rfind("--", 0) == 0);
      CHECK(own.insert(f.name).second);
      CHECK_FALSE(f.help.empty());
      // The scripts tell an option's value from an operand by the option's name alone.
      auto [at, fresh] = takes_value.emplace(f.name, f.takes_value());
      CHECK(at->second == f.takes_value());
      CHECK((f.takes_value() || f.completes.what == Completion::What::nothing));
    }
  }
}

TEST_CASE("command table: bash and zsh complete every command, its options and their fixed values", "[cli][completion]") {
  QueryCorpus corpus;
  const bool zsh = have_zsh();
  if (!zsh) WARN("zsh not found (scripts/install-deps.sh installs it): only bash is checked");
  std::vector<std::string> all;
  for (const Command& c : command_table()) all.push_back(c.name);
  CHECK(bash_complete(corpus.path(), "anthology \"\"") == lines(all));
  if (zsh) CHECK(zsh_complete(corpus.path(), "anthology ''") == lines(all));
  for (const Command& c : command_table()) {
    INFO(c.name);
    CHECK(bash_complete(corpus.path(), "anthology " + c.name.substr(0, c.name.size() - 1)) == c.name + "\n");
    CHECK(bash_complete(corpus.path(), "anthology " + c.name + " --") == lines(option_names(c)));
    if (zsh) CHECK(zsh_complete(corpus.path(), "anthology " + c.name + " --") == lines(option_names(c)));
    for (const FlagSpec& f : c.options) {
      if (f.completes.what != Completion::What::words) continue;
      INFO(f.name);
      CHECK(bash_complete(corpus.path(), "anthology " + c.name + " " + f.name + " \"\"") == lines(f.completes.words));
      if (zsh) CHECK(zsh_complete(corpus.path(), "anthology " + c.name + " " + f.name + " ''") == lines(f.completes.words));
    }
  }
}

TEST_CASE("completion: ids and tags of the corpus named before the command, in bash and zsh", "[cli][completion]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  TempDir elsewhere;  // completing from another folder: only --corpus can name the corpus
  const std::string dir = corpus.path().string();
  const std::string sotas = "SOTA-050\nSOTA-192\nSOTA-319\nSOTA-404\n";
  CHECK(bash_complete(elsewhere.path(), "anthology --corpus '" + dir + "' show SOTA-") == sotas);
  CHECK(bash_complete(elsewhere.path(), "anthology --corpus = '" + dir + "' show SOTA-") == sotas);  // --corpus=X
  CHECK(bash_complete(elsewhere.path(), "anthology --color never --corpus '" + dir + "' origin \"\"") == sotas);
  CHECK(bash_complete(elsewhere.path(), "anthology --corpus '" + dir + "' query --tag model-") ==
        "model-architecture\nmodel-stability\n");
  CHECK(bash_complete(elsewhere.path(), "anthology --corpus '" + dir + "' sh") == "show\n");
  CHECK(bash_complete(elsewhere.path(), "anthology show SOTA-").empty());  // no corpus there
  if (!have_zsh()) {
    WARN("TEST SKIPPED: zsh not found (scripts/install-deps.sh installs it)");
    return;
  }
  CHECK(zsh_complete(elsewhere.path(), "anthology --corpus '" + dir + "' show SOTA-") == sotas);
  CHECK(zsh_complete(elsewhere.path(), "anthology --corpus='" + dir + "' show SOTA-") == sotas);
  CHECK(zsh_complete(elsewhere.path(), "anthology --color never --corpus '" + dir + "' origin ''") == sotas);
  CHECK(zsh_complete(elsewhere.path(), "anthology --corpus '" + dir + "' query --tag model-") ==
        "model-architecture\nmodel-stability\n");
  CHECK(zsh_complete(elsewhere.path(), "anthology --corpus '" + dir + "' kernels ''") == "check\nemit\nlist\nmutate\n");
  CHECK(zsh_complete(elsewhere.path(), "anthology show SOTA-").empty());
}
