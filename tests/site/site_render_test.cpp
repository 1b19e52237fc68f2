// Unit tests of the site renderer's pieces: escaping and naming, markdown with wikilinks and glossary
// terms, excerpts, and the search index's terms.
#include <catch2/catch.hpp>

#include "core/model/corpus.h"
#include "core/util/utf8.h"
#include "render/site/glossary.h"
#include "render/site/html.h"
#include "render/site/pages.h"
#include "render/site/search_index.h"
#include "tests/site/body_render_support.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::render::site;
using anth::test::site::RenderedForTest;
using anth::test::site::render_for_test;

namespace {

Note term(std::string id, std::string title, std::vector<std::string> aliases, std::string short_definition) {
  Note n;
  n.id = std::move(id);
  n.path = "terms/" + n.id + ".md";
  n.kind = Kind::Term;
  n.title = std::move(title);
  n.aliases = std::move(aliases);
  n.short_definition = std::move(short_definition);
  return n;
}

Corpus glossary_corpus() {
  Corpus c;
  c.notes.push_back(term("attention", "attention", {"self-attention"}, "where a model looks"));
  c.notes.push_back(term("attention-entropy", "attention entropy", {}, "how spread attention is"));
  c.notes.push_back(term("qk-norm", "QK-norm", {"QK normalization"}, "normalize <queries> & keys"));
  c.index_ids();
  return c;
}

// The notes a body links to: LIT-523, also known as "Zhai et al.".
Corpus linked_notes() {
  Corpus c;
  Note lit;
  lit.id = "LIT-523";
  lit.path = "lit/LIT-523.md";
  lit.kind = Kind::Lit;
  lit.title = "Stabilizing <Training>";
  lit.aliases = {"Zhai et al."};
  lit.rendered.anchors = {{"Key takeaways", "key-takeaways", 2}};  // its page's heading (ingest records it)
  c.notes.push_back(lit);
  return c;
}



RenderedForTest render_body(const std::string& body, const Glossary* g = nullptr, bool raw = false) {
  Note n;
  n.id = "NOTE-1";
  n.path = "notes/NOTE-1.md";
  n.kind = Kind::Note;
  n.body = body;
  return render_for_test(n, linked_notes(), g, raw);
}

}  // namespace

TEST_CASE("site: escaping covers text, attributes and quotes", "[site]") {
  CHECK(util::escape_html("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
}

TEST_CASE("site: unsafe link schemes are recognised however they are written", "[site]") {
  for (const char* ok : {"https://arxiv.org/abs/1", "http://x", "mailto:a@b", "LIT-1.html", "#top", "../x", "a/b:c", "?q=1"})
    CHECK(util::is_safe_url(ok));
  for (const char* bad : {"javascript:alert(1)", "JavaScript:alert(1)", " javascript:x", "java\tscript:x", "java\nscript:x",
                          "vbscript:x", "data:text/html,x", "data:image/png;base64,AA", "file:///etc/passwd", ":x", "\x01javascript:x"})
    CHECK_FALSE(util::is_safe_url(bad));
}

TEST_CASE("site: file names never leave their folder", "[site]") {
  CHECK(node_file("LIT-523") == "LIT-523.html");
  CHECK(node_file("qk-norm") == "qk-norm.html");
  CHECK(node_file("index") == "index_.html");
  CHECK(node_file("search") == "search_.html");
  CHECK(node_file("papers-2") == "papers-2_.html");
  CHECK(node_file("papers-two") == "papers-two.html");
  for (const char* hostile : {"../../etc/passwd", "/abs", "a/b", "..", ".hidden", "", "a\\b", "<script>"}) {
    std::string f = node_file(hostile);
    INFO(f);
    CHECK(f.find('/') == std::string::npos);
    CHECK(f.find('\\') == std::string::npos);
    CHECK(f.front() != '.');
    CHECK(f != node_file("etc_passwd"));
  }
  CHECK(node_file("a/b") != node_file("a_b"));
  CHECK(tag_file("../x").rfind("tags/", 0) == 0);
  CHECK(tag_file("../x").find("/..") == std::string::npos);
  CHECK(kernel_file("../SOTA-1", "../../k") .find("..") == std::string::npos);
}

// A vault in Japanese had every page named by a row of '_' and a hash: the file name kept only ASCII.
TEST_CASE("site: a file name keeps the letters of any script, and nothing that hides or reorders text", "[site]") {
  std::string ja = node_file("編集と書式設定.コールアウト");
  CHECK(ja.starts_with("編集と書式設定_コールアウト_"));
  CHECK(ja.size() == std::string("編集と書式設定_コールアウト_").size() + 16 + 5);
  CHECK(node_file("Café Müller").starts_with("Café_Müller_"));
  // Marks stay with their letter (NFD "é"), and names differing only in normalization keep apart.
  CHECK(node_file("Cafe\u0301").starts_with("Cafe\u0301_"));
  CHECK(node_file("Cafe\u0301") != node_file("Caf\u00e9"));
  // Format and space characters (right-to-left override, zero-width joiner, no-break space), symbols
  // and bytes that are not UTF-8 become '_'.
  CHECK(node_file("a\u202Egnp.exe").starts_with("a_gnp_exe_"));
  CHECK(node_file("a\u200Db\u00A0c\u2192d").starts_with("a_b_c_d_"));
  CHECK(node_file("a\xff\xfe" "b").starts_with("a__b_"));
  // The readable part stops at 60 bytes between two characters: the name stays UTF-8.
  std::string cut = node_file(std::string(59, 'x') + "統計学");
  CHECK(cut.starts_with(std::string(59, 'x') + "_"));
  CHECK(anth::util::find_invalid_utf8(node_file(std::string(58, 'x') + "統計学")) == std::string::npos);
}

TEST_CASE("site: headings get slugs", "[site]") {
  CHECK(util::slugify("Key takeaways") == "key-takeaways");
  CHECK(util::slugify("  Why it works?! ") == "why-it-works");
  CHECK(util::slugify("σ") == "section");
}

TEST_CASE("site: wikilinks become links, unresolved ones stay visible", "[site]") {
  RenderedForTest b = render_body("See [[LIT-523]], [[Zhai et al.]] and [[LIT-523#Key takeaways|the takeaways]]; [[LIT-999]] is missing.");
  CHECK(b.html.find("<a class=\"wikilink kind-lit\" href=\"LIT-523.html\" title=\"LIT-523 — Stabilizing &lt;Training&gt;\">LIT-523</a>") != std::string::npos);
  CHECK(b.html.find(">Zhai et al.</a>") != std::string::npos);
  CHECK(b.html.find("href=\"LIT-523.html#key-takeaways\"") != std::string::npos);
  // A heading the note lacks (R007): the link goes to the page, not to a fragment that lands nowhere.
  CHECK(render_body("[[LIT-523#Gone]]").html.find("href=\"LIT-523.html\"") != std::string::npos);
  CHECK(b.html.find(">the takeaways</a>") != std::string::npos);
  CHECK(b.html.find("<span class=\"wikilink unresolved\" title=\"unresolved link: LIT-999\">LIT-999</span>") != std::string::npos);
  REQUIRE(b.links.size() == 1);  // the first link to each target
  CHECK(b.links[0].target == "LIT-523");
  CHECK(b.plain.find("See LIT-523, Zhai et al. and the takeaways") != std::string::npos);
}

TEST_CASE("site: nothing inside code becomes a link", "[site]") {
  RenderedForTest b = render_body("`[[LIT-523]]` and\n\n```\n[[LIT-523]] attention\n```\n\n    [[LIT-523]]\n");
  CHECK(b.html.find("<a") == std::string::npos);
  CHECK(b.html.find("<code>[[LIT-523]]</code>") != std::string::npos);
}

TEST_CASE("site: raw HTML is shown as text and unsafe links are neutralised", "[site]") {
  RenderedForTest b = render_body(
      "<script>alert(1)</script>\n\nText <img src=x onerror=alert(2)> and [a](javascript:alert(3)), "
      "[b](data:text/html,x), ![c](data:image/png;base64,AAAA), <javascript:alert(4)>, [d](vbscript:x) "
      "and ![e](https://tracker.example/pixel.png).\n");
  CHECK(b.html.find("<script") == std::string::npos);
  CHECK(b.html.find("<img") == std::string::npos);
  CHECK(b.html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(b.html.find("&lt;img src=x onerror=alert(2)&gt;") != std::string::npos);
  CHECK(b.html.find("href=\"javascript") == std::string::npos);
  CHECK(b.html.find("href=\"data") == std::string::npos);
  CHECK(b.html.find("href=\"vbscript") == std::string::npos);
  CHECK(b.html.find(" src=\"") == std::string::npos);  // no request leaves the site
  CHECK(b.html.find("<span class=\"unsafe-link\"") != std::string::npos);
  CHECK(b.html.find("<a href=\"https://tracker.example/pixel.png\">Image: e</a>") != std::string::npos);

  RenderedForTest trusted = render_body("<b>bold</b>\n", nullptr, true);
  CHECK(trusted.html.find("<b>bold</b>") != std::string::npos);
}

TEST_CASE("site: heading levels follow the page's h1 and carry ids", "[site]") {
  RenderedForTest b = render_body("# Top\n\ntext\n\n## Below\n\n## Below\n");
  CHECK(b.html.find("<h2 id=\"top\">") != std::string::npos);
  CHECK(b.html.find("<h3 id=\"below\">") != std::string::npos);
  CHECK(b.html.find("<h3 id=\"below-1\">") != std::string::npos);
  CHECK(b.html.find("<h1") == std::string::npos);
}

TEST_CASE("site: glossary terms are matched whole, longest first, case-insensitively", "[site]") {
  Corpus c = glossary_corpus();
  Glossary g(c);
  auto names = [&](std::string_view text) {
    std::vector<std::string> out;
    for (const TermMatch& m : g.scan(text)) out.push_back(g.terms()[m.term].id + "@" + std::to_string(m.offset));
    return out;
  };
  CHECK(names("Attention entropy and attention.") == std::vector<std::string>{"attention-entropy@0", "attention@22"});
  CHECK(names("inattention, attentional") == std::vector<std::string>{});
  CHECK(names("self-attention and qk normalization") == std::vector<std::string>{"attention@0", "qk-norm@19"});
  CHECK(g.find("qk-norm")->hover() == "QK-norm, n.: normalize <queries> & keys");
}

TEST_CASE("site: the first use of a term in each paragraph links to it, its definition left to the shared file", "[site]") {
  Corpus c = glossary_corpus();
  Glossary g(c);
  RenderedForTest b = render_body("Attention here, attention again, and QK-norm.\n\nAttention in a second paragraph, "
                          "`attention` in code, [attention](https://x.example) in a link.\n\n# Attention in a heading\n",
                          &g);
  auto count = [&](const std::string& needle) {
    std::size_t n = 0;
    for (std::size_t at = b.html.find(needle); at != std::string::npos; at = b.html.find(needle, at + 1)) ++n;
    return n;
  };
  CHECK(count("<a class=\"term\" href=\"attention.html\"") == 2);  // once per paragraph, not in the heading
  CHECK(count("<a class=\"term\" href=\"qk-norm.html\"") == 1);
  CHECK(b.html.find("<a class=\"term\" href=\"attention.html\">Attention</a> here") != std::string::npos);
  // The definitions are in the glossary's shared scripts (glossary_tips.h), not on the page.
  CHECK(b.html.find("n.:") == std::string::npos);
  CHECK(b.html.find("tip") == std::string::npos);
  CHECK(b.html.find("<code>attention</code>") != std::string::npos);
  CHECK(b.terms == std::vector<std::string>{"attention", "qk-norm"});

  // A term's own page does not link to itself.
  Note self = c.notes[0];
  self.body = "attention is this.";
  RenderedForTest own = render_for_test(self, linked_notes(), &g);
  CHECK(own.html.find("class=\"term\"") == std::string::npos);
}

TEST_CASE("site: excerpts cut at spaces around the link", "[site]") {
  std::string text = "one two three four five six seven eight nine ten LINK eleven twelve thirteen fourteen fifteen";
  std::string e = ingest::excerpt_around(text, text.find("LINK"), 4, 20);
  CHECK(e == "\u2026eight nine ten LINK eleven twelve\u2026");
  CHECK(ingest::excerpt_around("short LINK text", 6, 4) == "short LINK text");
}

TEST_CASE("site: reading time, authors and relation labels", "[site]") {
  CHECK(reading_time(0) == "1 min read");
  CHECK(reading_time(200) == "1 min read");
  CHECK(reading_time(201) == "2 min read");
  CHECK(authors_short({"Vaswani", "Shazeer", "Parmar"}) == "Vaswani et al.");
  CHECK(authors_short({"Henry", "Chen"}) == "Henry and Chen");
  CHECK(authors_full({"A", "B", "C"}) == "A, B and C");
  CHECK(incoming_label("introduced_by") == "Cited as \u201cintroduced by\u201d by");
  CHECK(outgoing_label("compared_against") == "Compared against");
}

TEST_CASE("site: search terms and shards", "[site]") {
  CHECK(search_terms("The Entropy-collapse of σReparam, in 2023!") ==
        std::vector<std::string>{"entropy", "collapse", "σreparam", "2023"});
  CHECK(shard_key("entropy") == "en");
  CHECK(shard_key("σreparam") == "xcfx83");
  SiteFiles files = search_files({{"LIT-1", "Entropy <b>", "", "LIT", "LIT-1.html", "entropy entropy collapse"}});
  bool meta = false, shard = false;
  for (const SiteFile& f : files) {
    if (f.path == "search/meta.js") meta = f.bytes.find("\\u003c") != std::string::npos || f.bytes.find("<b>") != std::string::npos;
    if (f.path == "search/t-en.js") shard = f.bytes.find("\"entropy\":[[0,1,2]]") != std::string::npos;
  }
  CHECK(meta);
  CHECK(shard);
}

TEST_CASE("site: tables align by class, not by obsolete attributes", "[site]") {
  RenderedForTest b = render_body("| a | b | c |\n| :-- | :-: | --: |\n| 1 | 2 | 3 |\n\nalign=\"left\" <td align=\"left\">\n");
  CHECK(b.html.find("<th class=\"align-left\">a</th>") != std::string::npos);
  CHECK(b.html.find("<td class=\"align-center\">2</td>") != std::string::npos);
  CHECK(b.html.find("<td class=\"align-right\">3</td>") != std::string::npos);
  CHECK(b.html.find(" align=\"") == std::string::npos);
  CHECK(b.html.find("&lt;td align=&quot;left&quot;&gt;") != std::string::npos);
}

TEST_CASE("site: wikilinks, glossary terms and unsafe links inside table cells keep their text", "[site]") {
  // cmark-gfm's table cells refuse custom inline nodes: these used to vanish from the cell (and leak,
  // which LeakSanitizer reports in scripts/sanitize.sh). They become plain links there.
  Corpus c = glossary_corpus();
  Glossary g(c);
  RenderedForTest b = render_body("| model | note |\n| --- | --- |\n| Qwen3 ([[LIT-523]]) | [[LIT-999]] and attention |\n"
                          "| [x](javascript:alert(1)) | *[[LIT-523]]* |\n",
                          &g);
  CHECK(b.html.find("<td>Qwen3 (<a href=\"LIT-523.html\" title=\"LIT-523 — Stabilizing &lt;Training&gt;\">LIT-523</a>)</td>") !=
        std::string::npos);
  CHECK(b.html.find("<td>LIT-999 and <a href=\"attention.html\" title=\"attention, n.: where a model looks\">attention</a></td>") !=
        std::string::npos);
  CHECK(b.html.find("<td>x</td>") != std::string::npos);
  CHECK(b.html.find("javascript") == std::string::npos);
  // Inside emphasis a custom node is allowed: the usual wikilink.
  CHECK(b.html.find("<em><a class=\"wikilink kind-lit\" href=\"LIT-523.html\"") != std::string::npos);
  REQUIRE(b.links.size() == 1);
  CHECK(b.links[0].target == "LIT-523");
  CHECK(b.excerpts[0].find("Qwen3 (LIT-523)") != std::string::npos);
  CHECK(b.terms == std::vector<std::string>{"attention"});
}

TEST_CASE("site: a wikilink whose bar is escaped for a table links to its target", "[site]") {
  Corpus c = glossary_corpus();
  Glossary g(c);
  RenderedForTest b = render_body("| paper | note |\n| --- | --- |\n| [[LIT-523\\|Zhai et al.]] | x |\n\nAnd [[LIT-523\\|again]].\n", &g);
  CHECK(b.html.find("<td><a href=\"LIT-523.html\" title=\"LIT-523 — Stabilizing &lt;Training&gt;\">Zhai et al.</a></td>") !=
        std::string::npos);
  CHECK(b.html.find(">again</a>") != std::string::npos);
  CHECK(b.html.find("LIT-523\\") == std::string::npos);
}
