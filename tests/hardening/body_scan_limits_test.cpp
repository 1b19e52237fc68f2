// Regressions of the body scanner (ingest/body_scan.cpp) found by fuzzing and the hostile-note work:
//  - it was quadratic in the length of a line: the column of every wikilink was counted from the start of
//    its line, every "[[" searched the rest of the line for "]]", every unclosed "[key::" walked to the
//    end of the line, every unclosed backtick run searched the rest of the block. One 4 MiB line of
//    links or brackets took hours; fuzz_note found the first (tests/fuzz/regressions/fuzz_note/).
//  - cmark-gfm's table extension takes time quadratic in the cells of one row (50,000 cells: ~30 s);
//    a body with a line of more than 256 pipes is now parsed without it.
//  - cmark-gfm reports a setext heading as ending on the line after its underline, so a wikilink on
//    that line was reported twice, and one in an indented code block right after the heading was taken
//    for a link.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "ingest/body_scan.h"
#include "ingest/note_parser.h"
#include "tests/hardening/hardening_support.h"

using namespace anth::ingest;  // the stage under test

namespace {

using namespace anth;

std::string repeat(const std::string& unit, std::size_t bytes) {
  std::string s;
  s.reserve(bytes + unit.size());
  while (s.size() < bytes) s += unit;
  return s;
}

std::string times(const std::string& unit, std::size_t k) {
  std::string s;
  s.reserve(unit.size() * k);
  for (std::size_t i = 0; i < k; ++i) s += unit;
  return s;
}

double seconds_to_scan(const std::string& body, BodyScan* out = nullptr) {
  auto start = std::chrono::steady_clock::now();
  ingest::BodyScan scan = scan_body(body, 1, "x.md");
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (out) *out = std::move(scan);
  return s;
}

}  // namespace

TEST_CASE("body scan: pathological 1 MiB lines are scanned in linear time", "[hardening][ingest]") {
  // Linear now: well under a second each without sanitizers. Quadratic (as before) the first case alone
  // took minutes, so a generous bound still tells the two apart on a loaded machine.
  const double bound = hardening::under_asan ? 90 : 30;
  const std::size_t n = 1 << 20;
  struct Case {
    const char* what;
    std::string body;
    std::size_t links;
  };
  std::string runs;
  for (std::size_t k = 1; runs.size() < n / 2; ++k) runs += std::string(k, '`') + "x";
  runs += repeat("y [[LIT-1]] ", n / 2);
  std::vector<Case> cases = {
      {"one line of wikilinks", repeat("[[LIT-1]]", n), n / 9 + 1},
      {"one line of '[['", repeat("[[", n), 0},
      {"one line of unclosed '[key::'", repeat("[a:: ", n), 0},
      {"one line of unclosed '(key::'", repeat("(a:: ", n), 0},
      {"unclosed '[key::' with links inside", repeat("[a:: [[x]] ", n), 0},
      {"backtick runs of every length", runs, 0},
      // cmark-gfm's table extension is quadratic in the cells of a row; such a body is read without it.
      {"a table row of 200,000 cells", "|a|b|\n|-|-|\n" + times("|[[x]]", 200000) + "\n", 200000},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    ingest::BodyScan scan;
    double s = seconds_to_scan(c.body, &scan);
    INFO(s << " s");
    CHECK(s < bound);
    if (c.links) CHECK(scan.wikilinks.size() == c.links);
  }
}

TEST_CASE("body scan: columns of links late in a long line are still right", "[hardening][ingest]") {
  std::string line = times("é [[A]] ", 8000);  // 'é' is 2 bytes, one column
  ingest::BodyScan scan = scan_body(line + "\n[[B]] x [[C]]\n", 5, "x.md");
  REQUIRE(scan.wikilinks.size() == 8002);
  CHECK(scan.wikilinks[0].where == Location{"x.md", 5, 3});
  CHECK(scan.wikilinks[7999].where == Location{"x.md", 5, 3 + 7999 * 8});
  CHECK(scan.wikilinks[8000].where == Location{"x.md", 6, 1});
  CHECK(scan.wikilinks[8001].where == Location{"x.md", 6, 9});
  // A bracketed field after many links: key and value columns.
  BodyScan fields = scan_body(times("[[A]] ", 1000) + "[source:: [[LIT-1]]] [x:: [[B]] [[C]]]\n", 1, "x.md");
  REQUIRE(fields.inline_fields.size() == 2);
  CHECK(fields.inline_fields[0].where.column == 6001 + 1);
  CHECK(fields.inline_fields[0].items[0].where.column == 6001 + 10);
  CHECK(fields.inline_fields[1].items[1].where.column == 6001 + 32);
}

TEST_CASE("body scan: a setext heading does not swallow the line after its underline", "[hardening][ingest]") {
  SECTION("a link right after the underline is found once") {
    ingest::BodyScan scan = scan_body("Title [[A]]\n=====\nText with [[B]]\n", 1, "x.md");
    REQUIRE(scan.wikilinks.size() == 2);
    CHECK(scan.wikilinks[0].target == "A");
    CHECK(scan.wikilinks[1].target == "B");
    CHECK(scan.wikilinks[1].where == Location{"x.md", 3, 11});
  }
  SECTION("an indented code block right after the heading is code") {
    ingest::BodyScan scan = scan_body("A\nB\n---\n    [[in-code]]\n    source:: [[LIT-1]]\n", 1, "x.md");
    CHECK(scan.wikilinks.empty());
    CHECK(scan.inline_fields.empty());
  }
  SECTION("a code span does not close on the next block's line") {
    ingest::BodyScan scan = scan_body("x\n`[[A]]\n---\n`[[B]]`\n", 1, "x.md");
    REQUIRE(scan.wikilinks.size() == 1);
    CHECK(scan.wikilinks[0].target == "A");
  }
  SECTION("ATX headings and a heading at the end of the text are unchanged") {
    ingest::BodyScan scan = scan_body("# One [[A]]\ntext [[B]]\n\nTwo [[C]]\n---", 1, "x.md");
    REQUIRE(scan.wikilinks.size() == 3);
    CHECK(scan.wikilinks[2].where == Location{"x.md", 4, 5});
  }
  SECTION("through parse_note: one mention, no duplicate") {
    ParsedNote p = ingest::parse_note("lit/LIT-1.md", "---\nid: LIT-1\ntitle: T\nauthors: [A]\nyear: 2020\n---\nHeading\n===\n[[LIT-2]]\n");
    CHECK(p.note.wikilinks.size() == 1);
    CHECK(p.note.relations.size() == 1);
  }
}
