// The query commands take a note's name where they take an id: what a wikilink written at the vault's
// root names (file name, path, title, alias, any case), as a vault's owner calls its pages
// (core/query/node_name.h). Found on a real vault whose pages have ids like docs.data.notes.yi695….
#include <catch2/catch.hpp>

#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

// tests/fixtures/vault copied into a scratch folder, and the binary run on it.
class Vault {
 public:
  Vault() { fs::copy(source_dir() / "tests" / "fixtures" / "vault", dir_.path(), fs::copy_options::recursive); }
  RunResult run(const std::string& args) const {
    return anth::test::run("cd '" + dir_.path().string() + "' && NO_COLOR=1 '" + anthology_binary().string() + "' " + args);
  }

 private:
  TempDir dir_;
};

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

TEST_CASE("query: show takes a note by its file name, path, title or alias, in any case", "[query][cli]") {
  Vault vault;
  for (const char* name : {"people.ada-lovelace", "'Ada Lovelace'", "'ada lovelace'", "'People/Ada Lovelace'", "'People/Ada Lovelace.md'"}) {
    RunResult r = vault.run(std::string("show ") + name);
    INFO(name << "\n" << r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(first_line(r.out) == "people.ada-lovelace: Ada Lovelace");
  }
  CHECK(first_line(vault.run("show 'Start here'").out) == "reading-guide: Reading Guide");  // an alias
  CHECK(first_line(vault.run("show 'a typed practice outside any folder'").out).starts_with("SOTA-1: "));  // a title
  RunResult none = vault.run("show Nobody");
  CHECK(none.status == 1);
  CHECK(none.out.empty());
  CHECK(none.err == "anthology show: no node Nobody\n");
}

TEST_CASE("query: a name several files share takes the one a link from the root takes, and says so", "[query][cli]") {
  Vault vault;
  RunResult r = vault.run("show Roadmap");
  CHECK(r.status == 0);
  CHECK(first_line(r.out) == "projects.roadmap: Roadmap for 2025");
  CHECK(r.err ==
        "anthology show: several notes are named Roadmap; took projects.roadmap, the one a link from the vault's root names "
        "(the others: projects.old.roadmap)\n");
  RunResult whole = vault.run("show Old/Roadmap");  // the end of a path no other file has
  CHECK(whole.err.empty());
  CHECK(first_line(whole.out) == "projects.old.roadmap: Roadmap");
}

TEST_CASE("query: neighbors, path, origin and query's --source take names too", "[query][cli]") {
  Vault vault;
  RunResult around = vault.run("neighbors 'Ada Lovelace' --format ids");
  INFO(around.err);
  CHECK(around.status == 0);
  CHECK(around.out.find("reading-guide\n") != std::string::npos);
  RunResult path = vault.run("path 'Ada Lovelace' 'Start here'");
  CHECK(path.status == 0);
  CHECK(first_line(path.out) == "people.ada-lovelace — Ada Lovelace");
  RunResult origin = vault.run("origin 'A typed practice outside any folder'");
  CHECK(origin.status == 0);
  CHECK(origin.out.starts_with("SOTA-1: "));
  RunResult source = vault.run("query --source lit/LIT-1 --format ids");
  CHECK(source.status == 0);
  CHECK(source.out == "SOTA-1\n");
  RunResult unknown = vault.run("query --introduced-by Nobody");
  CHECK(unknown.status == 1);
  CHECK(unknown.err == "anthology query: no node Nobody\n");
}
