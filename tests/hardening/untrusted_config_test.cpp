// anthology.toml is untrusted input (issue 13, item 3): `[site] out` may not lead outside the corpus
// (build refuses it, exit 2, writing nothing), every setting is type-checked and unknown tables and keys
// are findings at their line and column instead of being ignored silently.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <set>

#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

namespace {

using anth::test::RunResult;
using anth::test::TempDir;
using namespace anth::hardening;
using json = nlohmann::json;

struct Scene {
  TempDir tmp;
  Scene() {
    tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
    // Someone's earlier site elsewhere, with the marker that lets a build replace it.
    tmp.write("elsewhere/.anthology-site", "");
    tmp.write("elsewhere/index.html", "precious\n");
  }
  void config(const std::string& text) const { tmp.write("corpus/anthology.toml", text); }
  RunResult run(const std::string& args) const { return anth::test::run_anthology(args + " --corpus corpus", tmp.path()); }
};

// "file:line:col rule message" of every finding about anthology.toml.
std::set<std::string> config_findings(const json& doc) {
  std::set<std::string> out;
  for (const json& d : doc["diagnostics"])
    if (d["file"] == "anthology.toml")
      out.insert(std::to_string(d["line"].get<int>()) + ":" + std::to_string(d["column"].get<int>()) + " " +
                 d["rule"].get<std::string>() + " " + d["message"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("untrusted config: [site] out leading outside the corpus is refused and nothing is written", "[hardening][untrusted]") {
  Scene s;
  fs::create_directories(s.tmp.path() / "corpus");
  fs::create_directory_symlink("../elsewhere", s.tmp.path() / "corpus" / "pub");
  for (const std::string& out : {std::string("../elsewhere"), (s.tmp.path() / "elsewhere").string(),
                                 std::string("lit/../../elsewhere"), std::string("pub")}) {
    INFO("out = " << out);
    s.config("[site]\nout = \"" + out + "\"\n");
    Snapshot before = snapshot(s.tmp.path(), {"corpus/.anthology"});
    RunResult build = s.run("build");
    CHECK(build.status == 2);
    CHECK(build.err == "anthology build: anthology.toml: [site] out = \"" + out +
                           "\" leads outside the corpus; refusing to write there (give --out to choose a folder "
                           "outside it)\n");
    CHECK(diff(before, snapshot(s.tmp.path(), {"corpus/.anthology"})) == "");
    CHECK(anth::test::read_file(s.tmp.path() / "elsewhere" / "index.html") == "precious\n");

    RunResult lint = s.run("lint --format json");
    CHECK(lint.status == 1);
    CHECK(config_findings(json::parse(lint.out)) ==
          std::set<std::string>{"2:7 S003 [site] out = \"" + out +
                                "\" leads outside the corpus; build refuses it (give --out to write there)"});
  }

  // The user's own --out goes anywhere; an out inside the corpus is fine.
  RunResult user = s.run("build --out public");  // from the current folder, outside the corpus
  CHECK(user.status == 0);
  CHECK(fs::exists(s.tmp.path() / "public" / "index.html"));
  s.config("[site]\nout = \"public\"\n");
  RunResult inside = s.run("build");
  INFO(inside.err);
  CHECK(inside.status == 0);
  CHECK(fs::exists(s.tmp.path() / "corpus" / "public" / "index.html"));
  CHECK(anth::test::read_file(s.tmp.path() / "elsewhere" / "index.html") == "precious\n");
}

TEST_CASE("untrusted config: wrong types and unknown tables or keys are findings at their place", "[hardening][untrusted]") {
  Scene s;
  s.config(
      "name = \"x\"\n"             // 1
      "[site]\n"                   // 2
      "title = 5\n"                // 3
      "base_url = true\n"          // 4
      "titel = \"x\"\n"            // 5
      "[ingest]\n"                 // 6
      "max_note_bytes = -1\n"      // 7
      "[lnt.severity]\n"           // 8
      "P011 = \"off\"\n"           // 9
      "[lint]\n"                   // 10
      "severity = \"loud\"\n"      // 11
      "[kernels]\n"                // 12
      "cc = \"g++\"\n"             // 13
      "[ingest.extra]\n");         // 14
  RunResult lint = s.run("lint --format json");
  INFO(lint.out << lint.err);
  CHECK(lint.status == 1);
  CHECK(config_findings(json::parse(lint.out)) ==
        std::set<std::string>{
            "1:1 S004 unknown setting `name` outside any table (ignored)",
            "3:9 S003 [site] title must be a string, not an integer; ignored",
            "4:12 S003 [site] base_url must be a string, not a boolean; ignored",
            "5:1 S004 [site] has no setting `titel`; did you mean `title`? (ignored)",
            "7:18 S003 [ingest] max_note_bytes must be a positive integer (bytes), not -1; ignored",
            "8:2 S004 unknown table [lnt]; did you mean [lint]? (ignored)",
            "11:12 S003 [lint] severity must be a table of rule = \"severity\", not a string; ignored",
            "13:1 S004 [kernels] has no setting `cc` (ignored)",
            "14:9 S004 [ingest] has no setting `extra` (ignored)",
        });

  // The text report names the place; severities apply to these findings like any other.
  RunResult text = s.run("lint");
  CHECK(text.out.find("anthology.toml:3:9: error: [site] title must be a string, not an integer; ignored [S003 bad-value]") !=
        std::string::npos);
  s.config("[site]\ntitle = 5\n[lint.severity]\nS003 = \"warning\"\n");
  CHECK(s.run("lint").status == 0);

  // A build still runs, with the defaults in place of what was ignored.
  s.config("[site]\ntitle = 5\n[ingest]\nmax_note_bytes = \"big\"\n");
  RunResult build = s.run("build --out site");
  INFO(build.err);
  CHECK(build.status == 0);
  CHECK(anth::test::read_file(s.tmp.path() / "site" / "index.html").find("<title>Anthology</title>") != std::string::npos);
}
