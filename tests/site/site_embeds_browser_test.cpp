// The site of tests/fixtures/vault-embeds in headless Chromium, driven by
// tests/site/site_embeds_checks.py from file://: the embedded images load from the site's copies, the
// transcluded text is there, a 50-deep chain stops. Screenshots are left in the test's folder (copied
// where ANTHOLOGY_KEEP_SHOTS names). Skipped without /usr/bin/chromium.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site embeds: images load and notes are transcluded in Chromium", "[site][browser][embeds]") {
  const fs::path chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) {
    WARN("no chromium: skipped");
    return;
  }
  TempDir dir;
  const fs::path site = dir.path() / "site";
  fs::path vault = dir.path() / "vault";
  fs::copy(source_dir() / "tests" / "fixtures" / "vault-embeds", vault, fs::copy_options::recursive);
  RunResult built = build_site(dir.path(), vault, site);
  INFO(built.err);
  REQUIRE(built.status == 0);
  const fs::path shots = dir.path() / "shots";
  RunResult r = run("timeout 300 python3 " + shell_arg(source_dir() / "tests/site/site_embeds_checks.py") + " " +
                    shell_arg(chromium) + " " + shell_arg(site) + " " + shell_arg(shots));
  INFO(r.out << r.err);
  for (const char* what : {"every image loads from the site", "a sized image takes its width", "audio and video have controls",
                           "the whole note is transcluded", "a heading's section is transcluded", "a block is transcluded",
                           "the PDF is a link to its copy", "a 50-deep chain stops nesting"})
    CHECK(r.out.find(std::string("ok ") + what + "\n") != std::string::npos);
  CHECK(r.out.find("FAIL") == std::string::npos);
  if (const char* keep = std::getenv("ANTHOLOGY_KEEP_SHOTS")) {
    std::error_code ec;
    fs::copy(shots, keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  }
}
