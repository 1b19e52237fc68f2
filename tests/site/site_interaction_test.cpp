// The site of data/ used as a reader uses it, in headless Chromium driven over the DevTools protocol
// by tests/site/site_interaction.py: search from any page (Ctrl+K, "/", results as you type, ranking,
// whole-word highlighting, the empty state, arrow keys and Enter), and a fresh build's kernel result
// and inline field on SOTA-192. Screenshots are left in the test's folder (kept when
// ANTHOLOGY_KEEP_SHOTS names a folder to copy them to). Skipped without /usr/bin/chromium.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site: a reader searches from any page and sees current kernel results", "[site][browser][interaction]") {
  const fs::path chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) {
    WARN("no " << chromium.string() << ": skipped");
    return;
  }
  TempDir dir;
  const fs::path site = dir.path() / "site";
  // A fresh build: it compiles and runs the kernels (docs/kernels.md, "On the site").
  RunResult built = build_site(dir.path(), source_dir() / "data", site, "", "", true);
  INFO(built.err);
  REQUIRE(built.status == 0);
  const fs::path shots = dir.path() / "shots";
  RunResult r = run("timeout 300 python3 " + shell_arg(source_dir() / "tests/site/site_interaction.py") + " " +
                    shell_arg(chromium) + " " + shell_arg(site) + " " + shell_arg(shots));
  INFO(r.out << r.err);
  for (const char* where : {"header", "page"})
    for (const char* what : {"ctrl-k focuses search", "slash focuses search", "entropy collapse lists LIT-523 first",
                             "highlights whole words", "SOTA-192 lists SOTA-192 first",
                             "a stopword leaves a clear empty state", "arrow keys and Enter pick a result"})
      CHECK(r.out.find(std::string("ok ") + where + " " + what + "\n") != std::string::npos);
  CHECK(r.out.find("ok SOTA-192 shows its kernel passed\n") != std::string::npos);
  CHECK(r.out.find("ok SOTA-192 shows its inline field as a property line\n") != std::string::npos);
  for (const char* what : {"a preview appears on hover with the target's title", "the preview comes well under half a second",
                           "Escape dismisses the preview", "a link to a heading previews that heading's section",
                           "a fragment that names no heading previews the opening"})
    CHECK(r.out.find(std::string("ok ") + what + "\n") != std::string::npos);
  CHECK(r.out.find("FAIL") == std::string::npos);
  if (const char* keep = std::getenv("ANTHOLOGY_KEEP_SHOTS")) {
    std::error_code ec;
    fs::copy(shots, keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  }
}
