// Query blocks on the site (docs/site.md "Query blocks"), end to end through the binary: each block
// answered as a table with its ids linked, a bad block as a box and a lint finding (never a failed
// build), the same bytes twice, and an incremental build that renders a page again when its block's
// answer changed though its note did not.
#include <catch2/catch.hpp>

#include "core/query/query_db.h"
#include "ingest/load_corpus.h"
#include "render/site/query_blocks.h"
#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

const char* const lit1 =
    "---\nid: LIT-1\ntitle: First paper\nauthors: [Doe]\nyear: 2020\n---\n"
    "The practices it introduced:\n\n```anthology\nquery --introduced-by this\n```\n";
const char* const lit2 =
    "---\nid: LIT-2\ntitle: Second paper\nauthors: [Roe]\nyear: 2021\n---\n"
    "A misspelt block:\n\n```anthology\nquery --kindd sota\n```\n\n"
    "Papers by SQL:\n\n```anthology\nquery --sql \"SELECT id, year FROM nodes WHERE kind = 'LIT' ORDER BY id\"\n```\n";
// A hub that relates to nothing: only its block's answer ties its page to the practices.
const char* const hub =
    "---\nid: LIT-3\ntitle: Candidates hub\nauthors: [Poe]\nyear: 2022\n---\n"
    "Practices still candidates:\n\n```anthology\nquery --kind sota --status candidate\n```\n";
const char* const sota1 =
    "---\nid: SOTA-1\ntitle: Practice one\nstatus: candidate\nsource: [LIT-1]\nintroduced_by: LIT-1\npromote_when: \"later\"\n---\n"
    "```anthology\norigin this\n```\n";
const char* const sota2 =
    "---\nid: SOTA-2\ntitle: Practice two\nstatus: adopted\nsource: [LIT-1, LIT-2]\nintroduced_by: LIT-1\n---\nText.\n";

fs::path write_corpus(const TempDir& dir) {
  dir.write("corpus/lit/LIT-1.md", lit1);
  dir.write("corpus/lit/LIT-2.md", lit2);
  dir.write("corpus/lit/LIT-3.md", hub);
  dir.write("corpus/sota/SOTA-1.md", sota1);
  dir.write("corpus/sota/SOTA-2.md", sota2);
  return dir.path() / "corpus";
}

// The HTML of each query block of a page, in order.
std::vector<std::string> blocks_of(const std::string& page) {
  std::vector<std::string> out;
  for (std::size_t at = page.find("<div class=\"query-block"); at != std::string::npos;
       at = page.find("<div class=\"query-block", at + 1))
    out.push_back(page.substr(at, page.find("</div>", at) + 6 - at));
  return out;
}

bool links(const std::string& html, const std::string& id) {
  return html.find("<a href=\"" + id + ".html\">" + id + "</a>") != std::string::npos;
}

}  // namespace

TEST_CASE("query blocks: build shows each block's answer as a table with its ids linked", "[site][query-blocks]") {
  TempDir dir;
  fs::path corpus = write_corpus(dir), out = dir.path() / "site";
  RunResult r = build_site(dir.path(), corpus, out);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);

  auto introduced = blocks_of(read_file(out / "LIT-1.html"));
  REQUIRE(introduced.size() == 1);
  CHECK(introduced[0].find("<th>id</th><th>kind</th><th>year</th><th>status</th><th>title</th>") != std::string::npos);
  CHECK(links(introduced[0], "SOTA-1"));
  CHECK(links(introduced[0], "SOTA-2"));
  CHECK(introduced[0].find("<td>Practice two</td>") != std::string::npos);
  CHECK(introduced[0].find("2 results") != std::string::npos);

  auto hub_blocks = blocks_of(read_file(out / "LIT-3.html"));
  REQUIRE(hub_blocks.size() == 1);
  CHECK(links(hub_blocks[0], "SOTA-1"));
  CHECK_FALSE(links(hub_blocks[0], "SOTA-2"));

  auto origin = blocks_of(read_file(out / "SOTA-1.html"));
  REQUIRE(origin.size() == 1);
  CHECK(origin[0].find("<th>year</th><th>id</th><th>title</th><th>linked as</th>") != std::string::npos);
  CHECK(links(origin[0], "LIT-1"));
  CHECK(origin[0].find("[origin]") != std::string::npos);

  auto lit2_blocks = blocks_of(read_file(out / "LIT-2.html"));
  REQUIRE(lit2_blocks.size() == 2);
  CHECK(lit2_blocks[0].find("query-error") != std::string::npos);
  CHECK(lit2_blocks[0].find("unknown flag --kindd of query; did you mean --kind?") != std::string::npos);
  CHECK(lit2_blocks[0].find("<code>query --kindd sota</code>") != std::string::npos);
  CHECK(lit2_blocks[1].find("<th>id</th><th>year</th>") != std::string::npos);
  CHECK(lit2_blocks[1].find("<td><a href=\"LIT-3.html\">LIT-3</a></td><td>2022</td>") != std::string::npos);

  // A block's --sql is read-only as on the command line: refused, the page says why, the index is whole.
  dir.write("corpus/lit/LIT-5.md", "---\nid: LIT-5\ntitle: Fifth\nauthors: [Moe]\nyear: 2024\n---\n```anthology\nquery --sql \"DELETE FROM nodes\"\n```\n");
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site3").status == 0);
  auto refused = blocks_of(read_file(dir.path() / "site3" / "LIT-5.html"));
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].find("query-error") != std::string::npos);
  CHECK(refused[0].find("only reading statements are allowed") != std::string::npos);
  CHECK(links(blocks_of(read_file(dir.path() / "site3" / "LIT-1.html"))[0], "SOTA-2"));
  fs::remove(corpus / "lit" / "LIT-5.md");

  // The bad block is a warning of the build's summary, not a failure; the same corpus gives the same bytes.
  CHECK(r.out.find("1 warning") != std::string::npos);
  RunResult again = build_site(dir.path(), corpus, dir.path() / "site2");
  REQUIRE(again.status == 0);
  for (const char* page : {"LIT-1.html", "LIT-2.html", "LIT-3.html", "SOTA-1.html"})
    CHECK(read_file(out / page) == read_file(dir.path() / "site2" / page));
}

TEST_CASE("query blocks: lint reports a bad block as Q001 at its line, and the good ones stay quiet", "[site][query-blocks]") {
  TempDir dir;
  fs::path corpus = write_corpus(dir);
  RunResult lint = run_anthology("lint --corpus " + shell_arg(corpus) + " --index " + shell_arg(dir.path() / "index.db"));
  INFO(lint.out << lint.err);
  CHECK(lint.out.find("lit/LIT-2.md:10:1: warning: query block: unknown flag --kindd of query; did you mean --kind? "
                      "[Q001 bad-query-block]\n") != std::string::npos);
  CHECK(lint.out.find("Q001", lint.out.find("Q001") + 1) == std::string::npos);  // the good blocks are quiet
}

TEST_CASE("query blocks: an incremental build renders a page again when its block's answer changed", "[site][query-blocks]") {
  TempDir dir;
  fs::path corpus = write_corpus(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  const std::string hub_before = read_file(out / "LIT-3.html");
  REQUIRE_FALSE(links(blocks_of(hub_before)[0], "SOTA-2"));

  // Another note's status changes what the hub's block answers; the hub's note is untouched.
  replace_in_file(corpus / "sota" / "SOTA-2.md", "status: adopted", "status: candidate\npromote_when: \"later\"");
  RunResult r = build_site(dir.path(), corpus, out);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  const std::string hub_after = read_file(out / "LIT-3.html");
  CHECK(links(blocks_of(hub_after)[0], "SOTA-2"));
  CHECK(blocks_of(hub_after)[0].find("2 results") != std::string::npos);

  // And a build from nothing agrees with it.
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "fresh", "", "").status == 0);
  CHECK(hub_after == read_file(dir.path() / "fresh" / "LIT-3.html"));
}

TEST_CASE("query blocks: each distinct query is evaluated once per build, `this` making it distinct", "[site][query-blocks]") {
  TempDir dir;
  fs::path corpus = write_corpus(dir);
  // The same query twice on one page and once on another, written differently; a `this` query on two
  // notes is two queries.
  dir.write("corpus/lit/LIT-4.md",
            "---\nid: LIT-4\ntitle: Fourth\nauthors: [Zoe]\nyear: 2023\n---\n```anthology\nquery --kind sota --status candidate\n```\n\n"
            "```anthology\nquery --status=candidate  --kind SOTA\n```\n\n```anthology\nquery --introduced-by this\n```\n");
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site").status == 0);
  auto loaded = anth::ingest::load_corpus(anth::ingest::LoadOptions{corpus}, nullptr);
  REQUIRE(loaded);
  anth::graph::Graph graph(loaded->corpus);
  auto db = anth::query::QueryDb::open(dir.path() / "index.db");
  REQUIRE(db);
  anth::render::site::QueryBlocks blocks(graph, db->handle());
  // LIT-1 and LIT-4: --introduced-by this (two ids); LIT-2: a bad block and --sql; LIT-3 and LIT-4 (twice):
  // the candidates; SOTA-1: origin this.
  CHECK(blocks.evaluated() == 6);
  const std::size_t lit3 = *graph.vertex("LIT-3"), lit4 = *graph.vertex("LIT-4"), sota2 = *graph.vertex("SOTA-2");
  CHECK(blocks.html(lit4, 0) == blocks.html(lit3, 0));
  CHECK(blocks.html(lit4, 1) == blocks.html(lit3, 0));
  CHECK(blocks.html(lit4, 2).find("Nothing matches.") != std::string::npos);
  CHECK(blocks.html(lit4, 3).empty());
  CHECK(blocks.key(sota2) == 0);
  CHECK(blocks.key(lit3) != 0);
  CHECK(blocks.key(lit3) != blocks.key(lit4));

  anth::render::site::QueryBlocks without_index(graph, nullptr);
  CHECK(without_index.html(lit3, 0).find("the index is not available to this build") != std::string::npos);
}
