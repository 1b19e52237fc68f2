// Accessibility of the site of data/ (and of the Obsidian fixture tests/fixtures/vault-markdown) in headless Chromium, driven over the DevTools protocol by
// tests/site/site_a11y_checks.py: axe-core (WCAG 2.0-2.2 A/AA and best practices, target-size
// included) finds nothing on any page kind, light and dark, at 1280 and 390 px; the focus ring is at
// 3:1 or more; no link says only ".cpp"; targets are 24 px or spaced (WCAG 2.5.8; the graph drawing's
// are counted in the driver's output, not judged: render/site/graph_svg.cpp is another change's); on
// a touch phone the first tap on a glossary term or a link shows its definition or preview in place
// and the second follows it (docs/site.md, "Accessibility"). axe-core comes from the npm registry at
// test time, into BUILD/npm (never committed). Without chromium, npm or the registry a developer's
// run is skipped with a message; under CI it fails.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

constexpr const char* kAxePackage = "axe-core@4.14.1";

// BUILD/npm/node_modules/axe-core/axe.min.js, installed with npm when missing; empty when it cannot be.
fs::path axe_script(std::string& why) {
  const fs::path prefix = anthology_binary().parent_path() / "npm";
  const fs::path axe = prefix / "node_modules" / "axe-core" / "axe.min.js";
  if (fs::exists(axe)) return axe;
  if (run("command -v npm >/dev/null").status != 0) {
    why = "npm is missing: scripts/install-deps.sh installs node and npm";
    return {};
  }
  fs::create_directories(prefix);
  RunResult r = run("timeout 300 npm install --prefix " + shell_arg(prefix) +
                    " --no-audit --no-fund --no-save --loglevel=error " + kAxePackage + " 2>&1");
  if (fs::exists(axe)) return axe;
  why = std::string("npm install ") + kAxePackage + " into " + prefix.string() + " failed: " + r.out;
  return {};
}

const fs::path chromium = "/usr/bin/chromium";

// axe-core's script, or empty when the check cannot run: then a failure under CI, else a warning.
fs::path axe_or_skip() {
  std::string why;
  fs::path axe;
  if (!fs::exists(chromium)) why = "no " + chromium.string() + ": scripts/install-deps.sh installs it";
  else axe = axe_script(why);
  if (axe.empty()) {
    if (std::getenv("CI") != nullptr) FAIL("accessibility check cannot run under CI: " << why);
    WARN("accessibility check skipped: " << why);
  }
  return axe;
}

// Builds CORPUS's site under DIR and runs the checks on it: on the named pages only (axe), or on
// every page kind of data/'s site with the focus and touch checks when none are named.
RunResult check_site(const fs::path& dir, const fs::path& corpus, const fs::path& axe, const std::vector<std::string>& pages = {}) {
  const fs::path site = dir / "site";
  RunResult built = build_site(dir, corpus, site);
  INFO(built.err);
  REQUIRE(built.status == 0);
  std::string command = "timeout 400 python3 " + shell_arg(source_dir() / "tests/site/site_a11y_checks.py") + " " +
                        shell_arg(chromium) + " " + shell_arg(site) + " " + shell_arg(axe) + " " + shell_arg(dir / "shots");
  for (const std::string& page : pages) {
    REQUIRE(fs::exists(site / page));
    command += " " + page;
  }
  return run(command);
}

}  // namespace

TEST_CASE("site: axe-core finds nothing on a vault's pages, callouts, math, tasks and footnotes", "[site][browser][a11y]") {
  const fs::path axe = axe_or_skip();
  if (axe.empty()) return;
  TempDir dir;
  const std::vector<std::string> pages = {"callouts.html", "math.html", "tasks.html", "footnotes.html", "highlight.html",
                                          "inline-tags.html", "block-ids.html", "tables.html", "mermaid.html", "pages.html"};
  RunResult r = check_site(dir.path(), source_dir() / "tests/fixtures/vault-markdown", axe, pages);
  INFO(r.out << r.err);
  for (const std::string& page : pages)
    for (const char* width : {" 1280 ", " 390 "})
      for (const char* scheme : {"light", "dark"})
        CHECK(r.out.find("ok axe " + page.substr(0, page.size() - 5) + width + scheme + "\n") != std::string::npos);
}

TEST_CASE("site: axe-core finds nothing on any page kind, focus shows, taps preview first", "[site][browser][a11y]") {
  const fs::path axe = axe_or_skip();
  if (axe.empty()) return;
  TempDir dir;
  const fs::path shots = dir.path() / "shots";
  RunResult r = check_site(dir.path(), source_dir() / "data", axe);
  INFO(r.out << r.err);
  for (const char* kind : {"home", "LIT", "NOTE", "SOTA", "THEORY", "TERM", "listing", "tags", "tag", "glossary",
                           "search", "kernels", "provenance", "graph"}) {
    for (const char* width : {" 1280 ", " 390 "})
      for (const char* scheme : {"light", "dark"})
        CHECK(r.out.find(std::string("ok axe ") + kind + width + scheme + "\n") != std::string::npos);
    CHECK(r.out.find(std::string("ok link texts say where they go on ") + kind + "\n") != std::string::npos);
    CHECK(r.out.find(std::string("ok touch targets at 24 px or spaced on ") + kind + "\n") != std::string::npos);
  }
  for (const char* page : {"index.html", "SOTA-192.html", "glossary.html", "kernels.html"})
    for (const char* scheme : {" light", " dark"})
      CHECK(r.out.find(std::string("ok focus ring at 3:1 on ") + page + scheme + "\n") != std::string::npos);
  for (const char* what : {"a glossary term", "an internal link"}) {
    CHECK(r.out.find(std::string("ok the first tap on ") + what + " shows it in place\n") != std::string::npos);
    CHECK(r.out.find(std::string("ok the second tap on ") + what + " follows it\n") != std::string::npos);
  }
  CHECK(r.out.find("FAIL") == std::string::npos);
  if (const char* keep = std::getenv("ANTHOLOGY_KEEP_SHOTS")) {
    std::error_code ec;
    fs::copy(shots, keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  }
}
