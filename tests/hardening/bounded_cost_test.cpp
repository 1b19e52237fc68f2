// Shapes of notes that used to take time quadratic in their size, each through the real binary at ten
// times the size that was reported to fail (or as noted), under a memory cap: the run must finish well
// inside the time limit, where the quadratic code took minutes to hours. docs/hardening.md lists the
// measured times.
#include <catch2/catch.hpp>

#include <ctime>
#include <string>
#include <vector>

#include "ingest/field_validation.h"
#include "ingest/frontmatter.h"
#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

using namespace anth::ingest;  // the stage under test

namespace {

using anth::test::TempDir;
using namespace anth::hardening;

// CPU seconds a run may take here: the linear code takes a fraction of this; the quadratic code took
// 36 s to hours at these sizes. CPU time, not wall time: on the shared 2-core machine a run waits many
// times its CPU time. The run is killed after ten times this of wall time.
constexpr int bound_seconds = 15;

// A corpus with one sound paper and a raised note size limit, built into TMP/site.
struct Scene {
  TempDir tmp;
  Scene() {
    tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
    tmp.write("corpus/anthology.toml", "[ingest]\nmax_note_bytes = 33554432\n");
  }
  void write(const std::string& rel, const std::string& content) const { tmp.write("corpus/" + rel, content); }

  Limited run(const std::string& command) const {
    Limited r = run_limited(command + " --corpus corpus", tmp.path(), time_limit(10 * bound_seconds));
    INFO(command << ": status " << r.status << " after " << r.seconds << " s (cpu " << r.cpu_seconds << " s), peak RSS "
                 << r.peak_rss_kib / 1024 << " MiB; stderr: " << r.err.substr(0, 2000));
    CHECK((r.status == 0 || r.status == 1));
    CHECK(r.cpu_seconds < time_limit(bound_seconds));
    WARN(command << ": cpu " << r.cpu_seconds << " s, wall " << r.seconds << " s, peak RSS " << r.peak_rss_kib / 1024 << " MiB");
    return r;
  }
  Limited build() const { return run("build --out site"); }
  std::string page(const std::string& id) const { return anth::test::read_file(tmp.path() / "site" / (id + ".html")); }
};

std::string repeat(const std::string& piece, std::size_t bytes) {
  std::string out;
  out.reserve(bytes + piece.size());
  while (out.size() < bytes) out += piece;
  return out;
}

}  // namespace

TEST_CASE("bounded cost: 3.2 MB of duplicate headings build in linear time", "[hardening][cost]") {
  Scene s;
  // 320 KB took 313 s: every repeat counted its suffix up from 1 again.
  std::string body = repeat("# same\n", 3200 * 1000);
  std::size_t headings = body.size() / 7;
  s.write("lit/LIT-2.md", lit_note("LIT-2", 2021, "", body));
  s.build();
  std::string page = s.page("LIT-2");
  CHECK(page.find("id=\"same\"") != std::string::npos);
  CHECK(page.find("id=\"same-1\"") != std::string::npos);
  CHECK(page.find("id=\"same-" + std::to_string(headings - 1) + "\"") != std::string::npos);
}

TEST_CASE("bounded cost: 8 MB of closing brackets build in linear time, and a link after them still works", "[hardening][cost]") {
  Scene s;
  // 800 KB took 194 s: every "]]" searched back to the start of the text for a "[[".
  s.write("lit/LIT-2.md", lit_note("LIT-2", 2021, "", "[[ " + std::string(8000 * 1000, ']') + " then [[LIT-1]].\n"));
  s.build();
  CHECK(s.page("LIT-2").find("href=\"LIT-1.html\"") != std::string::npos);
}

TEST_CASE("bounded cost: many distinct wikilinks in one note build in linear time", "[hardening][cost]") {
  Scene s;
  // 200,000 took 239 s: the text after each link was copied once per link.
  std::string body;
  for (int i = 0; i < 200000; ++i) body += "[[w" + std::to_string(i) + "]] ";
  body += "[[LIT-1]]\n";
  s.write("lit/LIT-2.md", lit_note("LIT-2", 2021, "lint-ignore: [R002]\n", body));
  s.build();
  std::string page = s.page("LIT-2");
  CHECK(page.find("unresolved link: w199999") != std::string::npos);
  CHECK(page.find("href=\"LIT-1.html\"") != std::string::npos);
}

TEST_CASE("bounded cost: 2,000,000 distinct wikilinks in one note lint and build in linear time", "[hardening][cost]") {
  // Ten times the reported 200,000 (a 25 MB note). Linear, but not yet in a few seconds: here 18 s of
  // CPU and 1.16 GiB for lint, 34 s and 2.1 GiB for build (before the index's store held less: 22 s and
  // 1.48 GiB, 35 s and 2.17 GiB; 61 s and 3.3 GiB, 86 s and 3.9 GiB before the link-dense work);
  // docs/hardening.md, "A note dense with links", says where the rest goes and what its floor is. A
  // quadratic cost would take hours; the CPU bounds are wide for the loaded machine, the memory bounds
  // ~20% above what was measured (lint's fails at the 1.48 GiB of before).
  TempDir tmp;
  tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
  tmp.write("corpus/anthology.toml", "[ingest]\nmax_note_bytes = 33554432\n");
  std::string body;
  body.reserve(25u << 20);
  for (int i = 0; i < 2000000; ++i) body += "[[w" + std::to_string(i) + "]] ";
  body += "[[LIT-1]]\n";
  tmp.write("corpus/lit/LIT-2.md", lit_note("LIT-2", 2021, "lint-ignore: [R002]\n", body));
  body = {};
  struct Bound {
    const char* command;
    int cpu_seconds;
    long rss_kib;
  };
  for (const Bound& b : {Bound{"lint --format json --corpus corpus", 45, 1400l << 10}, Bound{"build --corpus corpus --out site", 80, 2500l << 10}}) {
    fs::remove_all(tmp.path() / "corpus" / ".anthology");
    Limited r = run_limited(b.command, tmp.path(), time_limit(900));
    INFO(b.command << ": status " << r.status << " after " << r.seconds << " s (cpu " << r.cpu_seconds << " s), peak RSS "
                   << r.peak_rss_kib / 1024 << " MiB; stderr: " << r.err.substr(0, 2000));
    WARN("2,000,000 links, " << b.command << ": cpu " << r.cpu_seconds << " s, peak RSS " << r.peak_rss_kib / 1024 << " MiB");
    REQUIRE(r.status == 0);
    CHECK(r.cpu_seconds < time_limit(b.cpu_seconds));
    if (!under_asan) CHECK(r.peak_rss_kib < b.rss_kib);
  }
  CHECK(anth::test::read_file(tmp.path() / "site" / "LIT-1.html").find("w1999999 LIT-1</p>") != std::string::npos);
}

TEST_CASE("bounded cost: a glossary term with a very long title builds in linear time", "[hardening][cost]") {
  Scene s;
  // A 400 KB body took 59 s: from every word start the scan followed the long title as far as the
  // text repeated it. A short alias of the same term is still linked.
  std::string title = repeat("word ", 40000) + "end";
  s.write("terms/long-term.md", "---\ntitle: " + title + "\nshort: A term.\naliases: [word word]\n---\nDefined.\n");
  s.write("lit/LIT-2.md", lit_note("LIT-2", 2021, "", repeat("word ", 4000 * 1000) + "\n"));
  s.build();
  CHECK(s.page("LIT-2").find("href=\"long-term.html\"") != std::string::npos);
}

TEST_CASE("bounded cost: one very wide table row builds in linear time", "[hardening][cost]") {
  Scene s;
  // A 100 KB row took 36 s in cmark-gfm's table extension; such a body is read without tables.
  std::string row = repeat("| a ", 1000 * 1000) + "|\n";
  std::string header = "| h | h |\n| --- | --- |\n";
  s.write("lit/LIT-2.md", lit_note("LIT-2", 2021, "", header + row + "\n[[LIT-1]]\n"));
  s.write("lit/LIT-3.md", lit_note("LIT-3", 2021, "", header + "| x | [[LIT-1]] |\n"));
  s.build();
  CHECK(s.page("LIT-2").find("href=\"LIT-1.html\"") != std::string::npos);
  CHECK(s.page("LIT-3").find("<table") != std::string::npos);  // narrow tables stay tables
}

TEST_CASE("bounded cost: a million list entries lint in seconds, cut at the list limit with S003", "[hardening][cost]") {
  Scene s;
  // 100,000 entries took 39 s: each entry was looked for in the entries kept so far. Ten times that,
  // spread over the three lists (16 MB of frontmatter): yaml-cpp alone took about 6 s to parse it (libyaml
  // reads it in well under one),
  // and each list is read up to max_list_entries, the rest an S003 finding at the first entry left out.
  auto list = [](const std::string& key, const std::string& prefix, int n) {
    std::string out = key + ":\n";
    for (int i = 0; i < n; ++i) out += "  - " + prefix + std::to_string(i % (n - 1)) + "\n";  // one duplicate
    return out;
  };
  const int n = 333334;
  s.write("lit/LIT-2.md", "---\nid: LIT-2\ntitle: Long lists\nyear: 2021\n" + list("authors", "Author ", n) +
                              list("aliases", "alias ", n) + list("tags", "tag-", n) + "---\n");
  Limited r = s.run("lint --format json");
  CHECK(r.out.find("\"nodes\": 2") != std::string::npos);  // the note is still in the graph
  for (const auto& [key, line] : {std::pair{"authors", 6 + anth::ingest::max_list_entries}, {"aliases", 7 + n + anth::ingest::max_list_entries},
                                  {"tags", 8 + 2 * n + anth::ingest::max_list_entries}}) {
    INFO(key);
    CHECK(r.out.find("\"line\": " + std::to_string(line) + ",") != std::string::npos);
    CHECK(r.out.find("list '" + std::string(key) + "' has " + std::to_string(n) + " entries, more than the limit of 10000") !=
          std::string::npos);
  }
}

TEST_CASE("bounded cost: de-duplicating a list of 1,000,000 aliases is linear", "[hardening][cost]") {
  // The de-duplication itself, past the binary's list limit (which the case above checks), at ten times
  // the 100,000 entries that took 39 s: a quadratic one takes hours here. Aliases: authors who share a
  // name are each kept (ingest/field_validation.cpp), so theirs is no de-duplication.
  anth::Note note;
  note.path = "lit/LIT-2.md";
  auto field = [](std::string key, std::vector<std::string> values, anth::Field::Shape shape) {
    anth::Field f;
    f.key = std::move(key);
    f.where = {"lit/LIT-2.md", 2, 1};
    f.shape = shape;
    for (std::string& v : values) f.items.push_back({std::move(v), f.where});
    return f;
  };
  std::vector<std::string> aliases;
  for (int i = 0; i < 1000000; ++i) aliases.push_back("Alias " + std::to_string(i % 999999));
  note.fields = {field("id", {"LIT-2"}, anth::Field::Shape::Scalar), field("title", {"Long"}, anth::Field::Shape::Scalar),
                 field("year", {"2021"}, anth::Field::Shape::Scalar), field("authors", {"A"}, anth::Field::Shape::List),
                 field("aliases", std::move(aliases), anth::Field::Shape::List)};
  std::vector<anth::Diagnostic> out;
  std::clock_t start = std::clock();
  anth::ingest::apply_schema(note, "LIT-2", {}, out);
  double cpu = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  WARN("apply_schema of 1,000,000 aliases: cpu " << cpu << " s");
  CHECK(note.aliases.size() == 999999);
  CHECK(cpu < time_limit(5));
}
