// A build killed at any step leaves a whole site: while it writes files, at each step of its commit
// (render/site/site_writer.h) and of the swap (render/site/site_swap.h), in the one-step exchange and in
// the two-rename swap of file systems without RENAME_EXCHANGE. After the kill the site folder holds the
// previous site or the new one, byte for byte (the user's own files in it included); the next build
// finishes, leaves no folder of its own behind and keeps the user's files.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

// What a reader and the user see in a site folder: every file but the marker a kill may leave in it
// (render/site/site_swap.h: it names another folder, and no build carries it over).
std::map<std::string, std::string> whole(const fs::path& site) {
  auto files = snapshot(site);
  files.erase(".anthology-leftover");
  return files;
}

std::vector<fs::path> siblings(const fs::path& dir, const std::string& prefix) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().starts_with(prefix)) out.push_back(e.path());
  return out;
}

enum class After { previous, next, aside };  // what the killed build leaves at the site's path

struct Kill {
  std::string env;  // the fault, and the swap to take
  After leaves;
};

void killed_build_leaves_a_whole_site(const Kill& kill) {
  INFO(kill.env);
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  std::ofstream(out / "CNAME") << "anthology.example.org\n";  // the user's, kept by every build
  fs::create_directory(out / "extra");
  std::ofstream(out / "extra" / "notes.txt") << "mine\n";
  const auto previous = whole(out);
  replace_in_file(corpus / "lit" / "LIT-002.md", "Query-Key Normalization for Transformers", "QK normalization");

  RunResult killed = build_site(dir.path(), corpus, out, "", kill.env);
  REQUIRE(killed.status != 0);  // the step was reached
  const auto left = whole(out);
  std::vector<fs::path> aside = siblings(dir.path(), "site.old-");
  const auto aside_files = aside.size() == 1 ? whole(aside[0]) : decltype(left){};

  RunResult next = build_site(dir.path(), corpus, out);
  INFO(next.err);
  REQUIRE(next.status == 0);
  const auto rebuilt = whole(out);
  CHECK(read_file(out / "LIT-002.html").find("QK normalization") != std::string::npos);
  CHECK(rebuilt.at("CNAME") == "anthology.example.org\n");
  CHECK(rebuilt.at("extra/notes.txt") == "mine\n");
  CHECK(siblings(dir.path(), "site.").empty());        // every folder of the killed build removed
  CHECK_FALSE(fs::exists(out / ".anthology-leftover"));  // and no marker left in the site

  switch (kill.leaves) {
    case After::previous: CHECK(left == previous); break;
    case After::next: CHECK(left == rebuilt); break;
    case After::aside:  // between the two renames: no site, the previous one whole beside it, which
                        // the next build put back (else it would have removed it, the user's files too)
      CHECK(left.empty());
      CHECK(aside.size() == 1);
      CHECK(aside_files == previous);
      break;
  }
}

}  // namespace

TEST_CASE("site: a build killed at any step, swapped in by one exchange, leaves a whole site", "[site]") {
  Kill kill = GENERATE(Kill{"ANTHOLOGY_SITE_FAULT=kill:0", After::previous},  // the first file
                       Kill{"ANTHOLOGY_SITE_FAULT=kill:3", After::previous},
                       Kill{"ANTHOLOGY_SITE_FAULT=kill-at:written", After::previous},
                       Kill{"ANTHOLOGY_SITE_FAULT=kill-at:carried", After::previous},
                       Kill{"ANTHOLOGY_SITE_FAULT=kill-at:manifest", After::previous},
                       Kill{"ANTHOLOGY_SITE_FAULT=kill-at:marked", After::previous},
                       Kill{"ANTHOLOGY_SITE_FAULT=kill-at:exchanged", After::next});
  killed_build_leaves_a_whole_site(kill);
}

TEST_CASE("site: a build killed at any step of a two-rename swap leaves a whole site", "[site]") {
  Kill kill = GENERATE(Kill{"ANTHOLOGY_SITE_SWAP=renames ANTHOLOGY_SITE_FAULT=kill-at:manifest", After::previous},
                       Kill{"ANTHOLOGY_SITE_SWAP=renames ANTHOLOGY_SITE_FAULT=kill-at:aside", After::aside},
                       Kill{"ANTHOLOGY_SITE_SWAP=renames ANTHOLOGY_SITE_FAULT=kill-at:renamed", After::next});
  killed_build_leaves_a_whole_site(kill);
}
