// anthology import end to end, on what real exports hold: control characters of mojibake in a title
// (the note must still parse).
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
