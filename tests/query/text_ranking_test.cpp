// `query --text ... --limit N` ranks only FTS5's best few hundred documents (core/query/node_search.cpp,
// find_top_ranked); these corpora are large enough for that shortcut to be taken, and check that it
// returns exactly what ranking every match does, ties and filters included.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "tests/support/test_support.h"

namespace anth::test {

namespace {

// `count` LIT notes; note i says "spectral" words(i) times among filler words, plus a few SOTA notes.
void write_corpus(const TempDir& dir, int count, int (*words)(int)) {
  for (int i = 1; i <= count; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "LIT-%03d", i);
    std::ostringstream body;
    for (int w = 0; w < words(i); ++w) body << "spectral ";
    body << "norm of the weights and other filler words for the length.\n";
    dir.write(std::string("lit/") + id + ".md", std::string("---\nid: ") + id + "\ntitle: Paper " + std::to_string(i) +
                                                    "\nauthors: [Ng]\nyear: 2020\n---\n" + body.str());
  }
  for (int i = 1; i <= 6; ++i)
    dir.write("sota/SOTA-00" + std::to_string(i) + ".md",
              "---\nid: SOTA-00" + std::to_string(i) + "\ntitle: Practice " + std::to_string(i) +
                  "\nstatus: adopted\nintroduced_by: LIT-001\n---\nA spectral practice.\n");
}

std::string first_lines(const std::string& text, int n) {
  std::size_t end = 0;
  for (int i = 0; i < n; ++i) {
    std::size_t nl = text.find('\n', end);
    if (nl == std::string::npos) return text;
    end = nl + 1;
  }
  return text.substr(0, end);
}

void check_same_as_full_ranking(const TempDir& dir, const std::string& filters, int limit) {
  RunResult all = run_anthology("query --text spectral --format ids " + filters, dir.path());
  RunResult top = run_anthology("query --text spectral --format ids --limit " + std::to_string(limit) + " " + filters, dir.path());
  INFO(filters << "\nall:\n" << first_lines(all.out, limit) << "top:\n" << top.out << top.err);
  REQUIRE(all.status == 0);
  REQUIRE(top.status == 0);
  CHECK(top.out == first_lines(all.out, limit));
  CHECK(std::count(top.out.begin(), top.out.end(), '\n') == std::min<long>(limit, std::count(all.out.begin(), all.out.end(), '\n')));
}

}  // namespace

TEST_CASE("text ranking: the top rows equal those of ranking every match", "[query]") {
  TempDir dir;
  write_corpus(dir, 320, [](int i) { return 1 + (i * 7) % 13; });  // many equal scores among 320 matches
  check_same_as_full_ranking(dir, "", 5);
  check_same_as_full_ranking(dir, "", 40);
  check_same_as_full_ranking(dir, "--kind sota", 4);  // the filter leaves few candidates: the full query runs
  check_same_as_full_ranking(dir, "--kind sota --kind lit", 12);
}

TEST_CASE("text ranking: every document tied, ordered by id", "[query]") {
  TempDir dir;
  write_corpus(dir, 250, [](int) { return 2; });
  check_same_as_full_ranking(dir, "--kind lit", 10);
  RunResult top = run_anthology("query --text spectral --kind lit --format ids --limit 3", dir.path());
  CHECK(top.out == "LIT-001\nLIT-002\nLIT-003\n");
}

}  // namespace anth::test
