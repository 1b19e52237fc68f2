// Hostile notes through the real binary: each is either ingested or gets a diagnostic, `anthology lint`
// exits 0 or 1 (never a crash, a timeout or an out-of-memory kill) under a 4 GiB memory cap and a time
// limit, and nothing is written outside the corpus's .anthology folder.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

namespace {

using anth::test::TempDir;
using namespace anth::hardening;
using json = nlohmann::json;

// A scratch tree: TMP/corpus (the corpus, with one good note) and TMP/outside (a canary folder). lint
// runs from TMP with --corpus corpus.
struct Scene {
  TempDir tmp;
  Scene() {
    tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
    tmp.write("outside/canary.txt", "do not touch\n");
  }
  fs::path corpus() const { return tmp.path() / "corpus"; }
  void write(const std::string& rel, const std::string& content) const { tmp.write("corpus/" + rel, content); }

  // Runs lint with JSON output; checks the exit status and that only corpus/.anthology changed.
  json lint(const std::string& extra = "", int seconds = time_limit(), Limited* out = nullptr) const {
    Snapshot before = snapshot(tmp.path(), {"corpus/.anthology"});
    Limited r = run_limited("lint --corpus corpus --format json " + extra, tmp.path(), seconds);
    Snapshot after = snapshot(tmp.path(), {"corpus/.anthology"});
    INFO("status " << r.status << " after " << r.seconds << " s, peak RSS " << r.peak_rss_kib / 1024 << " MiB");
    INFO("stderr: " << r.err.substr(0, 2000));
    CHECK((r.status == 0 || r.status == 1));
    CHECK(diff(before, after) == "");
    CHECK(fs::is_regular_file(corpus() / ".anthology" / "index.db"));
    if (out) *out = r;
    json doc = json::parse(r.out, nullptr, /*allow_exceptions=*/false);
    REQUIRE(!doc.is_discarded());
    return doc;
  }
};

// The rule ids reported for one file.
std::set<std::string> rules_of(const json& doc, const std::string& file) {
  std::set<std::string> rules;
  for (const json& d : doc["diagnostics"])
    if (d["file"] == file) rules.insert(d["rule"].get<std::string>());
  return rules;
}

bool ingested_or_diagnosed(const json& doc, const std::string& file, int nodes_without) {
  return !rules_of(doc, file).empty() || doc["summary"]["nodes"].get<int>() > nodes_without;
}

}  // namespace

TEST_CASE("hostile: raw HTML and script in every field and the body", "[hardening][hostile]") {
  Scene s;
  const std::string evil = "<script>alert(1)</script><img src=x onerror=alert(2)>\\\"'&amp;";
  s.write("lit/LIT-2.md", "---\nid: LIT-2\ntitle: \"" + evil + "\"\nauthors: [\"" + evil + "\", \"</textarea>\"]\n"
          "year: 2021\ntags: [\"<b>tag</b>\"]\naliases: [\"" + evil + "\"]\nvenue: \"" + evil + "\"\n"
          "doi: \"" + evil + "\"\nurl: \"javascript:alert(3)\"\narxiv: \"<svg onload=alert(4)>\"\n"
          "<script>: \"unknown field named like a tag\"\n---\n"
          "<script>alert('body')</script>\n\n<div onclick=\"alert(5)\">[[LIT-1]] in raw HTML</div>\n\n"
          "Paragraph <span onmouseover=alert(6)>inline html</span> [[LIT-1|<b>display</b>]] "
          "[[<script>alert(7)</script>]]\n"
          "[a](javascript:alert(8)) [b](data:text/html,<script>alert(9)</script>) [c](vbscript:x) "
          "<javascript:alert(10)> [d](JaVaScRiPt:alert(11)) [e](  javascript:alert(12))\n\n"
          "source:: <script>alert(13)</script>\n");
  s.write("terms/evil-term.md", "---\ntitle: \"" + evil + "\"\nshort: \"" + evil + "\"\nplain: \"" + evil + "\"\n---\n" +
          evil + "\n");
  json doc = s.lint();
  CHECK(doc["summary"]["nodes"] == 3);  // everything is ingested: markup is just text to lint
  // The JSON report carries the hostile text escaped and intact.
  bool found = false;
  for (const json& d : doc["diagnostics"])
    found |= d["message"].get<std::string>().find("<script>") != std::string::npos;
  CHECK(found);
  // SARIF too is valid JSON.
  Limited sarif = run_limited("lint --corpus corpus --format sarif", s.tmp.path());
  CHECK((sarif.status == 0 || sarif.status == 1));
  CHECK(!json::parse(sarif.out, nullptr, false).is_discarded());
}

TEST_CASE("hostile: ids and wikilinks with ../ or absolute paths stay names", "[hardening][hostile]") {
  Scene s;
  s.write("lit/LIT-3.md", "---\nid: ../../outside/canary\ntitle: Traversal\nauthors: [A]\nyear: 2020\n---\n");
  s.write("lit/LIT-4.md", "---\nid: /etc/passwd\ntitle: Absolute\nauthors: [A]\nyear: 2020\n---\n");
  s.write("terms/x.md", "---\nid: ..\ntitle: dots\nshort: s\n---\n");
  s.write("sota/SOTA-5.md",
          "---\nid: SOTA-5\ntitle: Do it\nstatus: adopted\nsource: [../LIT-1, /etc/passwd, \"[[../../outside/canary]]\"]\n"
          "introduced_by: \"[[/abs/LIT-1]]\"\n---\n"
          "[[../../outside/canary]] [[/etc/passwd|root]] [[C:\\Windows\\win.ini]] [[\\\\server\\share]] "
          "[[./LIT-1]] [[lit/../lit/LIT-1]] [[~/.ssh/id_rsa]] [[file:///etc/passwd]]\n"
          "source:: [[../LIT-1]]\n");
  json doc = s.lint();
  CHECK(rules_of(doc, "lit/LIT-3.md").count("S005"));
  CHECK(rules_of(doc, "lit/LIT-4.md").count("S005"));
  CHECK(rules_of(doc, "terms/x.md").count("S005"));
  std::set<std::string> sota = rules_of(doc, "sota/SOTA-5.md");
  CHECK(sota.count("R001"));  // the typed references name no note
  CHECK(sota.count("R002"));  // nor do the wikilinks
  CHECK(anth::test::read_file(s.tmp.path() / "outside" / "canary.txt") == "do not touch\n");
}

TEST_CASE("hostile: a 50 MB note is S008 and is read only up to the limit", "[hardening][hostile]") {
  Scene s;
  {
    std::ofstream f(s.corpus() / "lit" / "LIT-50.md", std::ios::binary);
    f << "---\nid: LIT-50\ntitle: Huge\nauthors: [A]\nyear: 2020\n---\n";
    std::string block(1 << 20, 'x');
    for (std::size_t i = 0; i < block.size(); i += 64) block[i] = '\n';
    for (int i = 0; i < 50; ++i) f << block;
  }
  Limited r;
  json doc = s.lint("", time_limit(), &r);
  CHECK(rules_of(doc, "lit/LIT-50.md").count("S008"));
  CHECK(doc["summary"]["nodes"] == 1);
  // Bounded reading: the process never held the whole file. Without sanitizers the peak is a few MiB
  // over the 4 MiB read limit; ASan's shadow memory and quarantine add a fixed overhead.
  INFO("peak RSS " << r.peak_rss_kib / 1024 << " MiB");
  CHECK(r.peak_rss_kib < (under_asan ? 200 : 45) * 1024);
}

TEST_CASE("hostile: 100,000 wikilinks in one note, with max_note_bytes raised", "[hardening][hostile]") {
  Scene s;
  s.write("anthology.toml", "[ingest]\nmax_note_bytes = 16777216\n");
  std::string body;
  body.reserve(8 << 20);
  for (int i = 0; i < 100000; ++i) {
    if (i % 2 == 0) body += "[[LIT-1|a fairly long display text for the link number " + std::to_string(i) + "]] ";
    else body += "[[missing-" + std::to_string(i) + "#Heading " + std::to_string(i) + "]] ";
    if (i % 10 == 9) body += "\n";
  }
  REQUIRE(body.size() > 4 * 1024 * 1024);  // over the default limit: only ingested because of the config
  s.write("lit/LIT-100.md", lit_note("LIT-100", 2021, "", body));
  Limited r;
  json doc = s.lint("", time_limit(120), &r);
  INFO("took " << r.seconds << " s, peak RSS " << r.peak_rss_kib / 1024 << " MiB");
  CHECK(doc["summary"]["nodes"] == 2);
  std::size_t broken = 0;
  for (const json& d : doc["diagnostics"]) broken += d["rule"] == "R002";
  CHECK(broken == 50000);
  // A second run takes the parse from the index.
  json again = s.lint("", time_limit(120));
  CHECK(again["summary"] == doc["summary"]);
}

TEST_CASE("hostile: 100,000 levels of nested quotes and lists", "[hardening][hostile]") {
  Scene s;
  std::string quotes, items, mixed;
  for (int i = 0; i < 100000; ++i) quotes += "> ";
  for (int i = 0; i < 100000; ++i) items += "- ";
  for (int i = 0; i < 50000; ++i) mixed += i % 2 ? "- " : "> ";
  s.write("lit/LIT-6.md", lit_note("LIT-6", 2020, "", quotes + "[[LIT-1]] deep quote\nsource:: x\n"));
  s.write("lit/LIT-7.md", lit_note("LIT-7", 2020, "", items + "[[LIT-1]] deep list\n"));
  s.write("lit/LIT-8.md", lit_note("LIT-8", 2020, "", mixed + "[[LIT-1]] deep mix\n"));
  // A staircase: 2,000 lines, each one quote level deeper than the last (2 MB in all), so the block
  // parser reopens every level on every line.
  std::string stairs;
  for (int i = 1; i <= 2000; ++i) stairs += std::string(static_cast<std::size_t>(i), '>') + " [[LIT-1]]\n";
  s.write("lit/LIT-9.md", lit_note("LIT-9", 2020, "", stairs));
  Limited r;
  json doc = s.lint("", time_limit(), &r);
  INFO("took " << r.seconds << " s");
  CHECK(doc["summary"]["nodes"] == 5);
}

TEST_CASE("hostile: YAML alias bombs and recursive aliases", "[hardening][hostile]") {
  Scene s;
  std::string bomb = "---\nid: LIT-10\n";
  bomb += "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
  const char* names = "abcdefghij";
  for (int level = 1; level < 10; ++level) {
    bomb += std::string(1, names[level]) + ": &" + names[level] + " [";
    for (int k = 0; k < 9; ++k) bomb += std::string(k ? "," : "") + "*" + names[level - 1];
    bomb += "]\n";
  }
  bomb += "title: *j\nauthors: *j\nyear: 2020\ncites: *j\n---\n";
  s.write("lit/LIT-10.md", bomb);
  s.write("lit/LIT-11.md", "---\nid: LIT-11\nx: &x\n  y: *x\ntitle: *x\n<<: *x\nauthors: &s [*s]\nyear: 2020\n---\n");
  s.write("lit/LIT-12.md", "---\nid: LIT-12\ntitle: *undefined\n---\n");
  s.write("lit/LIT-13.md", "---\nid: LIT-13\ntitle: !!binary aGk=\nauthors: !!python/object:os.system [x]\n"
                            "year: !!int 2020\n? [complex, key]\n: v\n---\n");
  Limited r;
  json doc = s.lint("", time_limit(), &r);
  INFO("took " << r.seconds << " s, peak RSS " << r.peak_rss_kib / 1024 << " MiB");
  for (const char* f : {"lit/LIT-10.md", "lit/LIT-11.md", "lit/LIT-12.md", "lit/LIT-13.md"}) {
    INFO(f);
    CHECK(!rules_of(doc, f).empty());
  }
  CHECK(rules_of(doc, "lit/LIT-12.md").count("S001"));
}

TEST_CASE("hostile: invalid UTF-8, NUL bytes, CRLF, a BOM, an unclosed frontmatter", "[hardening][hostile]") {
  Scene s;
  s.write("lit/LIT-20.md", "---\nid: LIT-20\ntitle: bad \xff\xfe\nauthors: [A]\nyear: 2020\n---\n");
  s.write("lit/LIT-21.md", "---\nid: LIT-21\ntitle: overlong \xc0\xaf and surrogate \xed\xa0\x80\n---\n");
  using namespace std::string_literals;
  s.write("lit/LIT-22.md", "---\nid: LIT-22\ntitle: nul\nauthors: [A]\nyear: 2020\n---\nbody\0after\n"s);
  s.write("lit/LIT-23.md", "---\r\nid: LIT-23\r\ntitle: CRLF\r\nauthors: [A]\r\nyear: 2020\r\ncites: [LIT-99]\r\n---\r\n"
                            "Body [[LIT-1]]\r\nsource:: [[LIT-98]]\r\n");
  s.write("lit/LIT-24.md", "\xEF\xBB\xBF---\nid: LIT-24\ntitle: BOM\nauthors: [A]\nyear: 2020\n---\nBody [[LIT-1]]\n");
  s.write("lit/LIT-25.md", "---\nid: LIT-25\ntitle: never closed\nauthors: [A]\nyear: 2020\n");
  s.write("lit/LIT-26.md", "\xEF\xBB\xBF---\r\ntitle: lone CR\r\r\n---\rbody\r");
  s.write("lit/LIT-27.md", "");
  s.write("lit/LIT-28.md", "---");
  json doc = s.lint();
  CHECK(rules_of(doc, "lit/LIT-20.md").count("S008"));
  CHECK(rules_of(doc, "lit/LIT-21.md").count("S008"));
  CHECK(rules_of(doc, "lit/LIT-22.md").count("S008"));
  CHECK(rules_of(doc, "lit/LIT-25.md").count("S001"));
  CHECK(rules_of(doc, "lit/LIT-28.md").count("S001"));
  // CRLF: ingested, and its R001 sits on the right line and column (line 6, `cites:` value).
  bool crlf_located = false;
  for (const json& d : doc["diagnostics"])
    if (d["file"] == "lit/LIT-23.md" && d["rule"] == "R001" && d["line"] == 6) crlf_located = true;
  CHECK(crlf_located);
  CHECK(rules_of(doc, "lit/LIT-24.md").count("S001") == 0);  // the BOM is not part of the fence
  for (const char* f : {"lit/LIT-26.md", "lit/LIT-27.md"}) {
    INFO(f);
    CHECK(ingested_or_diagnosed(doc, f, 0));
  }
}
