// A one-shot command leaves its corpus and graph to the process's exit (cli/session.h,
// end_with_process), but must close the index as a destructor would: folded back, with the stamp that
// spares the next run its integrity check.
#include <catch2/catch.hpp>

#include "core/index/index_health.h"
#include "tests/support/test_support.h"

namespace anth::test {

namespace {

void write_corpus(const TempDir& dir) {
  dir.write("lit/LIT-001.md", "---\nid: LIT-001\ntitle: A paper\nauthors: [Ng]\nyear: 2020\n---\nA body.\n");
  dir.write("sota/SOTA-001.md", "---\nid: SOTA-001\ntitle: A practice\nstatus: adopted\nintroduced_by: LIT-001\n"
                                "source: [LIT-001]\n---\nSee [[LIT-001]].\n");
}

}  // namespace

TEST_CASE("commands: build and lint close the index cleanly", "[index]") {
  for (const char* command : {"build --no-kernels --out site", "lint"}) {
    TempDir dir;
    write_corpus(dir);
    RunResult r = run_anthology(command, dir.path());
    INFO(command << "\n" << r.out << r.err);
    REQUIRE(r.status == 0);
    const fs::path index = dir.path() / ".anthology" / "index.db";
    CHECK(index::detail::closed_cleanly(index));
    std::error_code ec;  // no log, or an empty one
    const std::uintmax_t log_bytes = fs::file_size(index.string() + "-wal", ec);
    CHECK((ec || log_bytes == 0));
  }
}

}  // namespace anth::test
