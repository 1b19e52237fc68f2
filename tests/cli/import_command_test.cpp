// anthology import bibtex|csl-json end to end: notes created with the next free ids, duplicates and
// broken entries skipped and reported, nothing written outside the corpus or over a file, and a
// bibliography exported by `export` imported back.
#include <nlohmann/json.hpp>

#include <fstream>

#include "tests/query/query_fixture.h"

using namespace anth::test;

namespace {

constexpr const char* refs_bib =
    "@article{ba2016,\n  title = {{Layer} Normalization},\n"
    "  author = {Ba, Jimmy Lei and Kiros, Jamie Ryan and Hinton, Geoffrey E.},\n"
    "  journal = {arXiv preprint arXiv:1607.06450}, year = 2016}\n"
    "@inproceedings{henry,\n  title = {Another title}, author = {Henry, Alex and others},\n"
    "  eprint = {2010.04245}, archivePrefix = {arXiv}, year = {2020}}\n"
    "@article{muller, title = {{\\\"U}ber {M}ethoden -- eine \\emph{Studie}},\n"
    "  author = {M{\\\"u}ller, J{\\\"o}rg and {{OpenAI}}}, year = {2021}, doi = {10.1000/xyz}}\n"
    "@article{broken, title = {Unclosed, year = {2020}\n"
    "@misc{again, title = {layer normalization!}}\n";

nlohmann::json show(const QueryCorpus& c, const std::string& id) {
  RunResult r = c.run("show " + id + " --format json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

}  // namespace

TEST_CASE("import bibtex: notes for new papers, duplicates and errors reported", "[cli][import]") {
  QueryCorpus c;
  write(c.path() / "refs.bib", refs_bib);

  RunResult dry = c.run("import bibtex refs.bib --dry-run");
  CHECK(dry.status == 1);  // an entry had an error
  CHECK(dry.out ==
        "would create lit/LIT-641.md from refs.bib:1: Layer Normalization\n"
        "would create lit/LIT-642.md from refs.bib:8: Über Methoden – eine Studie\n"
        "skipped refs.bib:5 'henry': LIT-640 has the same arXiv id 2010.04245\n"
        "skipped refs.bib:11 'again': LIT-641 (from line 1) has the same title\n"
        "refs.bib:10: error: unbalanced braces: this value runs into the entry on line 11; entry skipped\n"
        "2 to create, 2 skipped as duplicates, 1 with errors\n");
  CHECK(!fs::exists(c.path() / "lit/LIT-641.md"));

  RunResult r = c.run("import bibtex refs.bib");
  CHECK(r.status == 1);
  CHECK(r.out.starts_with("created lit/LIT-641.md from refs.bib:1: Layer Normalization\n"));
  CHECK(read_file(c.path() / "lit/LIT-641.md") ==
        "---\nid: \"LIT-641\"\ntitle: \"Layer Normalization\"\n"
        "authors: [\"Jimmy Lei Ba\", \"Jamie Ryan Kiros\", \"Geoffrey E. Hinton\"]\nyear: 2016\n"
        "arxiv: \"1607.06450\"\nvenue: \"arXiv preprint\"\n---\nImported from `refs.bib`, entry `ba2016`.\n");
  auto m = show(c, "LIT-642");
  CHECK(m.dump().find("Jörg Müller") != std::string::npos);
  CHECK(m.dump().find("\"OpenAI\"") != std::string::npos);
  RunResult lint = c.run("lint lit/LIT-641.md lit/LIT-642.md");
  CHECK(lint.out.find(" 0 errors") != std::string::npos);

  // Again: everything is in the corpus now, and no note is rewritten.
  write(c.path() / "lit/LIT-641.md", read_file(c.path() / "lit/LIT-641.md") + "My own notes.\n");
  RunResult again = c.run("import bibtex refs.bib");
  CHECK(again.out.find("0 created, 4 skipped as duplicates, 1 with errors\n") != std::string::npos);
  CHECK(read_file(c.path() / "lit/LIT-641.md").ends_with("My own notes.\n"));
}

TEST_CASE("import: nothing written outside the corpus or over a file", "[cli][import]") {
  QueryCorpus c;
  TempDir outside;
  write(c.path() / "refs.bib", "@misc{x, title = {Fresh Paper}, year = 2020}\n");
  RunResult out = c.run("import bibtex refs.bib --into '" + outside.path().string() + "'");
  CHECK(out.status == 2);
  CHECK(out.err.find("is outside the corpus") != std::string::npos);
  fs::create_directory_symlink(outside.path(), c.path() / "escape");
  CHECK(c.run("import bibtex refs.bib --into escape/lit").status == 2);
  CHECK(fs::is_empty(outside.path()));
  // A link where the next note would go, leading outside: it is skipped over, its target never created.
  fs::create_symlink(outside.path() / "planted.md", c.path() / "lit/LIT-641.md");
  RunResult r = c.run("import bibtex refs.bib");
  CHECK(r.status == 0);
  CHECK(r.out == "created lit/LIT-642.md from refs.bib:1: Fresh Paper\n1 created, 0 skipped as duplicates, 0 with errors\n");
  CHECK(!fs::exists(outside.path() / "planted.md"));
  CHECK(fs::is_regular_file(c.path() / "lit/LIT-642.md"));
}

TEST_CASE("import csl-json: Zotero's items become notes", "[cli][import]") {
  QueryCorpus c;
  write(c.path() / "zotero.json", R"([
  {"id": "ba", "type": "article", "title": "Layer Normalization",
   "author": [{"family": "Ba", "given": "Jimmy Lei"}, {"family": "Hinton", "given": "Geoffrey E."}],
   "issued": {"date-parts": [[2016, 7, 21]]}, "number": "arXiv:1607.06450", "publisher": "arXiv"},
  {"id": "qk", "title": "Query-Key Normalization for Transformers", "issued": {"date-parts": [[2020]]}},
  {"id": "untitled"}
])");
  RunResult r = c.run("import csl-json zotero.json --into lit/imported");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "created lit/imported/LIT-641.md from zotero.json:2: Layer Normalization\n"
        "skipped zotero.json:5 'qk': LIT-640 has the same title\n"
        "zotero.json:6: error: item 3 ('untitled') has no title; skipped\n"
        "1 created, 1 skipped as duplicates, 1 with errors\n");
  auto n = show(c, "LIT-641");
  CHECK(n.dump().find("1607.06450") != std::string::npos);
}

TEST_CASE("import reads back what export wrote, hostile title included", "[cli][import][export]") {
  QueryCorpus c;
  write(c.path() / "lit/LIT-777.md",
        "---\nid: LIT-777\ntitle: \"She said \\\"{Über}\\\" \\\\ 50% & $x_1$~^#\"\nauthors: [Ada Lovelace, et al.]\n"
        "year: 2021\n---\nA paper.\n");
  REQUIRE(c.run("export --format bibtex --out papers.bib").status == 0);
  TempDir fresh;
  fs::copy(c.path() / "papers.bib", fresh.path() / "papers.bib");
  RunResult r = run("cd '" + fresh.path().string() + "' && '" + anthology_binary().string() + "' import bibtex papers.bib --corpus .");
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(r.out.find("6 created, 0 skipped as duplicates, 0 with errors") != std::string::npos);
  std::string note;
  for (const auto& e : fs::directory_iterator(fresh.path() / "lit"))
    if (read_file(e.path()).find("entry `LIT-777`") != std::string::npos) note = read_file(e.path());
  CHECK(note.find("title: \"She said \\\"{Über}\\\" \\\\ 50% & $x_1$~^#\"\n") != std::string::npos);
  CHECK(note.find("authors: [\"Ada Lovelace\", \"et al.\"]\n") != std::string::npos);
}
