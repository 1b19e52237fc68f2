// lint parses for the checks only and leaves no body in the index (ingest/body_html.h, BodyFor::checks):
// a build after a lint parses those notes again and makes the site a build alone makes, and a note
// edited between a build and a lint shows its new text in the next build, never its old one.
#include <catch2/catch.hpp>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

RunResult lint(const TempDir& dir, const fs::path& corpus) {
  return run("cd " + shell_arg(dir.path()) + " && NO_COLOR=1 " + shell_arg(anthology_binary()) + " lint --corpus " +
             shell_arg(corpus) + " --index " + shell_arg(dir.path() / "index.db"));
}

}  // namespace

TEST_CASE("site: a build after a lint is the site a build alone makes, with every edit in it", "[site][lint]") {
  TempDir alone, after_lint;
  fs::path corpus_a = copy_fixture(alone), corpus_b = copy_fixture(after_lint);
  REQUIRE(build_site(alone.path(), corpus_a, alone.path() / "site").status == 0);
  lint(after_lint, corpus_b);
  REQUIRE(fs::exists(after_lint.path() / "index.db"));
  REQUIRE(build_site(after_lint.path(), corpus_b, after_lint.path() / "site").status == 0);
  CHECK(snapshot(alone.path() / "site") == snapshot(after_lint.path() / "site"));

  // Built, then edited, then linted: the build that follows shows the new words.
  replace_in_file(corpus_b / "sota" / "SOTA-001.md", "\n---\n", "\n---\nA sentence added between the lint and the build.\n");
  lint(after_lint, corpus_b);
  REQUIRE(build_site(after_lint.path(), corpus_b, after_lint.path() / "site").status == 0);
  CHECK(read_file(after_lint.path() / "site" / "SOTA-001.html").find("A sentence added between the lint and the build.") !=
        std::string::npos);
}
