// A hostile corpus: script in titles, bodies, tags, aliases, authors and the site title; javascript:
// and data: links; event-handler attributes; ids and kernels naming paths outside the site. Its
// site holds no script but ours, no on*= attribute, no unsafe link target, nothing outside its folder.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <set>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

std::string lowered_without_space(const std::string& s) {
  std::string out;
  for (char c : s)
    if (static_cast<unsigned char>(c) > 0x20) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void write_hostile_corpus(const TempDir& dir, const std::string& marker) {
  dir.write("corpus/anthology.toml", "[site]\ntitle = \"</title><script>alert('site')</script>\"\n");
  dir.write("corpus/lit/LIT-666.md",
            "---\n"
            "id: LIT-666\n"
            "title: \"<script>alert(1)</script> \\\" onmouseover=\\\"alert(2)\"\n"
            "authors: [\"<b onclick=alert(3)>Evil</b>\", \"O'Brien\"]\n"
            "year: 2024\n"
            "arxiv: \"\\\"><script>alert(4)</script>\"\n"
            "doi: \"javascript:alert(5)\"\n"
            "url: \"javascript:alert(6)\"\n"
            "venue: \"<iframe src=javascript:alert(7)></iframe>\"\n"
            "tags: [\"<script>alert(8)</script>\", \"../../" + marker + "-tag\"]\n"
            "aliases: [\"<img src=x onerror=alert(9)>\"]\n"
            "---\n"
            "<script>alert(10)</script>\n\n"
            "<div onclick=\"alert(11)\">block</div>\n\n"
            "Inline <img src=x onerror=alert(12)> and <svg onload=alert(13)>.\n\n"
            "[a](javascript:alert(14)) [b](JAVASCRIPT:alert(15)) [c](java&#x09;script:alert(16)) "
            "[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxNyk8L3NjcmlwdD4=) ![e](data:image/png;base64,iVBORw0KGgo=) "
            "[f](vbscript:msgbox(18)) <javascript:alert(19)> [g](https://ok.example/\"onmouseover=\"alert(20))\n\n"
            "[[<script>alert(21)</script>]] and [[LIT-666|<img src=x onerror=alert(22)>]] and "
            "[[LIT-666#\"><script>alert(23)</script>]]\n\n"
            "The evil term appears here, and so does Evil Term.\n");
  dir.write("corpus/terms/evil-term.md",
            "---\n"
            "id: evil-term\n"
            "title: \"<svg onload=alert(24)>\"\n"
            "aliases: [evil term, \"\\\" onfocus=\\\"alert(25)\"]\n"
            "short: \"</span><script>alert(26)</script>\"\n"
            "plain: \"<a href=javascript:alert(27)>plain</a>\"\n"
            "related: [\"<script>\"]\n"
            "---\n"
            "A term whose every field is hostile. [[LIT-666]]\n");
  dir.write("corpus/sota/SOTA-666.md",
            "---\n"
            "id: SOTA-666\n"
            "title: \"Do <script>alert(28)</script>\"\n"
            "status: adopted\n"
            "source: [LIT-666]\n"
            "introduced_by: LIT-666\n"
            "kernel: \"../../" + marker + "-kernel\"\n"
            "---\n"
            "Body.\n");
  dir.write("corpus/notes/NOTE-666.md",
            "---\n"
            "id: \"../../" + marker + "-id\"\n"
            "title: escape\n"
            "paper: LIT-666\n"
            "---\n"
            "[[LIT-666]]\n");
  dir.write("corpus/notes/NOTE-667.md",
            "---\n"
            "id: \"/tmp/" + marker + "-abs\"\n"
            "title: absolute\n"
            "paper: LIT-666\n"
            "---\n"
            "text\n");
}

}  // namespace

TEST_CASE("site: a hostile corpus gives a site with no script but ours", "[site][security]") {
  TempDir dir;
  std::string marker = "pwned" + std::to_string(::getpid());
  write_hostile_corpus(dir, marker);
  RunResult r = build_site(dir.path(), dir.path() / "corpus", dir.path() / "site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);

  auto site = snapshot(dir.path() / "site");
  REQUIRE(site.count("LIT-666.html"));
  REQUIRE(site.count("evil-term.html"));
  const std::set<std::string> our_scripts = {"site.js", "search.js", "search/meta.js", "../site.js", "graph.js", "layout.js", "../layout.js"};
  const std::set<std::string> allowed_tags = {
      "html", "head", "meta", "title", "link", "body", "a", "header", "div", "nav", "ul", "li", "form", "label", "input",
      "button", "main", "article", "p", "span", "h1", "h2", "h3", "h4", "h5", "h6", "section", "dl", "dt", "dd", "figure",
      "figcaption", "svg", "defs", "marker", "path", "g", "line", "circle", "text", "aside", "strong", "em", "code", "pre",
      "details", "summary", "table", "thead", "tbody", "tr", "th", "td", "ol", "dfn", "footer", "script", "noscript", "br",
      "del", "blockquote", "hr", "sup", "section", "img", "fieldset", "legend"};

  std::size_t checked = 0;
  for (const std::string& page : pages_of(site)) {
    INFO(page);
    for (const Tag& tag : html_tags(site.at(page))) {
      INFO("<" << tag.name << ">");
      CHECK(allowed_tags.count(tag.name));
      if (tag.name == "script") {
        REQUIRE(tag.attributes.size() == 1);
        CHECK(tag.attributes[0].first == "src");
        CHECK(our_scripts.count(tag.attributes[0].second));
      }
      for (const auto& [name, value] : tag.attributes) {
        INFO(name << "=" << value);
        CHECK(name.rfind("on", 0) != 0);
        if (name == "href" || name == "src" || name == "action" || name == "xlink:href" || name == "formaction") {
          std::string v = lowered_without_space(value);
          CHECK(v.rfind("javascript:", 0) != 0);
          CHECK(v.rfind("vbscript:", 0) != 0);
          CHECK(v.rfind("data:", 0) != 0);
        }
        ++checked;
      }
    }
  }
  CHECK(checked > 1000);

  // The hostile strings are there, as text.
  const std::string& lit = site.at("LIT-666.html");
  CHECK(lit.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(lit.find("&lt;script&gt;alert(10)&lt;/script&gt;") != std::string::npos);
  CHECK(lit.find("<span class=\"wikilink unresolved\"") != std::string::npos);
  CHECK(site.at("index.html").find("&lt;/title&gt;&lt;script&gt;") != std::string::npos);

  // Every script file is ours: the static ones, or search data that is pure JSON after its assignment,
  // or the glossary's definitions (glossary_tips.h), pure JSON inside their Object.assign.
  const std::string glossary_head = "Object.assign(window.ANTH_GLOSSARY=window.ANTH_GLOSSARY||{},";
  std::size_t glossary_shards = 0;
  for (const auto& [path, bytes] : site) {
    if (path.size() < 3 || path.compare(path.size() - 3, 3, ".js") != 0) continue;
    INFO(path);
    if (path == "site.js" || path == "search.js" || path == "graph.js" || path == "layout.js") continue;
    std::string json;
    if (path.rfind("glossary/", 0) == 0) {
      ++glossary_shards;
      REQUIRE(bytes.rfind(glossary_head, 0) == 0);
      REQUIRE(bytes.ends_with(");\n"));
      json = bytes.substr(glossary_head.size(), bytes.size() - glossary_head.size() - 3);
    } else {
      REQUIRE(path.rfind("search/", 0) == 0);
      std::size_t eq = bytes.find('=', bytes.find("]=") != std::string::npos ? bytes.find("]=") : 0);
      REQUIRE(eq != std::string::npos);
      json = bytes.substr(eq + 1);
    }
    while (!json.empty() && (json.back() == '\n' || json.back() == ';')) json.pop_back();
    CHECK_FALSE(nlohmann::json::parse(json, nullptr, false).is_discarded());
    CHECK(bytes.find('<') == std::string::npos);  // ensure_ascii and escapes: no markup at all
  }
  CHECK(glossary_shards > 0);  // the hostile TERMs' definitions are among them

  // Nothing outside the site: the scratch folder holds only what it held plus the site, the index and
  // the build's bookkeeping beside the index (lock, layouts, build stamp).
  for (const auto& e : fs::recursive_directory_iterator(dir.path())) {
    std::string rel = e.path().lexically_relative(dir.path()).generic_string();
    bool expected = rel.rfind("corpus", 0) == 0 || rel.rfind("site", 0) == 0 || rel.rfind("index.db", 0) == 0 ||
                    rel == "lock" || (rel.rfind("build-", 0) == 0 && rel.ends_with(".stamp"));
    INFO(rel);
    CHECK(expected);
    if (rel.rfind("site/", 0) == 0) CHECK(rel.find("..") == std::string::npos);
  }
  for (const char* suffix : {"-id.html", "-abs.html", "-tag.html", "-kernel.cpp"}) {
    CHECK_FALSE(fs::exists(fs::temp_directory_path() / (marker + suffix)));
    CHECK_FALSE(fs::exists(dir.path().parent_path() / (marker + suffix)));
  }
  // A kernel named by a path is refused, and says so on the page.
  CHECK(site.at("SOTA-666.html").find("The kernel cannot be emitted") != std::string::npos);
}
