// Every node-page section hashes what it shows (render/site/node_section.h): edit the site fixture one
// way at a time and, for every registered section and every node, a changed output must come with a
// changed section key and page key. The edits must reach every registered section, so that a section
// added without an edit that shows its inputs fails here until one is added (in its own test, or here).
#include <catch2/catch.hpp>

#include <set>

#include "tests/site/node_section_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

fs::path fixture() { return source_dir() / "tests" / "fixtures" / "site" / "corpus"; }

void edit(const fs::path& corpus, const std::string& file, const std::string& from, const std::string& to) {
  replace_text(corpus / file, from, to);
}

anth::index::StoredKernelResult passed(const std::string& node, const std::string& kernel) {
  return {node, kernel, true, R"([{"claim":1,"measured":0.5,"bound":1,"direction":"<=","pass":true}])", "g++ 12", "2026-01-01T00:00:00Z", ""};
}

const std::vector<CorpusEdit>& edits() {
  using R = std::vector<anth::index::StoredKernelResult>;
  static const std::vector<CorpusEdit> all = {
      {"a paper retitled (every link to it)", [](const fs::path& c, R&) { edit(c, "lit/LIT-001.md", "title: Attention Is All You Need", "title: Attention, Retitled"); }},
      {"a status changed", [](const fs::path& c, R&) { edit(c, "sota/SOTA-002.md", "status: adopted", "status: contested"); }},
      {"a tag added", [](const fs::path& c, R&) { edit(c, "lit/LIT-002.md", "tags: [attention-techniques", "tags: [optimizers, attention-techniques"); }},
      {"a version raised", [](const fs::path& c, R&) { edit(c, "lit/LIT-001.md", "version: 2", "version: 3"); }},
      {"authors changed", [](const fs::path& c, R&) { edit(c, "lit/LIT-003.md", "authors: [Dehghani, Djolonga]", "authors: [Dehghani, Djolonga, Mustafa]"); }},
      {"a venue and DOI added", [](const fs::path& c, R&) { edit(c, "lit/LIT-003.md", "year: 2023", "year: 2023\nvenue: ICML 2023\ndoi: 10.1/x"); }},
      {"words beside a link changed (the linked page's backlink excerpt)",
       [](const fs::path& c, R&) { edit(c, "notes/NOTE-002.md", "The paper is evidence at scale", "The paper is strong evidence at scale"); }},
      {"a body gained a link", [](const fs::path& c, R&) { edit(c, "notes/NOTE-002.md", "named the technique earlier.", "named the technique earlier, after [[THEORY-001]]."); }},
      {"a body gained words (its reading time)", [](const fs::path& c, R&) {
         std::string words;
         for (int i = 0; i < 400; ++i) words += "word ";
         edit(c, "lit/LIT-002.md", "The origin of", words + "The origin of");
       }},
      {"a relation added", [](const fs::path& c, R&) { edit(c, "lit/LIT-003.md", "compared_against: [LIT-001]", "compared_against: [LIT-001, LIT-002]"); }},
      {"a relation to nothing (a diagnostic)", [](const fs::path& c, R&) { edit(c, "lit/LIT-002.md", "cites: [LIT-001]", "cites: [LIT-001, LIT-999]"); }},
      {"a reading removed", [](const fs::path& c, R&) { fs::remove(c / "notes/NOTE-001.md"); }},
      {"a term's definition changed", [](const fs::path& c, R&) { edit(c, "terms/qk-norm.md", "stay bounded.", "stay small."); }},
      {"a term's plain words changed", [](const fs::path& c, R&) { edit(c, "terms/attention.md", "where to look.", "where to look first."); }},
      {"a term alias added", [](const fs::path& c, R&) { edit(c, "terms/attention.md", "aliases: [self-attention]", "aliases: [self-attention, attending]"); }},
      {"a term's related term dropped", [](const fs::path& c, R&) { edit(c, "terms/attention.md", "related: [qk-norm]\n", ""); }},
      {"a term used by one more note", [](const fs::path& c, R&) { edit(c, "theory/THEORY-001.md", "This is the footnote", "QK-norm aside, this is the footnote"); }},
      {"a kernel renamed", [](const fs::path& c, R&) { edit(c, "sota/SOTA-002.md", "kernel: qk_norm", "kernel: sdpa_scale"); }},
      {"a kernel's result failed", [](const fs::path&, R& r) { r[0].pass = false, r[0].error = "did not build"; }},
      {"a created date added", [](const fs::path& c, R&) { edit(c, "lit/LIT-001.md", "version: 2", "version: 2\ncreated: 2023-05-01"); }},
      {"a second heading (a table of contents)", [](const fs::path& c, R&) { edit(c, "notes/NOTE-001.md", "See https://example.org", "## Slides\n\nSee https://example.org"); }},
      {"a note moved to a subfolder (its breadcrumbs)", [](const fs::path& c, R&) {
         fs::create_directories(c / "notes/older");
         fs::rename(c / "notes/NOTE-002.md", c / "notes/older/NOTE-002.md");
       }},
      {"a kernel checked again", [](const fs::path&, R& r) { r[0].checked_at = "2026-02-02T00:00:00Z"; }},
  };
  return all;
}

}  // namespace

TEST_CASE("node sections: a section's output never changes without its key", "[site][sections]") {
  std::map<std::string, int> reached = check_keys_cover(fixture(), {passed("SOTA-001", "sdpa_scale")}, edits());
  for (const anth::render::site::NodeSection& s : anth::render::site::node_sections()) {
    INFO("section " << s.name << ": no edit changes what it shows; add one that does");
    CHECK(reached[std::string(s.name)] > 0);
  }
}

TEST_CASE("node sections: registered once each, in order, with the ones the node template places", "[site][sections]") {
  const auto& sections = anth::render::site::node_sections();
  REQUIRE(!sections.empty());
  for (std::size_t i = 1; i < sections.size(); ++i) CHECK(sections[i - 1].order < sections[i].order);
  std::set<std::string> names;
  for (const auto& s : sections) names.insert(std::string(s.name));
  for (const char* built_in : {"breadcrumbs", "header", "dates", "citation", "diagnostics", "properties", "body", "contents", "term definition", "term uses", "kernel",
                               "backlinks", "neighborhood graph"})
    CHECK(names.count(built_in) == 1);
}
