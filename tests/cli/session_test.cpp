// open_session: what most commands share.
#include <catch2/catch.hpp>

#include "cli/session.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::test;

TEST_CASE("a session's graph refers to the session's own corpus after the session is returned", "[cli][session]") {
  // Regression: the graph kept a reference to a corpus that moved with the session, so every command
  // that read notes through session->graph read freed memory.
  TempDir dir;
  dir.write("lit/LIT-1.md", "---\ntitle: First\nauthors: [A]\nyear: 2020\n---\n");
  dir.write("lit/LIT-2.md", "---\ntitle: Second\nauthors: [B]\nyear: 2021\ncites: [LIT-1]\n---\n");
  cli::Args args;
  args.values["--corpus"] = {dir.path().string()};
  auto session = cli::open_session(args);
  REQUIRE(session);
  CHECK(&session->graph->corpus() == &session->corpus());
  auto v = session->graph->vertex("LIT-2");
  REQUIRE(v);
  CHECK(session->graph->note(*v).title == "Second");
  CHECK(session->graph->out_edges(*v, "cites").size() == 1);
}
