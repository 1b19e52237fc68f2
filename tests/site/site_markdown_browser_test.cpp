// The site of tests/fixtures/vault-markdown in headless Chromium, driven by
// tests/site/site_markdown_checks.py from file://: KaTeX renders the math (.katex elements, its fonts
// from the site, no console error) and callouts fold without script. Screenshots are left in the
// test's folder (copied where ANTHOLOGY_KEEP_SHOTS names). Skipped without /usr/bin/chromium or
// Debian's libjs-katex.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site markdown: KaTeX renders math from file:// and callouts fold", "[site][browser][markdown]") {
  const fs::path chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium) || !fs::exists("/usr/share/javascript/katex/katex.min.js")) {
    WARN("no chromium or libjs-katex: skipped");
    return;
  }
  TempDir dir;
  const fs::path site = dir.path() / "site";
  fs::path vault = dir.path() / "vault";
  fs::copy(source_dir() / "tests" / "fixtures" / "vault-markdown", vault, fs::copy_options::recursive);
  RunResult built = build_site(dir.path(), vault, site);
  INFO(built.err);
  REQUIRE(built.status == 0);
  const fs::path shots = dir.path() / "shots";
  RunResult r = run("timeout 300 python3 " + shell_arg(source_dir() / "tests/site/site_markdown_checks.py") + " " +
                    shell_arg(chromium) + " " + shell_arg(site) + " " + shell_arg(shots));
  INFO(r.out << r.err);
  for (const char* what : {"math spans are rendered by KaTeX", "display math is a KaTeX display", "KaTeX's fonts load from the site",
                           "no console error or exception on the math page", "prices are not math", "a '-' callout starts folded",
                           "its content is hidden", "a click on its title opens it", "another click folds it again",
                           "a '+' callout starts open", "a nested callout sits inside its parent",
                           "the callout families have their own colours", "no console error or exception on the callouts page"})
    CHECK(r.out.find(std::string("ok ") + what + "\n") != std::string::npos);
  CHECK(r.out.find("FAIL") == std::string::npos);
  if (const char* keep = std::getenv("ANTHOLOGY_KEEP_SHOTS")) {
    std::error_code ec;
    fs::copy(shots, keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  }
}
