// A page open in headless Chromium reloads itself when `anthology serve` sees an edit that changes it
// (tests/site/serve_reload_checks.py), and a page the edit leaves alone stays. Skipped without
// /usr/bin/chromium.
#include <catch2/catch.hpp>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("serve: a page open in the browser reloads after an edit that changes it", "[site][browser][serve]") {
  const fs::path chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) {
    WARN("no chromium: skipped");
    return;
  }
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  RunResult r = run("timeout 300 python3 " + shell_arg(source_dir() / "tests/site/serve_reload_checks.py") + " " +
                    shell_arg(chromium) + " " + shell_arg(anthology_binary()) + " " + shell_arg(corpus) + " " +
                    shell_arg(dir.path()));
  INFO(r.out << r.err << read_file(dir.path() / "serve.err"));
  for (const char* what : {"serve printed its URL", "the page reloads after an edit that changes it and shows the edit",
                           "a page the edit does not change is not reloaded"})
    CHECK(r.out.find(std::string("ok ") + what + "\n") != std::string::npos);
  CHECK(r.out.find("FAIL") == std::string::npos);
}
