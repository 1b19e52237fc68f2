// anthology import end to end, on what real exports hold: control characters of mojibake in a title
// (the note must still parse), chapters of one book and works of the same title (each its own note,
// none twice on a second import or from the other format) and TeX math in titles (kept as written).
#include <nlohmann/json.hpp>

#include <fstream>

#include "tests/query/query_fixture.h"

using namespace anth::test;

namespace {

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The title `show` reads back from the index, which the note reached only if its YAML parsed.
std::string shown_title(const QueryCorpus& c, const std::string& id) {
  RunResult r = c.run("show " + id + " --format json");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out).at("title").get<std::string>();
}

}  // namespace

TEST_CASE("import: a title with C1 control characters is written as YAML that parses", "[cli][import]") {
  QueryCorpus c;
  // U+0091 and U+0092: Windows-1252's curly quotes read as Latin-1.
  write(c.path() / "mojibake.bib", "@article{Eich96, author = {H Eichenbaum}, year = {1996},\n"
                                   "  title = {Is the rodent hippocampus just for \u0091place\u0092?}}\n");
  write(c.path() / "mojibake.json", R"([{"id": "a", "title": "Tab\there, \u0093quoted\u0094, bell\u0007, nel\u0085 and \u2028 ls",
   "author": [{"family": "X", "given": "Y"}], "issued": {"date-parts": [[2000]]}}])");
  REQUIRE(c.run("import bibtex mojibake.bib").status == 0);
  REQUIRE(c.run("import csl-json mojibake.json").status == 0);
  CHECK(read_file(c.path() / "lit/LIT-641.md").find("title: \"Is the rodent hippocampus just for \\x91place\\x92?\"\n") !=
        std::string::npos);
  RunResult lint = c.run("lint lit/LIT-641.md lit/LIT-642.md");
  CHECK(lint.out.find("S001") == std::string::npos);
  CHECK(shown_title(c, "LIT-641") == "Is the rodent hippocampus just for \u0091place\u0092?");
  CHECK(shown_title(c, "LIT-642") == "Tab\there, \u0093quoted\u0094, bell\u0007, nel\u0085 and \u2028 ls");
}

TEST_CASE("import: chapters of one book and works of the same title are notes of their own", "[cli][import]") {
  QueryCorpus c;
  write(c.path() / "chapters.bib",
        "@inbook{Wolf09, author = {U Wolfensteller}, publisher = {Elsevier}, year = {2009},\n"
        "  title = {Mind and motion}, chapter = {Juggling with the brain}}\n"
        "@inbook{SchaRitt09, author = {T Schack and H Ritter}, publisher = {Elsevier}, year = {2009},\n"
        "  title = {Mind and motion}, chapter = {The cognitive nature of action}}\n"
        "@incollection{Shif70b, author = {R M Shiffrin}, booktitle = {Models of Human Memory},\n"
        "  title = {Memory search}, year = {1970}}\n"
        "@incollection{Kaha17, author = {Kahana, M J}, booktitle = {Learning and Memory},\n"
        "  title = {Memory search}, year = {2017}}\n");
  RunResult r = c.run("import bibtex chapters.bib");
  CHECK(r.out ==
        "created lit/LIT-641.md from chapters.bib:1: Juggling with the brain\n"
        "created lit/LIT-642.md from chapters.bib:3: The cognitive nature of action\n"
        "created lit/LIT-643.md from chapters.bib:5: Memory search\n"
        "created lit/LIT-644.md from chapters.bib:7: Memory search\n"
        "4 created, 0 skipped as duplicates, 0 with errors\n");
  CHECK(read_file(c.path() / "lit/LIT-642.md").find("venue: \"Mind and motion\"\n") != std::string::npos);

  // The same library again, and as CSL-JSON: nothing new.
  CHECK(c.run("import bibtex chapters.bib").out.ends_with("0 created, 4 skipped as duplicates, 0 with errors\n"));
  write(c.path() / "chapters.json", R"([
  {"id": "Wolf09", "type": "chapter", "title": "Juggling with the brain", "container-title": "Mind and motion",
   "author": [{"family": "Wolfensteller", "given": "U"}], "issued": {"date-parts": [[2009]]}},
  {"id": "Kaha17", "type": "chapter", "title": "Memory search", "container-title": "Learning and Memory",
   "author": [{"family": "Kahana", "given": "M J"}], "issued": {"date-parts": [[2017]]}}
])");
  CHECK(c.run("import csl-json chapters.json").out ==
        "skipped chapters.json:2 'Wolf09': LIT-641 has the same title\n"
        "skipped chapters.json:4 'Kaha17': LIT-644 has the same title\n"
        "0 created, 2 skipped as duplicates, 0 with errors\n");
}

TEST_CASE("import: TeX math in a title is kept as written", "[cli][import]") {
  QueryCorpus c;
  write(c.path() / "math.bib",
        "@article{Lism13, author = {J E Lisman}, year = {1995},\n"
        "  title = {Storage of $7\\pm2$ short-term memories in oscillatory subcycles}}\n"
        "@article{Fell01, author = {J Fell}, year = {2008},\n"
        "  title = {Biased competition through variations in amplitude of $\\gamma$-oscillations}}\n"
        "@article{Kliegl, author = {R Kliegl}, year = {2000}, title = {Homogenizing the $2 \\times 2$ {C}ontingency table}}\n");
  REQUIRE(c.run("import bibtex math.bib").status == 0);
  CHECK(read_file(c.path() / "lit/LIT-641.md").find("title: \"Storage of $7\\\\pm2$ short-term memories") != std::string::npos);
  CHECK(read_file(c.path() / "lit/LIT-642.md").find("amplitude of $\\\\gamma$-oscillations\"\n") != std::string::npos);
  CHECK(shown_title(c, "LIT-641") == "Storage of $7\\pm2$ short-term memories in oscillatory subcycles");
  CHECK(shown_title(c, "LIT-642") == "Biased competition through variations in amplitude of $\\gamma$-oscillations");
  CHECK(shown_title(c, "LIT-643") == "Homogenizing the $2 \\times 2$ Contingency table");
}

TEST_CASE("import: a Windows-1252 BibTeX file makes UTF-8 notes, and says how it was read", "[cli][import]") {
  QueryCorpus c;
  write(c.path() / "old.bib", "@article{mueller2020, title = {\xdc" "ber \x93neuronale\x94 Netze},\n"
                              "  author = {M\xfcller, J\xfcrgen and Garc\xed" "a, Ana}, year = {2020}}\n");
  RunResult r = c.run("import bibtex old.bib");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err == "anthology import: old.bib is not UTF-8; read it as windows-1252\n");
  CHECK(c.run("lint lit/LIT-641.md").out.find("S008") == std::string::npos);
  CHECK(shown_title(c, "LIT-641") == "Über “neuronale” Netze");
  RunResult shown = c.run("show LIT-641 --format json");
  CHECK(nlohmann::json::parse(shown.out).at("authors") == nlohmann::json({"Jürgen Müller", "Ana García"}));
}
