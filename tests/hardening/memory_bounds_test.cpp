// Memory a note may cost, through the real binary: YAML aliases cannot multiply a note's frontmatter
// (S001 past its size plus 1 MiB), and a large note, allowed by a raised max_note_bytes, costs `build`
// a small multiple of its size. docs/hardening.md has the measured figures.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

namespace {

using anth::test::TempDir;
using namespace anth::hardening;
using json = nlohmann::json;

}  // namespace

TEST_CASE("memory: YAML aliases of a long string are bounded by the frontmatter's size (S001)", "[hardening][memory]") {
  TempDir tmp;
  tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
  // Ten times the 170 KB note that used 1.46 GB: a 100 KB string, then 400,000 aliases of it in
  // `aliases`, which would expand to 40 GB; the reported size in `authors` and `tags`.
  for (auto [key, count] : {std::pair{"aliases", 400000}, {"authors", 40000}, {"tags", 40000}}) {
    std::string note = "---\nid: LIT-2\ntitle: Bomb\nyear: 2020\nlong: &s \"" + std::string(100000, 'x') + "\"\n" + key + ": [";
    for (int i = 0; i < count; ++i) note += i ? ",*s" : "*s";
    note += "]\n---\n";
    tmp.write(std::string("corpus/lit/LIT-2-") + key + ".md", note);
  }
  Limited r = run_limited("lint --corpus corpus --format json", tmp.path(), time_limit(60));
  INFO("status " << r.status << " after " << r.seconds << " s (cpu " << r.cpu_seconds << " s), peak RSS " << r.peak_rss_kib / 1024 << " MiB");
  INFO("stderr: " << r.err.substr(0, 2000));
  REQUIRE(r.status == 1);
  json doc = json::parse(r.out, nullptr, false);
  REQUIRE(!doc.is_discarded());
  int bounded = 0;
  for (const json& d : doc["diagnostics"])
    if (d["rule"] == "S001" && d["message"].get<std::string>().find("expands past") != std::string::npos) {
      ++bounded;
      CHECK(d["line"] == 6);  // at the list field that passed the limit
    }
  CHECK(bounded == 3);
  CHECK(r.peak_rss_kib < (under_asan ? 600 : 200) * 1024);
  CHECK(r.cpu_seconds < time_limit(20));
  // The index holds no expansion either.
  CHECK(fs::file_size(tmp.path() / "corpus" / ".anthology" / "index.db") < 16u << 20);
}

TEST_CASE("memory: building a 16 MB note costs a small multiple of its size", "[hardening][memory]") {
  TempDir tmp;
  tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
  tmp.write("corpus/anthology.toml", "[ingest]\nmax_note_bytes = 33554432\n");
  // Prose in paragraphs with headings and links, as a long note has them; some words unique, so that
  // the full-text index has many terms.
  const char* words[] = {"attention", "entropy", "collapse", "query", "key", "logit", "softmax", "the", "of", "a"};
  std::string body;
  body.reserve(17 << 20);
  for (std::size_t i = 0; body.size() < (16u << 20); ++i) {
    if (i % 50 == 0) body += "## Section " + std::to_string(i) + "\n\n";
    for (int w = 0; w < 60; ++w) body += (w == 10 && i % 3 == 0) ? "[[LIT-1]] " : std::string(words[(i * 7 + w) % 10]) + " ";
    body += "w" + std::to_string(i) + ".\n\n";
  }
  tmp.write("corpus/lit/LIT-2.md", lit_note("LIT-2", 2021, "", body));
  const double note_mib = static_cast<double>(body.size()) / (1 << 20);

  Limited r = run_limited("build --corpus corpus --out site", tmp.path(), time_limit(120));
  INFO("status " << r.status << " after " << r.seconds << " s (cpu " << r.cpu_seconds << " s), peak RSS " << r.peak_rss_kib / 1024 << " MiB");
  INFO("stderr: " << r.err.substr(0, 2000));
  REQUIRE(r.status == 0);
  CHECK(anth::test::read_file(tmp.path() / "site" / "LIT-2.html").find("id=\"section-0\"") != std::string::npos);
  // The binary alone peaks near 10 MiB building a one-note corpus; ASan adds its own fixed overhead
  // and a quarantine of freed memory.
  const double baseline_mib = under_asan ? 400 : 32;
  const double factor = (r.peak_rss_kib / 1024.0 - baseline_mib) / note_mib;
  WARN("peak RSS " << r.peak_rss_kib / 1024 << " MiB for a " << note_mib << " MiB note: " << factor << "x over the baseline");
  // Measured 9.7x since the body is parsed in pieces (12.7-12.8x before, when cmark-gfm's tree of the
  // whole body, about 7x its size, was alive at once): what remains is the note's HTML and text, its
  // encoded parse and SQLite's record of it (docs/hardening.md, "A large note's memory").
  CHECK(factor <= (under_asan ? 20 : 11));
}

namespace {

// A corpus of one sound paper and a note of `links` distinct wikilinks, all broken but the last, built
// and linted cold, each run's peak RSS and CPU measured.
struct LinkDense {
  TempDir tmp;
  double note_mib = 0;
  explicit LinkDense(int links, const std::string& extra = "lint-ignore: [R002]\n") {
    tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
    tmp.write("corpus/anthology.toml", "[ingest]\nmax_note_bytes = 33554432\n");
    std::string body;
    body.reserve(static_cast<std::size_t>(links) * 12 + 16);
    for (int i = 0; i < links; ++i) body += "[[w" + std::to_string(i) + "]] ";
    body += "[[LIT-1]]\n";
    std::string note = lit_note("LIT-2", 2021, extra, body);
    note_mib = static_cast<double>(note.size()) / (1 << 20);
    tmp.write("corpus/lit/LIT-2.md", note);
  }
  // The run's peak RSS over the binary's own (~16 MiB for a one-note corpus), in multiples of the note.
  double factor(const Limited& r) const { return (r.peak_rss_kib / 1024.0 - (under_asan ? 400 : 16)) / note_mib; }
  Limited run(const std::string& command, const std::string& label) const {
    fs::remove_all(tmp.path() / "corpus" / ".anthology");
    Limited r = run_limited(command + " --corpus corpus", tmp.path(), time_limit(300));
    INFO(label << ": status " << r.status << " after " << r.seconds << " s (cpu " << r.cpu_seconds << " s), peak RSS "
               << r.peak_rss_kib / 1024 << " MiB; stderr: " << r.err.substr(0, 2000));
    CHECK(r.status == 0);
    WARN(label << ": cpu " << r.cpu_seconds << " s, peak RSS " << r.peak_rss_kib / 1024 << " MiB for a " << note_mib
               << " MiB note: " << factor(r) << "x over the baseline");
    return r;
  }
};

}  // namespace

TEST_CASE("memory: a note of 200,000 distinct wikilinks costs lint and build a small multiple of its size", "[hardening][memory]") {
  // 200,000 links in a 2.2 MB note peaked at 375 MiB in lint and 479 MiB in build (165x and 210x):
  // about 2 KB a link (its Wikilink, mentions Relation and BodyLink with an excerpt string, and the
  // encoded parse holding them all again). Then 223 and 329-376 MiB (95x and 143-165x), and now 180 and
  // 313 MiB (75x and 136x): cmark-gfm no longer makes a node of every bracket (ingest/wikilink_mask.h),
  // a parse for lint makes no node per link, the link lists are reserved, and the page's Properties
  // table no longer lists the mentions it does not show. Then 141 and 286 MiB (57x and 124x): the
  // index's store writes FTS5's terms out after a large document rather than holding both tables' at
  // once, streams its row digest, and writes plain links as short arrays. The ~550 bytes a link of
  // Wikilink, Relation and BodyLink remain (docs/hardening.md, "A note dense with links"). With jemalloc
  // (core/util/allocator.h) 151 and 216 MiB (62x and 92x): a note of a megabyte or more makes the run
  // hand freed memory back at once; without that, jemalloc's decay held 162-189 MiB in lint. The bounds
  // hold what was gained, with a margin; they are not yet the small multiple item 13 asks.
  LinkDense note(200000);
  Limited lint = note.run("lint --format json", "lint");
  CHECK(note.factor(lint) <= (under_asan ? 200 : 68));
  Limited build = note.run("build --out site", "build");
  CHECK(note.factor(build) <= (under_asan ? 200 : 145));
  std::string page = anth::test::read_file(note.tmp.path() / "site" / "LIT-2.html");
  CHECK(page.find("unresolved link: w199999") != std::string::npos);
  CHECK(page.find("href=\"LIT-1.html\"") != std::string::npos);
  // The backlink on LIT-1 keeps its excerpt, cut from the text around the last link.
  std::string target = anth::test::read_file(note.tmp.path() / "site" / "LIT-1.html");
  CHECK(target.find("<p class=\"excerpt\">\u2026") != std::string::npos);
  CHECK(target.find("w199999 LIT-1</p>") != std::string::npos);
}
