// Conventions of the bundled record that the lint rules do not see (docs/record.md, "How the record
// marks what it has not verified"): a placeholder paper (authors: [Unidentified]) may be mentioned in a
// body, never be the target of a typed relation, since the lint reasons with typed relations as facts.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "ingest/load_corpus.h"
#include "tests/support/test_support.h"

using namespace anth::ingest;  // the stage under test

using namespace anth::test;

namespace {

bool placeholder(const anth::Note& n) { return n.authors.size() == 1 && n.authors[0] == "Unidentified"; }

// Every "FROM --kind--> TO" typed relation of the corpus whose target is a placeholder paper.
std::string typed_relations_to_placeholders(const anth::Corpus& corpus) {
  std::set<std::string> placeholders;
  for (const anth::Note& n : corpus.notes)
    if (placeholder(n)) placeholders.insert(n.id);
  std::string found;
  for (const anth::Note& n : corpus.notes)
    for (const anth::Relation& r : n.relations)
      if (r.kind != "mentions" && placeholders.count(r.to))
        found += n.path + ":" + std::to_string(r.where.line) + ": " + n.id + " --" + r.kind + "--> " + r.to + "\n";
  return found;
}

}  // namespace

TEST_CASE("record: a placeholder paper is only ever mentioned, never a typed relation's target", "[data][record]") {
  TempDir dir;
  dir.write("lit/LIT-1.md", "---\nid: LIT-1\ntitle: Unidentified\nauthors: [Unidentified]\nyear: 2024\n---\nNot found yet.\n");
  dir.write("lit/LIT-2.md", "---\nid: LIT-2\ntitle: Known\nauthors: [Someone]\nyear: 2023\ncontested_by: [LIT-1]\n---\nSee [[LIT-1]].\n");
  auto fixture = anth::ingest::load_corpus(anth::ingest::LoadOptions{dir.path()}, nullptr);
  REQUIRE(fixture.has_value());
  CHECK(typed_relations_to_placeholders(fixture->corpus) == "lit/LIT-2.md:6: LIT-2 --contested_by--> LIT-1\n");

  auto data = anth::ingest::load_corpus(anth::ingest::LoadOptions{source_dir() / "data"}, nullptr);
  REQUIRE(data.has_value());
  std::size_t placeholders = 0;
  for (const anth::Note& n : data->corpus.notes) placeholders += placeholder(n);
  CHECK(placeholders >= 2);  // LIT-449 and LIT-521
  CHECK(typed_relations_to_placeholders(data->corpus) == "");
}
