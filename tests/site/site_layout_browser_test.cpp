// The layout of the site of data/ in headless Chromium, driven by tests/site/site_layout_checks.py:
// the body first on a phone, Properties collapsed there and open wide, the table of contents, the
// theme toggle across a reload, copy buttons, a one-line header from 1024 px, ids that never break
// at their hyphen, wide tables that scroll in their box. Screenshots of each page kind at 390 and
// 1280 px are left in the test's folder (copied where ANTHOLOGY_KEEP_SHOTS names). Skipped without
// /usr/bin/chromium.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site layout: phones get the body first, and contents, theme, copy, header, ids and tables work", "[site][browser][layout]") {
  const fs::path chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) {
    WARN("no " << chromium.string() << ": skipped");
    return;
  }
  TempDir dir;
  const fs::path site = dir.path() / "site";
  RunResult built = build_site(dir.path(), source_dir() / "data", site);
  INFO(built.err);
  REQUIRE(built.status == 0);
  const fs::path shots = dir.path() / "shots";
  RunResult r = run("timeout 300 python3 " + shell_arg(source_dir() / "tests/site/site_layout_checks.py") + " " +
                    shell_arg(chromium) + " " + shell_arg(site) + " " + shell_arg(shots));
  INFO(r.out << r.err);
  for (const char* page : {"LIT-008.html", "SOTA-192.html", "attention.html"}) {
    CHECK(r.out.find(std::string("ok 390 ") + page + " first paragraph within the first screen\n") != std::string::npos);
    CHECK(r.out.find(std::string("ok 390 ") + page + " properties collapsed\n") != std::string::npos);
  }
  for (const char* what : {"390 no id breaks at its hyphen", "390 a wide table scrolls inside its wrapper", "1280 properties open",
                           "toc lists the headings and each link has its target", "a toc link scrolls to its heading",
                           "1024 header is one line", "1280 header is one line", "the theme toggle persists across a reload",
                           "a copy button copies its code block"})
    CHECK(r.out.find(std::string("ok ") + what + "\n") != std::string::npos);
  CHECK(r.out.find("FAIL") == std::string::npos);
  if (const char* keep = std::getenv("ANTHOLOGY_KEEP_SHOTS")) {
    std::error_code ec;
    fs::copy(shots, keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  }
}
