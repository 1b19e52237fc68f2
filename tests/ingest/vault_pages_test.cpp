// Any Obsidian vault (docs/format.md, "Pages"): a note of none of the five kinds is a page, with an id
// derived from its path, not an S005; a slug is a TERM only where the vault says so; what Obsidian
// ignores is no note. tests/fixtures/vault holds one of each beside typed notes.
#include <catch2/catch.hpp>

#include "ingest/note_parser.h"
#include "ingest/page_id.h"
#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

fs::path copy_vault(const TempDir& dir) {
  fs::path to = dir.path() / "vault";
  fs::copy(source_dir() / "tests" / "fixtures" / "vault", to, fs::copy_options::recursive);
  return to;
}

anth::ParsedNote parse(const std::string& path, const std::string& text, anth::TypingPolicy typing = {}) {
  return anth::ingest::parse_note(path, text, anth::ingest::ParseSettings(1 << 20, false, typing));
}

}  // namespace

TEST_CASE("vault: a page's id comes from its path, lowered and URL-safe, folders joined by '.'", "[ingest][vault]") {
  using anth::ingest::page_id;
  CHECK(page_id("Reading Guide.md") == "reading-guide");
  CHECK(page_id("People/Ada Lovelace.md") == "people.ada-lovelace");
  CHECK(page_id("Projects/Old/Roadmap.md") == "projects.old.roadmap");
  CHECK(page_id("Daily/2024-05-01.md") == "daily.2024-05-01");
  CHECK(page_id("notes/v1.2 (draft)!.md") == "notes.v1-2-draft");
  CHECK(page_id("Café/Übersicht.md") == "caf\u00e9.\u00dcbersicht");  // non-ASCII kept as written
  CHECK(page_id("!!!.md") == "page");
  CHECK(page_id("a/???/b.md") == "a.b");
}

TEST_CASE("vault: untyped notes are pages, slugs are TERMs only where the vault says so", "[ingest][vault]") {
  auto page = parse("People/Ada Lovelace.md", "---\ntype: person\nborn: 1815\n---\nText.\n");
  CHECK(page.note.kind == anth::Kind::Page);
  CHECK(page.note.in_graph);
  CHECK(page.note.id == "people.ada-lovelace");
  CHECK(page.note.title == "Ada Lovelace");  // the file name, as Obsidian shows it
  CHECK(page.diagnostics.empty());            // its own fields are no unknown fields

  auto titled = parse("Projects/Roadmap.md", "---\ntitle: Roadmap for 2025\ntags: [\"#plan\", work]\n---\n# Heading\n");
  CHECK(titled.note.title == "Roadmap for 2025");
  CHECK(titled.note.tags == std::vector<std::string>{"plan", "work"});
  CHECK(titled.diagnostics.empty());

  // A personal vault's own frontmatter: `type` as a list of links, an emoji tag (as in kepano's vault).
  auto meeting = parse("Notes/2023-09-12 Meeting.md", "---\ntype:\n  - \"[[Meetings]]\"\ntags: [0🌲]\n---\n");
  CHECK(meeting.note.kind == anth::Kind::Page);
  CHECK(meeting.diagnostics.empty());
  // A template's `created: {{date}}` is the page's own; a day is its date.
  CHECK(parse("Templates/Meeting.md", "---\ncreated: \"{{date}}\"\nupdated: {{date}}\n---\n").diagnostics.empty());
  CHECK(parse("Notes/Day.md", "---\ncreated: 2023-09-12\n---\n").note.created == "2023-09-12");
  CHECK(meeting.note.tags == std::vector<std::string>{"0🌲"});

  CHECK(parse("drafts.md", "A slug file name.\n").note.kind == anth::Kind::Page);
  CHECK(parse("terms/drafts.md", "---\ntitle: drafts\nshort: S.\n---\n").note.kind == anth::Kind::Term);
  CHECK(parse("z-loss.md", "---\nid: z-loss\nshort: S.\ntitle: z-loss\n---\n").note.kind == anth::Kind::Term);
  CHECK(parse("z-loss.md", "---\ntype: TERM\nshort: S.\ntitle: z-loss\n---\n").note.kind == anth::Kind::Term);
  CHECK(parse("SOTA-1.md", "---\ntitle: T\nstatus: adopted\nintroduced_by: [LIT-1]\n---\n").note.kind == anth::Kind::Sota);

  // A Zettelkasten id of the author's own still names the note (an alias), though the id is the path's.
  auto zettel = parse("Daily/2024-05-01.md", "---\nid: 202405011200\n---\n");
  CHECK(zettel.note.id == "daily.2024-05-01");
  CHECK(zettel.note.aliases == std::vector<std::string>{"202405011200"});
}

TEST_CASE("vault: an id meant as typed, the glossary and typed folders still give S005", "[ingest][vault]") {
  auto rule_of = [](const anth::ParsedNote& p) { return p.diagnostics.empty() ? std::string() : p.diagnostics[0].rule; };
  CHECK(rule_of(parse("lit/LIT-abc.md", "---\nid: LIT-abc\ntitle: A\n---\n")) == "S005");
  CHECK(rule_of(parse("terms/lit-523.md", "---\ntitle: A\nshort: S.\n---\n")) == "S005");
  anth::TypingPolicy typed_lit;
  typed_lit.typed_folders = {"lit"};
  CHECK(rule_of(parse("lit/reading list.md", "Text.\n", typed_lit)) == "S005");
  CHECK(parse("elsewhere/reading list.md", "Text.\n", typed_lit).note.kind == anth::Kind::Page);
  anth::TypingPolicy strict;
  strict.untyped_pages = false;
  auto refused = parse("Reading Guide.md", "Text.\n", strict);
  CHECK(rule_of(refused) == "S005");
  CHECK_FALSE(refused.note.in_graph);
  // The policy is part of what a cached parse was made under.
  CHECK(anth::ingest::parse_key({1 << 20, false, strict}) != anth::ingest::parse_key({1 << 20, false, {}}));
  CHECK(anth::ingest::parse_key({1 << 20, false, typed_lit}) != anth::ingest::parse_key({1 << 20, false, {}}));
}

TEST_CASE("vault: lint takes a whole vault without errors, and untyped = \"error\" brings S005 back", "[ingest][vault][cli]") {
  TempDir dir;
  fs::path vault = copy_vault(dir);
  RunResult r = run_anthology("lint --corpus " + vault.string(), dir.path());
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK((r.out + r.err).find(": error:") == std::string::npos);
  CHECK((r.out + r.err).find("0 errors, 0 warnings") != std::string::npos);
  // Ten notes: .trash, .obsidian, the canvas and the base are none.
  CHECK((r.out + r.err).find("10 files, 10 nodes") != std::string::npos);

  dir.write("vault/anthology.toml", "[ingest]\nuntyped = \"error\"\n");
  RunResult strict = run_anthology("lint --corpus " + vault.string(), dir.path());
  INFO(strict.out << strict.err);
  CHECK(strict.status == 1);
  CHECK(strict.out.find("People/Ada Lovelace.md:1:1: error: id 'Ada Lovelace' matches no kind's pattern") != std::string::npos);
}

TEST_CASE("vault: pages answer queries by kind and resolve links by name, path, title and alias", "[ingest][vault][query]") {
  TempDir dir;
  fs::path vault = copy_vault(dir);
  RunResult pages = run_anthology("query --kind page --format ids", vault);
  INFO(pages.out << pages.err);
  CHECK(pages.out == "daily.2024-05-01\ndrafts\npeople.ada-lovelace\nprojects.old.roadmap\nprojects.roadmap\nreading-guide\n");
  RunResult shown = run_anthology("show people.ada-lovelace", vault);
  INFO(shown.out << shown.err);
  CHECK(shown.status == 0);
  CHECK(shown.out.find("reading-guide") != std::string::npos);  // [[Ada Lovelace]] by its file name
  RunResult roadmap = run_anthology("show projects.old.roadmap", vault);
  CHECK(roadmap.out.find("projects.roadmap") != std::string::npos);  // [[Projects/Old/Roadmap]] by its path
  RunResult guide = run_anthology("show reading-guide", vault);
  CHECK(guide.out.find("projects.roadmap") != std::string::npos);  // [[Start here]] by its alias
  RunResult daily = run_anthology("show daily.2024-05-01", vault);
  CHECK(daily.out.find("reading-guide") != std::string::npos);  // [[2024-05-01]] by its file name
}
