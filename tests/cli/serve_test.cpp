// `anthology serve` end to end through the binary and a real HTTP client (serve_http_checks.py):
// pages and headers, live reload after an edit, refused requests, idle connections, the corpus deleted
// while serving, a clean stop; and the built site carries none of the serving's script.
#include <catch2/catch.hpp>

#include "tests/site/site_test_support.h"

namespace anth::test {

TEST_CASE("serve: pages, live reload events, refused requests and a clean stop through HTTP", "[cli][serve]") {
  TempDir dir;
  fs::path corpus = site::copy_fixture(dir);
  RunResult r = run("python3 " + site::shell_arg(source_dir() / "tests/cli/serve_http_checks.py") + " " +
                    site::shell_arg(anthology_binary()) + " " + site::shell_arg(corpus) + " " + site::shell_arg(dir.path()) + " 2>&1");
  INFO(r.out);
  INFO(read_file(dir.path() / "serve.err"));
  CHECK(r.status == 0);
}

// SIGINT once serve says it is serving (a fixed delay failed on a loaded machine, whose first build
// outlasted it and met the signal before serve handled it). Each run writes its own output file: with
// one shared file, the wait could read the last run's "Ctrl-C to stop" before the shell truncated it,
// and signal a serve that had not started (CI saw status 130 and the previous run's output).
RunResult serve_then_interrupt(const fs::path& dir, const fs::path& corpus, const std::string& options) {
  static int runs = 0;
  fs::path out = dir / ("serve-" + std::to_string(++runs) + ".out");
  REQUIRE(!fs::exists(out));
  std::string command = site::shell_arg(anthology_binary()) + " serve --port 0" + options + " --corpus " + site::shell_arg(corpus) +
                        " --index " + site::shell_arg(dir / "index.db") + " > " + site::shell_arg(out) + " 2>&1 & p=$!; " +
                        "for i in $(seq 1200); do grep -q \"Ctrl-C to stop\" " + site::shell_arg(out) +
                        " && break; kill -0 $p 2>/dev/null || break; sleep 0.05; done; kill -INT $p; wait $p; echo \"status $?\"";
  RunResult r = run(command);
  r.out = read_file(out) + r.out;
  return r;
}

TEST_CASE("serve: a host other than this machine's is warned about, and SIGINT stops it with status 0", "[cli][serve]") {
  TempDir dir;
  fs::path corpus = site::copy_fixture(dir);
  RunResult r = serve_then_interrupt(dir.path(), corpus, " --host 0.0.0.0");
  INFO(r.out);
  CHECK(r.out.find("status 0") != std::string::npos);
  CHECK(r.out.find("warning: listening on 0.0.0.0") != std::string::npos);
  CHECK(r.out.find("stopped") != std::string::npos);
  r = serve_then_interrupt(dir.path(), corpus, "");
  INFO(r.out);
  CHECK(r.out.find("warning") == std::string::npos);
  CHECK(r.out.find("http://127.0.0.1:") != std::string::npos);
  CHECK(r.out.find("status 0") != std::string::npos);
}

TEST_CASE("serve: the site build writes carries no live reload script", "[cli][serve][site]") {
  TempDir dir;
  fs::path corpus = site::copy_fixture(dir);
  REQUIRE(site::build_site(dir.path(), corpus, dir.path() / "out").status == 0);
  std::size_t files = 0;
  for (const auto& [path, bytes] : site::snapshot(dir.path() / "out")) {
    ++files;
    INFO(path);
    CHECK(bytes.find("__anthology") == std::string::npos);
    CHECK(bytes.find("EventSource") == std::string::npos);
  }
  CHECK(files > 10);
}

}  // namespace anth::test
