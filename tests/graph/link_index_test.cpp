// How a written link names a note, Obsidian's way (core/graph/link_index.h, docs/format.md "Links"):
// paths, file names with the shortest-path rule, relative markdown links, ids, titles and aliases, all
// case-insensitive by Unicode's folding.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/graph/link_index.h"
#include "core/graph/link_path.h"

namespace {

anth::Corpus vault(std::initializer_list<std::pair<const char*, const char*>> files) {  // path, id
  anth::Corpus c;
  for (auto [path, id] : files) {
    anth::Note n;
    n.path = path;
    n.id = id;
    n.kind = anth::Kind::Page;
    c.notes.push_back(std::move(n));
  }
  std::sort(c.notes.begin(), c.notes.end(), [](const anth::Note& a, const anth::Note& b) { return a.path < b.path; });
  c.index_ids();
  return c;
}

}  // namespace

TEST_CASE("link index: of two files sharing a name, a bare name goes to the one closest to the root", "[graph][links]") {
  // Sorted by path, "Archive/..." comes first: the old index gave it the name.
  anth::Corpus c = vault({{"Archive/Old/Roadmap.md", "archive.old.roadmap"}, {"Projects/Roadmap.md", "projects.roadmap"},
                          {"Zeta/Roadmap.md", "zeta.roadmap"}, {"Aa/Bb/Roadmap.md", "aa.bb.roadmap"}});
  anth::graph::LinkIndex links(c);
  CHECK(links.resolve("Roadmap") == "zeta.roadmap");  // one folder deep, and the shorter path of the two
  CHECK(links.resolve("roadmap.md") == "zeta.roadmap");
  CHECK(links.resolve("Projects/Roadmap") == "projects.roadmap");
  CHECK(links.resolve("Old/Roadmap") == "archive.old.roadmap");  // the end of a path
  CHECK(links.resolve("Bb/Roadmap") == "aa.bb.roadmap");
  CHECK(links.resolve("Archive/Old/Roadmap.md") == "archive.old.roadmap");  // a whole path
  CHECK(links.resolve("/Zeta/Roadmap") == "zeta.roadmap");                  // from the root
  CHECK(links.resolve("ld/Roadmap").empty());  // a path's end is whole folders, not part of a name
  // At the root, a file wins over every folder's.
  anth::Corpus rooted = vault({{"A/Note.md", "a.note"}, {"Note.md", "note"}});
  CHECK(anth::graph::LinkIndex(rooted).resolve("note") == "note");
}

TEST_CASE("link index: a markdown link reads from the linking note's folder first, percent-decoded by its caller", "[graph][links]") {
  anth::Corpus c = vault({{"Home.md", "home"}, {"People/Ada Lovelace.md", "people.ada-lovelace"},
                          {"Projects/Roadmap.md", "projects.roadmap"}, {"Projects/Home.md", "projects.home"}});
  anth::graph::LinkIndex links(c);
  anth::graph::LinkFrom from_projects{"Projects/Roadmap.md", true};
  CHECK(links.resolve("Home.md", from_projects) == "projects.home");  // the same folder first
  CHECK(links.resolve("../Home.md", from_projects) == "home");
  CHECK(links.resolve("../People/Ada Lovelace.md", from_projects) == "people.ada-lovelace");
  CHECK(links.resolve("/Home.md", from_projects) == "home");
  CHECK(links.resolve("People/Ada Lovelace.md", anth::graph::LinkFrom{"Home.md", true}) == "people.ada-lovelace");
  CHECK(links.resolve("../../Home.md", from_projects).empty());  // above the root
  // A wikilink reads relative only when it says so; else its name is the vault's.
  CHECK(links.resolve("Home", anth::graph::LinkFrom{"Projects/Roadmap.md"}) == "home");
  CHECK(links.resolve("./Home", anth::graph::LinkFrom{"Projects/Roadmap.md"}) == "projects.home");
  CHECK(anth::graph::percent_decode("Ada%20Lovelace.md") == "Ada Lovelace.md");
  CHECK(anth::graph::percent_decode("%C3%89cole%2") == "\u00c9cole%2");
}

TEST_CASE("link index: ids, titles and aliases after paths, with Unicode's case folding", "[graph][links]") {
  anth::Corpus c = vault({{"École.md", "école"}, {"Straße.md", "straße"}, {"lit/LIT-1.md", "LIT-1"}, {"notes/x.md", "notes.x"}});
  for (anth::Note& n : c.notes)
    if (n.id == "notes.x") n.title = "Über Attention", n.aliases = {"Start here"};
  anth::graph::LinkIndex links(c);
  CHECK(links.resolve("ÉCOLE") == "école");
  CHECK(links.resolve("STRASSE") == "straße");
  CHECK(links.resolve("lit-1") == "LIT-1");
  CHECK(links.resolve("notes.x") == "notes.x");  // a page's derived id
  CHECK(links.resolve("ÜBER ATTENTION") == "notes.x");
  CHECK(links.resolve("start HERE") == "notes.x");
  CHECK(links.resolve("Nowhere").empty());
}

TEST_CASE("link path: joins, folders and the files that are no notes", "[graph][links]") {
  CHECK(anth::graph::join_relative("Projects/Old", "../../People/./Ada") == "People/Ada");
  CHECK(anth::graph::join_relative("Projects", "/Home") == "Home");
  CHECK(anth::graph::join_relative("", "..").empty());
  CHECK(anth::graph::folder_of("People/Ada Lovelace.md") == "People");
  CHECK(anth::graph::folder_of("Home.md").empty());
  CHECK(anth::graph::names_attachment("out-of-control.JPG"));
  CHECK(anth::graph::names_attachment("Albums.base"));
  CHECK_FALSE(anth::graph::names_attachment("Well Made 145 Kevin Kelly"));
  CHECK_FALSE(anth::graph::names_attachment("v1.2 notes"));
  CHECK_FALSE(anth::graph::names_attachment("Note.md"));
}

TEST_CASE("link index: attachments by path, in the attachment folder, by name closest to the root", "[graph][links]") {
  anth::Corpus c = vault({{"Notes/Note.md", "notes.note"}});
  for (const char* path : {"Attachments/photo.png", "Deep/Er/photo.png", "Notes/pics/beside.png", "Notes/photo.png",
                           "Zeta/same.png", "Aa/Bb/same.png", "Images/Photo.PNG"})
    c.attachments.push_back({path, 10, ""});
  std::sort(c.attachments.begin(), c.attachments.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  c.attachment_folder = "Attachments";
  anth::graph::LinkIndex links(c);
  auto at = [&](const char* written, anth::graph::LinkFrom from = {}) {
    const anth::Attachment* a = links.attachment(written, from);
    return a ? a->path : std::string("none");
  };
  CHECK(at("photo.png") == "Attachments/photo.png");  // the attachment folder before the name anywhere
  CHECK(at("Deep/Er/photo.png") == "Deep/Er/photo.png");
  CHECK(at("Er/photo.png") == "Deep/Er/photo.png");  // the end of a path
  CHECK(at("pics/beside.png", {"Notes/Note.md", true}) == "Notes/pics/beside.png");  // relative to the note's folder
  CHECK(at("photo.png", {"Notes/Note.md", true}) == "Notes/photo.png");
  CHECK(at("same.png") == "Zeta/same.png");  // the shortest-path rule
  CHECK(at("IMAGES/photo.png") == "Images/Photo.PNG");  // case folded
  CHECK(at("missing.png") == "none");
  CHECK(at("./beside.png", {"Notes/Note.md", false}) == "none");  // "./" is relative only
  c.attachment_folder = "./pics";
  anth::graph::LinkIndex beside(c);
  const anth::Attachment* a = beside.attachment("beside.png", {"Notes/Note.md", false});
  CHECK((a && a->path == "Notes/pics/beside.png"));  // "./pics": below the linking note's folder
}

// Obsidian's tie-break, observed on Obsidian 1.13.7 through getFirstLinkpathDest (and written down by
// other tools that map Obsidian's links): a whole path wins, then the file in the linking note's own
// folder (an ancestor's counts for nothing), then the file closest to the root.
TEST_CASE("link index: a name several files share goes to the one beside the linking note first", "[graph][links]") {
  anth::Corpus c = vault({{"Tags.md", "tags"}, {"en/Tags.md", "en.tags"}, {"km/Plugins/Tags.md", "km.plugins.tags"},
                          {"en/Guide/Tags.md", "en.guide.tags"}, {"en/Guide/Start.md", "en.guide.start"},
                          {"de/Start.md", "de.start"}, {"de/Deep/Start.md", "de.deep.start"}});
  anth::graph::LinkIndex links(c);
  using From = anth::graph::LinkFrom;
  CHECK(links.resolve("Tags", From{"en/Guide/Start.md"}) == "tags");  // "Tags" is a whole path: the root's, even so
  CHECK(links.resolve("Guide/Tags", From{"en/Guide/Start.md"}) == "en.guide.tags");
  CHECK(links.resolve("Start", From{"de/Deep/Note.md"}) == "de.deep.start");
  CHECK(links.resolve("Start", From{"de/Deep/More/Note.md"}) == "de.start");  // an ancestor's folder counts for nothing
  CHECK(links.resolve("Start", From{"fr/Note.md"}) == "de.start");            // none beside: closest to the root
  CHECK(links.resolve("Start") == "de.start");
  CHECK(links.resolve("Guide/Tags", From{"km/Plugins/x.md"}) == "en.guide.tags");  // a path's end fits one file
  // The memo resolves a shared name again for each folder, and a name with one file once.
  anth::graph::LinkMemo memo(links);
  CHECK(memo.resolve("Start", From{"de/Deep/Note.md"}) == "de.deep.start");
  CHECK(memo.resolve("Start", From{"de/Note.md"}) == "de.start");
  CHECK(memo.resolve("Start", From{"de/Deep/Other.md"}) == "de.deep.start");
  CHECK(links.shared_name("Start"));
  CHECK_FALSE(links.shared_name("Tags"));  // a whole path
  CHECK_FALSE(links.shared_name("Guide/Tags"));
  // Every note a shared name fits, closest to the root first (the query commands name the others).
  using Ids = std::vector<std::string_view>;
  CHECK(links.fitting_ids("start") == Ids{"de.start", "de.deep.start", "en.guide.start"});
  CHECK(links.fitting_ids("Guide/Tags") == Ids{"en.guide.tags"});
  CHECK(links.fitting_ids("Tags").empty());  // a whole path
  CHECK(links.fitting_ids("Nobody").empty());
  // Attachments the same way.
  anth::Corpus a = vault({{"Notes/Note.md", "notes.note"}, {"Other/Note.md", "other.note"}});
  for (const char* path : {"Zeta/same.png", "Other/same.png", "Aa/Bb/same.png"}) a.attachments.push_back({path, 10, ""});
  std::sort(a.attachments.begin(), a.attachments.end(), [](const auto& x, const auto& y) { return x.path < y.path; });
  anth::graph::LinkIndex with(a);
  CHECK(with.attachment("same.png", From{"Other/Note.md"})->path == "Other/same.png");
  CHECK(with.attachment("same.png", From{"Notes/Note.md"})->path == "Zeta/same.png");
}
