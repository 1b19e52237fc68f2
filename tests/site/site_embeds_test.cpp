// The site of tests/fixtures/vault-embeds (docs/format.md "Embeds", docs/site.md "Embeds and
// attachments"): golden bodies of every embed and its bad cases; the attachments named copied byte for
// byte under attachments/ and no other file of the vault; nothing written outside the site and the
// index; the findings of lint at their places (a missing attachment, one too large, a page a browser
// would run, a symbolic link out of the vault made here at run time, markdown links to no note); an
// incremental build renders again a page whose embedded note changed, and drops an attachment no
// note names any more.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>

#include "tests/site/vault_fixture.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

void write_file(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// The fixture with a symbolic link out of the vault (never committed: it would point at this machine).
fs::path copy_embeds_vault(const TempDir& dir) {
  fs::path vault = copy_vault(dir, "vault-embeds");
  fs::create_symlink(dir.path() / "outside.png", vault / "Attachments" / "escape.png");
  return vault;
}

}  // namespace

TEST_CASE("site embeds: golden bodies of embeds, attachments and their bad cases", "[site][golden][embeds]") {
  TempDir dir;
  write_file(dir.path() / "outside.png", "not the vault's");
  fs::path vault = copy_embeds_vault(dir);
  RunResult r = build_site(dir.path(), vault, dir.path() / "site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  for (const char* page : {"embeds.html", "target-note.html", "broken.html", "self.html", "loop-a.html", "chain-01.html",
                           "notes.relative.html", "notes.quiet.html"}) {
    INFO(page);
    CHECK(matches_golden(body_of(read_file(dir.path() / "site" / page)), std::string("site-embeds/") + page));
  }
}

TEST_CASE("site embeds: the attachments named are copied unchanged, nothing else, nothing outside", "[site][embeds]") {
  TempDir dir;
  write_file(dir.path() / "outside.png", "not the vault's");
  fs::path vault = copy_embeds_vault(dir);
  auto vault_before = snapshot(vault);
  RunResult r = build_site(dir.path(), vault, dir.path() / "site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  auto site = snapshot(dir.path() / "site");
  std::vector<std::string> copied;
  for (const auto& [path, bytes] : site)
    if (path.starts_with("attachments/")) {
      copied.push_back(path);
      CHECK(bytes == read_file(vault / path.substr(12)));  // byte for byte
    }
  CHECK(copied == std::vector<std::string>{"attachments/Attachments/clip.mp4", "attachments/Attachments/clip.wav",
                                           "attachments/Attachments/data.csv", "attachments/Attachments/doc.pdf",
                                           "attachments/Attachments/photo.png", "attachments/Notes/pictures/beside.png",
                                           "attachments/Same/same.png"});
  // The shortest path of 20 files named same.png; never the refused ones.
  CHECK(read_file(dir.path() / "site/embeds.html").find("src=\"attachments/Same/same.png\"") != std::string::npos);
  for (const auto& [path, bytes] : site) {
    INFO(path);
    CHECK(bytes.find("not the vault's") == std::string::npos);
    CHECK(bytes.find("<script>alert(1)") == std::string::npos);
  }
  CHECK(snapshot(vault) == vault_before);
  std::set<std::string> entries;
  for (const auto& e : fs::directory_iterator(dir.path())) entries.insert(e.path().filename().string());
  for (const std::string& e : entries) {
    INFO(e);
    // The index and what lives beside it (--index names this folder), the site, the vault: nothing else.
    CHECK((e == "vault" || e == "site" || e == "outside.png" || e.starts_with("index.db") || e == "lock" ||
           e == "site-layouts.bin" || (e.starts_with("build-") && e.ends_with(".stamp"))));
  }
}

TEST_CASE("site embeds: lint reports missing, refused and broken targets where they are written", "[site][embeds]") {
  TempDir dir;
  write_file(dir.path() / "outside.png", "not the vault's");
  fs::path vault = copy_embeds_vault(dir);
  RunResult r = run("cd " + shell_arg(dir.path()) + " && NO_COLOR=1 " + shell_arg(anthology_binary()) + " lint --corpus " +
                    shell_arg(vault) + " --index " + shell_arg(dir.path() / "index.db"));
  INFO(r.out << r.err);
  const std::string expected =
      "Broken.md:1:18: warning: wikilink [[missing.png]] names an attachment that is not in the vault [R002 broken-wikilink]\n"
      "Broken.md:1:54: warning: wikilink [[Nobody]] resolves to no note [R002 broken-wikilink]\n"
      "Broken.md:3:29: warning: link (Nowhere.md) resolves to no note [R002 broken-wikilink]\n"
      "Broken.md:3:77: warning: link (gone.png) names an attachment that is not in the vault [R002 broken-wikilink]\n"
      "Broken.md:5:13: error: attachment Attachments/big.bin named by wikilink [[big.bin]] is over the limit of 20000 bytes: "
      "not copied into the site [S008 unreadable-file]\n"
      "Broken.md:5:55: error: attachment Attachments/page.html named by wikilink [[page.html]] is a kind of file a browser "
      "runs (HTML, script, XML): not copied into the site [S008 unreadable-file]\n"
      "Broken.md:7:20: error: attachment Attachments/escape.png named by wikilink [[escape.png]] is a symbolic link that "
      "leads outside the vault: not copied into the site [S008 unreadable-file]\n";
  CHECK(r.out.substr(0, r.out.rfind('\n', r.out.size() - 2) + 1) == expected);
}

TEST_CASE("site embeds: markdown links to notes are mentions edges", "[site][embeds]") {
  TempDir dir;
  write_file(dir.path() / "outside.png", "x");
  fs::path vault = copy_embeds_vault(dir);
  RunResult r = run("cd " + shell_arg(dir.path()) + " && NO_COLOR=1 " + shell_arg(anthology_binary()) + " query --corpus " +
                    shell_arg(vault) + " --index " + shell_arg(dir.path() / "index.db") +
                    " --sql \"SELECT src, dst, origin, line, col FROM relations WHERE src = 'notes.relative'\"");
  INFO(r.out << r.err);
  CHECK(r.out.find("target-note") != std::string::npos);
  CHECK(r.out.find("link") != std::string::npos);
}

TEST_CASE("site embeds: an incremental build follows the embedded note and the attachments named", "[site][embeds]") {
  TempDir dir;
  write_file(dir.path() / "outside.png", "x");
  fs::path vault = copy_embeds_vault(dir);
  const fs::path site = dir.path() / "site";
  REQUIRE(build_site(dir.path(), vault, site).status == 0);
  auto before = inodes(site);
  replace_in_file(vault / "Target note.md", "Still the second part.", "Changed in the second part.");
  replace_in_file(vault / "Embeds.md", "another file ![[data.csv]], and a link to one: [the data](Attachments/data.csv)",
                  "no other file");
  REQUIRE(build_site(dir.path(), vault, site).status == 0);
  std::string embeds = read_file(site / "embeds.html");
  CHECK(embeds.find("Changed in the second part.") != std::string::npos);
  CHECK(embeds.find("Still the second part.") == std::string::npos);
  CHECK_FALSE(fs::exists(site / "attachments/Attachments/data.csv"));  // no note names it now
  CHECK(read_file(site / "attachments/Attachments/photo.png") == read_file(vault / "Attachments/photo.png"));
  // A page that embeds nothing that changed is kept, not rendered again.
  auto after = inodes(site);
  std::vector<std::string> changed = rewritten(before, after);
  CHECK(std::find(changed.begin(), changed.end(), "embeds.html") != changed.end());
  CHECK(std::find(changed.begin(), changed.end(), "chain-20.html") == changed.end());
}
