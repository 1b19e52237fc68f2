// Golden pages of the fixture corpus (tests/fixtures/site/corpus): what a reader sees, byte for byte.
// Parts that belong to other components are masked before comparing: the emitted kernel source and
// its library texts (render/kernels) and the layout's coordinates (core/graph). Regenerate with
// ANTHOLOGY_UPDATE_GOLDEN=1 after an intended change, and read the diff.
#include <catch2/catch.hpp>

#include <cctype>
#include <string>

#include "core/index/index.h"
#include "ingest/load_corpus.h"
#include "render/kernels/kernel_checks.h"
#include "render/kernels/kernel_library.h"
#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

// Plain string scans, not std::regex: libstdc++'s regex executor recurses once per character, which
// overflows the stack on long pages under ASan.
std::string masked(const std::string& page) {
  // Each `<section class="kernel"` up to the next `</section>` becomes a placeholder.
  const std::string open = "<section class=\"kernel\"", close = "</section>";
  std::string cut;
  std::size_t at = 0;
  for (std::size_t start; (start = page.find(open, at)) != std::string::npos;) {
    std::size_t end = page.find(close, start + open.size());
    if (end == std::string::npos) break;
    cut.append(page, at, start - at).append("<section class=\"kernel\">[kernel section]</section>");
    at = end + close.size();
  }
  cut.append(page, at);

  // The layout's coordinates become "#": edge paths (d="M..."), node positions (transform="translate(...)"),
  // NAME="number" for NAME one of x y cx cy (at a word boundary), and a label's attributes (its place
  // around its node: <text ...> -> <text>).
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  out.reserve(cut.size());
  for (std::size_t i = 0; i < cut.size();) {
    if (cut.compare(i, 6, "<text ") == 0 && cut.find('>', i) != std::string::npos) {
      out += "<text>";
      i = cut.find('>', i) + 1;
      continue;
    }
    bool replaced = false;
    for (std::string start : {"d=\"M", "transform=\"translate("}) {
      if ((i > 0 && word(cut[i - 1])) || cut.compare(i, start.size(), start) != 0) continue;
      std::size_t end = cut.find('"', i + start.size());
      if (end == std::string::npos) break;
      out += start.substr(0, start.find('"') + 1) + "#\"";
      i = end + 1;
      replaced = true;
      break;
    }
    if (!replaced && (i == 0 || !word(cut[i - 1])))
      for (std::string name : {"x", "y", "cx", "cy"}) {
        std::size_t value = i + name.size() + 2, end = value;
        if (cut.compare(i, name.size() + 2, name + "=\"") != 0) continue;
        if (end < cut.size() && cut[end] == '-') ++end;
        while (end < cut.size() && (std::isdigit(static_cast<unsigned char>(cut[end])) || cut[end] == '.')) ++end;
        if (end == value || end == cut.size() || cut[end] != '"') break;
        out += name + "=\"#\"";
        i = end + 1;
        replaced = true;
        break;
      }
    if (!replaced) out += cut[i++];
  }
  return out;
}

}  // namespace

TEST_CASE("site: golden pages of the fixture corpus", "[site][golden]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  RunResult r = build_site(dir.path(), corpus, dir.path() / "site");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("wrote 24 of 24 pages") != std::string::npos);

  for (const char* page : {"LIT-001.html", "NOTE-001.html", "NOTE-002.html", "SOTA-002.html", "qk-norm.html",
                           "index.html", "practices.html", "papers.html", "glossary.html", "tags/model-stability.html",
                           "provenance.html", "search.html"}) {
    INFO(page);
    std::string actual = masked(read_file(dir.path() / "site" / page));
    CHECK(matches_golden(actual, std::string("site/") + page));
  }
  CHECK(matches_golden(read_file(dir.path() / "site" / "search" / "meta.js"), "site/search/meta.js"));
}

TEST_CASE("site: the kernel section shows the emitted source, its download and the last result", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site").status == 0);
  std::string page = read_file(dir.path() / "site" / "SOTA-002.html");
  std::string source = anth::render::kernels::emit_kernel_source({"SOTA-002", "Normalize queries and keys before the dot product", "qk_norm", {}});
  CHECK(read_file(dir.path() / "site" / "kernels" / "SOTA-002" / "qk_norm.cpp") == source);
  CHECK(page.find("<a class=\"download\" href=\"kernels/SOTA-002/qk_norm.cpp\" download=\"qk_norm.cpp\">") != std::string::npos);
  CHECK(page.find("<pre class=\"kernel-source\"><code class=\"language-cpp\">") != std::string::npos);
  CHECK(page.find("Last check: not yet checked") != std::string::npos);
  // The source is escaped into the page: every '<' of an #include is text.
  CHECK(page.find("#include &lt;") != std::string::npos);
  std::string kernels = read_file(dir.path() / "site" / "kernels.html");
  CHECK(kernels.find("href=\"kernels/SOTA-001/sdpa_scale.cpp\"") != std::string::npos);
  CHECK(kernels.find("not yet checked") != std::string::npos);
}

TEST_CASE("site: the same corpus gives a byte-identical site", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "one").status == 0);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "two").status == 0);
  auto one = snapshot(dir.path() / "one"), two = snapshot(dir.path() / "two");
  CHECK(one.size() > 50);
  CHECK(one == two);
}

TEST_CASE("site: pages show what the seeds show", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site").status == 0);
  std::string lit = read_file(dir.path() / "site" / "LIT-001.html");
  CHECK(lit.find("<span class=\"reading-time\">1 min read</span>") != std::string::npos);
  CHECK(lit.find("Vaswani et al. (2017) — <a class=\"arxiv\" href=\"https://arxiv.org/abs/1706.03762\"") != std::string::npos);
  CHECK(lit.find(">ARXIV-1706.03762</a>") != std::string::npos);
  CHECK(lit.find("Read as <a class=\"ref kind-note\" href=\"NOTE-001.html\"") != std::string::npos);
  CHECK(lit.find("Properties <span class=\"count\">8</span>") != std::string::npos);
  CHECK(lit.find("<dt>Cited by</dt>") != std::string::npos);
  CHECK(lit.find("<dt>Version</dt><dd>2</dd>") != std::string::npos);
  CHECK(lit.find("<dt>Cited as “introduced by” by</dt>") != std::string::npos);
  CHECK(lit.find("<dt>Cited as “paper” by</dt>") != std::string::npos);
  CHECK(lit.find("<dt>Cited as “source” by</dt>") != std::string::npos);
  CHECK(lit.find("<dt>Cited as “compared against” by</dt>") != std::string::npos);
  CHECK(lit.find("<a class=\"tag\" href=\"tags/model-architecture.html\">model-architecture</a>") != std::string::npos);
  CHECK(lit.find("Graph View") != std::string::npos);
  CHECK(lit.find("Backlinks") != std::string::npos);

  std::string sota = read_file(dir.path() / "site" / "SOTA-002.html");
  // The link's text is the title: no title attribute says it again.
  CHECK(sota.find("<dt>Introduced by</dt><dd><ul class=\"refs\"><li><a class=\"ref kind-lit\" href=\"LIT-002.html\">"
                  "LIT-002 — Query-Key Normalization for Transformers</a>") != std::string::npos);

  std::string term = read_file(dir.path() / "site" / "qk-norm.html");
  for (const char* part : {"In plain words", "<dfn>QK-norm</dfn>, n.:", "<h2 id=\"origin\">", "<h2 id=\"sources\">",
                           "<h2 id=\"related_h\">Related</h2>", "<h2 id=\"mentioned_h\">Mentioned in</h2>",
                           "<a class=\"term\" href=\"attention.html\">attention</a>"})
    CHECK(term.find(part) != std::string::npos);
  CHECK(term.find("n.: The part of a model") == std::string::npos);  // attention's definition: glossary/g-*.js
  // SOTA-002 names the term in its body, so the term page lists it.
  CHECK(term.find("href=\"SOTA-002.html\"") != std::string::npos);
}

TEST_CASE("site: a stored kernel result shows on the node's page and the kernel index", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  // Results of each node's current program, as a build that ran them would store (a result of another
  // program reads 'stale': tests/cli/build_kernels_test.cpp).
  auto loaded = anth::ingest::load_corpus(anth::ingest::LoadOptions{corpus}, nullptr);
  REQUIRE(loaded);
  auto program_of = [&](const std::string& id) {
    for (const auto& n : loaded->corpus.notes)
      if (n.id == id) return anth::render::kernels::program_key(n);
    return std::string();
  };
  const std::string qk_program = program_of("SOTA-002"), sdpa_program = program_of("SOTA-001");
  REQUIRE(!qk_program.empty());
  REQUIRE(!sdpa_program.empty());
  {
    auto index = anth::index::Index::open(dir.path() / "index.db");
    REQUIRE(index.has_value());
    REQUIRE(index->store_kernel_result({"SOTA-002", "qk_norm", true,
                                        R"j([{"claim":"max logit within sqrt(d)","measured":7.5,"bound":8,"direction":"<=","pass":true},)j"
                                        R"j({"claim":"control exceeds","measured":9,"bound":1,"direction":">=","pass":true},)j"
                                        R"j({"claim":"entropy","measured":5.03,"bound":5.045,"direction":"≈","tolerance":0.1,"pass":true}])j",
                                        "c++ (c++ (Debian 12.2.0-14) 12.2.0)", "2026-01-02T03:04:05Z", "", qk_program}));
    REQUIRE(index->store_kernel_result({"SOTA-001", "sdpa_scale", false,
                                        R"j([{"claim":"scaled variance near 1","measured":1.9,"bound":1.1,"pass":false}])j",
                                        "g++ 12", "2026-01-02T03:04:05Z", "", sdpa_program}));
  }
  RunResult r = build_site(dir.path(), corpus, out);
  REQUIRE(r.status == 0);
  std::string page = read_file(out / "SOTA-002.html");
  CHECK(page.find("<div class=\"kernel-result result-pass\">") != std::string::npos);
  CHECK(page.find("Last check: passed") != std::string::npos);
  // Each bound says which way its claim goes (a result stored without directions shows the number alone).
  CHECK(page.find("<td>max logit within sqrt(d)</td><td class=\"num\">7.5</td><td class=\"num\">\u2264 8</td><td class=\"verdict-pass\">pass</td>") !=
        std::string::npos);
  CHECK(page.find("<td class=\"num\">\u2265 1</td>") != std::string::npos);
  CHECK(page.find("<td class=\"num\">\u2248 5.045 \u00b1 0.1</td>") != std::string::npos);
  CHECK(page.find("c++ (c++ (Debian 12.2.0-14) 12.2.0)") != std::string::npos);
  std::string failing = read_file(out / "SOTA-001.html");
  CHECK(failing.find("Last check: failed") != std::string::npos);
  CHECK(failing.find("<td class=\"verdict-fail\">fail</td>") != std::string::npos);
  std::string index_page = read_file(out / "kernels.html");
  CHECK(index_page.find("<span class=\"result-badge result-pass\">passed</span>") != std::string::npos);
  CHECK(index_page.find("<span class=\"result-badge result-fail\">failed</span>") != std::string::npos);
  // Only the pages showing the results changed.
  CHECK(r.out.rfind("wrote 4 of 24 pages", 0) == 0);
}
