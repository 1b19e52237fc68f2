// The site of tests/fixtures/vault-markdown (docs/format.md, "Obsidian's markdown"): the body of each
// note, construct and quiet twin, byte for byte against tests/golden/site-markdown/ (regenerate with
// ANTHOLOGY_UPDATE_GOLDEN=1 and read the diff); inline tags on tag pages; comments in no file of the
// site; markdown.css and KaTeX only where used; without KaTeX, raw TeX and a warning.
#include <catch2/catch.hpp>

#include "tests/site/vault_fixture.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site markdown: golden bodies of every construct and its quiet twin", "[site][golden][markdown]") {
  TempDir dir;
  fs::path vault = copy_vault(dir, "vault-markdown");
  RunResult r = build_site(dir.path(), vault, dir.path() / "site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  for (const auto& entry : fs::directory_iterator(vault)) {
    std::string page = entry.path().stem().string() + ".html";
    if (page == "README.html") continue;  // the vault's own description
    INFO(page);
    CHECK(matches_golden(body_of(read_file(dir.path() / "site" / page)), "site-markdown/" + page));
  }
}

TEST_CASE("site markdown: inline tags are on tag pages, comments nowhere, assets only where used", "[site][markdown]") {
  TempDir dir;
  fs::path vault = copy_vault(dir, "vault-markdown");
  const fs::path site = dir.path() / "site";
  REQUIRE(build_site(dir.path(), vault, site).status == 0);
  CHECK(read_file(site / "tags" / "topic.html").find("inline-tags.html") != std::string::npos);
  CHECK(fs::exists(site / "tags" / "line-start.html"));
  CHECK_FALSE(fs::exists(site / "tags" / "hidden-tag.html"));  // in a comment
  for (const auto& [path, bytes] : snapshot(site)) {
    INFO(path);
    CHECK(bytes.find("secret") == std::string::npos);
    CHECK(bytes.find("everything from here on") == std::string::npos);
  }
  // The stylesheet and KaTeX are linked by the pages that use them, and by no other.
  CHECK(read_file(site / "callouts.html").find("href=\"markdown.css\"") != std::string::npos);
  CHECK(read_file(site / "tables.html").find("markdown.css") == std::string::npos);
  std::string math = read_file(site / "math.html");
  CHECK(math.find("<script src=\"katex/katex.min.js\"></script>") < math.find("<script src=\"math.js\"></script>"));
  CHECK(read_file(site / "callouts.html").find("katex") == std::string::npos);
  CHECK(fs::exists(site / "katex" / "katex.min.css"));
  CHECK(fs::exists(site / "katex" / "fonts" / "KaTeX_Main-Regular.woff2"));
  CHECK(fs::exists(site / "math.js"));
}

TEST_CASE("site markdown: a site without such markdown has none of its files", "[site][markdown]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site").status == 0);
  for (const char* file : {"markdown.css", "math.js", "katex"}) CHECK_FALSE(fs::exists(dir.path() / "site" / file));
}

TEST_CASE("site markdown: without KaTeX the site builds, math stays TeX, one warning says so", "[site][markdown]") {
  TempDir dir;
  fs::path vault = copy_vault(dir, "vault-markdown");
  const fs::path site = dir.path() / "site";
  RunResult r = build_site(dir.path(), vault, site, "", "ANTHOLOGY_KATEX_DIR=" + shell_arg(dir.path() / "no-katex"));
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.find("warning: KaTeX not found at") != std::string::npos);
  CHECK_FALSE(fs::exists(site / "katex"));
  std::string math = read_file(site / "math.html");
  CHECK(math.find("<span class=\"math inline\">\\(a_i * b_i = c\\)</span>") != std::string::npos);
  CHECK(math.find("math.js") == std::string::npos);
}
