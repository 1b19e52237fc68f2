// The kept site patched (render/site/site_render.h): an edit that keeps the graph is a patch, and it
// renders again every page that shows something of the changed note, so that the served site equals a
// cold `build` of the same files. Each step names the page that a patch missing it would leave stale.
#include <catch2/catch.hpp>

#include <fstream>

#include "tests/workspace/workspace_support.h"

namespace anth::test {

namespace {

namespace ws = workspace_support;

void replace_in(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::binary) << text;
}

// The workspace told of the files that changed and the site rendered again, which then equals a cold
// build; `patch`: whether that must be a patch of the kept render (nullopt: either).
void apply(ws::Served& served, const std::vector<std::string>& paths, std::optional<bool> patch) {
  const std::size_t before = served.live->patches();
  for (const std::string& path : paths) served.workspace->update_from_disk(path);
  served.workspace->refresh();
  REQUIRE(served.live->render(*served.workspace));
  if (patch) CHECK(served.live->patches() == before + (*patch ? 1 : 0));
  CHECK(ws::differ_from_cold(ws::cold_run(served.root), *served.live) == std::vector<std::string>{});
}

}  // namespace

TEST_CASE("site patch: an edit that keeps the graph renders again the pages that show the note", "[workspace][site]") {
  TempDir dir;
  ws::Served served = ws::serve_copy(dir.path());
  const fs::path& root = served.root;
  workspace::LiveSite& live = *served.live;

  // The words around NOTE-001's first link to LIT-001: LIT-001's backlinks show them.
  replace_in(root / "notes/NOTE-001.md", "motivates the", "justifies the");
  apply(served, {"notes/NOTE-001.md"}, true);
  // NOTE-001 stops saying "attention": the TERM's page no longer lists it among its users.
  replace_in(root / "notes/NOTE-001.md", "and attention without it", "and a model without it");
  replace_in(root / "notes/NOTE-001.md", "Attention appears twice", "The term appears twice");
  apply(served, {"notes/NOTE-001.md"}, true);
  // LIT-002's title: what a link to it shows, on the pages near it and in the bodies linking it.
  replace_in(root / "lit/LIT-002.md", "title: Query-Key Normalization for Transformers", "title: Normalized queries and keys");
  apply(served, {"lit/LIT-002.md"}, true);
  // NOTE-002 embeds LIT-002 (which it links already: a patch or, for a second edge, a whole render), then LIT-002's body changes: NOTE-002's body
  // shows it.
  replace_in(root / "notes/NOTE-002.md", "It does not cite", "![[LIT-002]] It does not cite");
  apply(served, {"notes/NOTE-002.md"}, std::nullopt);
  replace_in(root / "lit/LIT-002.md", "Normalizes each query", "Scales each query");
  apply(served, {"lit/LIT-002.md"}, true);
  // A body edit with nothing else showing it: its own page, search and listings only.
  replace_in(root / "theory/THEORY-001.md", "\n---\n", "\n---\nA sentence more.\n");
  apply(served, {"theory/THEORY-001.md"}, true);
  CHECK(live.pages_patched() >= 1);
}

// A tag's listed spelling goes with the paths of the notes writing it (docs/format.md "Tags"): a
// tagged note renamed, its tags and edges as they were, may move it on tags.html and the tag's page.
TEST_CASE("site patch: a renamed note that moves a tag's listed spelling gives the cold build's tag pages", "[workspace][site][tags]") {
  TempDir dir;
  ws::Served served = ws::serve_copy(dir.path());
  const fs::path& root = served.root;
  // One note each: the spelling of the note first in path order, notes/ before theory/.
  replace_in(root / "notes/NOTE-001.md", "\n---\n", "\n---\nOn #Stability.\n");
  replace_in(root / "theory/THEORY-001.md", "\n---\n", "\n---\nOn #stability.\n");
  apply(served, {"notes/NOTE-001.md", "theory/THEORY-001.md"}, std::nullopt);
  CHECK(served.live->file("tags.html")->find(">Stability <") != std::string::npos);
  // NOTE-001 moves after theory/: THEORY-001's spelling is listed.
  fs::create_directories(root / "zz");
  fs::rename(root / "notes/NOTE-001.md", root / "zz/NOTE-001.md");
  apply(served, {"notes/NOTE-001.md", "zz/NOTE-001.md"}, std::nullopt);
  CHECK(served.live->file("tags.html")->find(">stability <") != std::string::npos);
}

}  // namespace anth::test
