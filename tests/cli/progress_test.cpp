// Progress bars (cli/progress.h) on a real terminal: `script` runs the command on a pseudo-terminal.
// A build draws one bar per phase with counts and a rate; with stderr redirected, nothing is drawn.
// ANTHOLOGY_PROGRESS_GRACE_MS=0 draws from the start (the grace second would outlast these builds), and
// ANTHOLOGY_PROGRESS_RATE_MS=0 shows the rate from a phase's first frame (on a fast machine every phase
// of this build ended inside the usual quarter second, and no rate ever showed).
#include <catch2/catch.hpp>

#include <cstdlib>

#include "cli/progress.h"

#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

bool have_script() { return std::system("command -v script >/dev/null 2>&1") == 0; }

// Runs `args` on a pseudo-terminal; the terminal's output (stdout and stderr together).
RunResult on_terminal(const fs::path& dir, const std::string& args) {
  std::string inner = "ANTHOLOGY_PROGRESS_GRACE_MS=0 ANTHOLOGY_PROGRESS_RATE_MS=0 " + quoted(anthology_binary()) + " " + args;
  return run("cd " + quoted(dir) + " && script -qec \"" + inner + "\" /dev/null");
}

}  // namespace

TEST_CASE("progress: a build on a terminal shows a bar per phase with counts and rate", "[cli][progress]") {
  if (!have_script()) {
    WARN("skipped: no `script` to make a terminal");
    return;
  }
  TempDir dir;
  anth::hardening::write_generated_corpus(dir, "corpus", 4000);  // phases long enough to show a rate
  RunResult r = on_terminal(dir.path(), "build --corpus corpus --out site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  for (const char* phase : {"ingest [", "bodies [", "pages ["}) CHECK(r.out.find(phase) != std::string::npos);
  // Done of total. Not "/4000 " (a rate after it): ingest may end before a rate shows (a quarter second).
  CHECK(r.out.find("/4000") != std::string::npos);
  CHECK(r.out.find("/s") != std::string::npos);      // the rate
  CHECK(r.out.find("\r          ") != std::string::npos);  // each bar is cleared (with spaces) when its phase ends
  CHECK(r.out.find("\033") == std::string::npos);          // no escape codes: a dumb terminal shows it too
  CHECK(r.out.find("wrote ") != std::string::npos);

  // The same build with stderr to a file: no bar, not even on the terminal's stdout.
  fs::remove_all(dir.path() / "site");
  fs::remove_all(dir.path() / "corpus" / ".anthology");
  RunResult quiet = on_terminal(dir.path(), "build --corpus corpus --out site 2>err.txt");
  REQUIRE(quiet.status == 0);
  CHECK(quiet.out.find(" [") == std::string::npos);
  CHECK(read_file(dir.path() / "err.txt").find(" [") == std::string::npos);
}

TEST_CASE("progress: kernels check on a terminal counts the kernels", "[cli][progress]") {
  if (!have_script() || std::system("command -v c++ >/dev/null 2>&1") != 0) {
    WARN("skipped: no `script` or no C++ compiler");
    return;
  }
  TempDir dir;
  fs::copy(source_dir() / "data", dir.path() / "corpus", fs::copy_options::recursive);
  RunResult r = on_terminal(dir.path(), "kernels check SOTA-192 --corpus corpus");
  INFO(r.out << r.err);
  CHECK((r.status == 0 || r.status == 1));
  CHECK(r.out.find("kernels [") != std::string::npos);
  CHECK(r.out.find("1/1") != std::string::npos);
}

TEST_CASE("progress: a frame fits the terminal and slow work shows seconds per item", "[cli][progress]") {
  using anth::cli::progress_line;
  CHECK(progress_line("kernels", 0, 5, 0.1, 80) == "kernels [..............................] 0/5");
  CHECK(progress_line("kernels", 2, 5, 7.0, 80).find("  3.5 s/item") != std::string::npos);
  CHECK(progress_line("pages", 100, 1000, 2.0, 80).find("  50/s") != std::string::npos);
  CHECK(progress_line("pages", 100, 1000, 0.2, 80).find("/s") == std::string::npos);  // too soon for a rate
  CHECK(progress_line("pages", 100, 1000, 0.2, 80, 0).find("  500/s") != std::string::npos);
  for (std::size_t columns : {1, 12, 30, 40, 60, 200}) {
    std::string line = progress_line("bodies", 3999, 4000, 12.5, columns);
    INFO(columns << ": " << line);
    CHECK(line.size() <= std::max<std::size_t>(columns - 1, 1));
  }
}

TEST_CASE("progress: on a 40-column terminal no frame wraps", "[cli][progress]") {
  if (!have_script()) {
    WARN("skipped: no `script` to make a terminal");
    return;
  }
  TempDir dir;
  anth::hardening::write_generated_corpus(dir, "corpus", 3000);
  std::string inner = "stty cols 40 rows 24; ANTHOLOGY_PROGRESS_GRACE_MS=0 ANTHOLOGY_PROGRESS_RATE_MS=0 " +
                      quoted(anthology_binary()) + " build --corpus corpus --out site";
  RunResult r = run("cd " + quoted(dir.path()) + " && script -qec \"" + inner + "\" /dev/null");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  std::size_t frames = 0;
  std::string segment;
  for (char c : r.out + "\n") {
    if (c != '\r' && c != '\n') {
      segment += c;
      continue;
    }
    if (segment.find(" [") != std::string::npos) {
      ++frames;
      INFO(segment);
      CHECK(segment.size() < 40);  // a wider one wraps and leaves a stale line at each redraw
    }
    segment.clear();
  }
  CHECK(frames > 0);
}

TEST_CASE("progress: a command waiting for the corpus lock says so", "[cli][progress]") {
  if (std::system("command -v flock >/dev/null 2>&1") != 0) {
    WARN("skipped: no flock");
    return;
  }
  TempDir dir;
  anth::hardening::write_generated_corpus(dir, "corpus", 10);
  REQUIRE(run_anthology("lint --corpus corpus", dir.path()).status <= 1);
  // Another run holds the lock for a second; lint waits, saying why, then runs.
  RunResult r = run("cd " + quoted(dir.path()) + " && (flock corpus/.anthology/lock sh -c 'touch held; sleep 1' &) && " +
                    "while [ ! -e held ]; do sleep 0.05; done && " + quoted(anthology_binary()) + " lint --corpus corpus");
  CHECK(r.status <= 1);
  CHECK(r.err == "anthology: waiting for another anthology run to finish (it holds corpus/.anthology/lock)\n");
  CHECK(r.out.find(" files, ") != std::string::npos);
  // Nobody holding it: no message.
  CHECK(run_anthology("lint --corpus corpus", dir.path()).err.empty());
}
