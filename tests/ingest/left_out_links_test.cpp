// A reference to a note left out of the graph (its frontmatter is not YAML: S001) says so and points
// at that note, rather than "resolves to no note" while the file is there. Found on a real vault,
// where 105 of 250 R002 named one of its 46 notes with S001. The fixtures of R001 and R002 check the
// message end to end; this checks the related location, which lint prints on a line of its own.
#include <catch2/catch.hpp>

#include <algorithm>

#include "ingest/note_parser.h"
#include "ingest/resolver.h"

namespace {

anth::Corpus corpus_of(const std::vector<std::pair<std::string, std::string>>& files) {
  anth::Corpus corpus;
  for (const auto& [path, text] : files) {
    anth::ParsedNote p = anth::ingest::parse_note(path, text, anth::ingest::ParseSettings(1 << 20, false, {}));
    for (anth::Diagnostic& d : p.diagnostics) corpus.diagnostics.push_back(std::move(d));
    corpus.notes.push_back(std::move(p.note));
  }
  std::sort(corpus.notes.begin(), corpus.notes.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  anth::ingest::resolve_corpus(corpus);
  return corpus;
}

std::vector<const anth::Diagnostic*> findings(const anth::Corpus& c, const std::string& rule) {
  std::vector<const anth::Diagnostic*> out;
  for (const anth::Diagnostic& d : c.diagnostics)
    if (d.rule == rule) out.push_back(&d);
  return out;
}

}  // namespace

TEST_CASE("links: a reference to a note left out of the graph names that note", "[ingest][links]") {
  anth::Corpus c = corpus_of({
      {"hub/Broken.md", "---\ntitle: Broken: a colon, then another: not YAML\n---\nText.\n"},
      {"lit/LIT-7.md", "---\nid: LIT-7\ntitle: [unclosed\n---\nText.\n"},
      {"lit/LIT-1.md", "---\nid: LIT-1\ntitle: A paper\nyear: 2020\n---\nText.\n"},
      {"sota/SOTA-1.md",
       "---\nid: SOTA-1\ntitle: Do it\nstatus: adopted\nsource: [LIT-1, LIT-7]\nintroduced_by: LIT-1\n---\n"
       "See [[broken]], [[hub/Broken|it]], [[LIT-1]] and [[Nowhere]].\n"},
  });
  REQUIRE(findings(c, "S001").size() == 2);
  // R002: the two links to hub/Broken.md name it; the link to nothing keeps the plain words.
  auto r002 = findings(c, "R002");
  REQUIRE(r002.size() == 3);
  for (const anth::Diagnostic* d : r002) {
    INFO(d->message);
    const bool to_nothing = d->message.find("[[Nowhere]]") != std::string::npos;
    CHECK((d->message.find("hub/Broken.md is left out of the graph") != std::string::npos) == !to_nothing);
    if (to_nothing) {
      CHECK(d->related.empty());
      continue;
    }
    REQUIRE(d->related.size() == 1);
    CHECK(d->related[0].where.file == "hub/Broken.md");
    CHECK(d->related[0].where.line == 1);
  }
  // R001: a typed relation to the paper whose frontmatter failed.
  auto r001 = findings(c, "R001");
  REQUIRE(r001.size() == 1);
  CHECK(r001[0]->message == "`source` names LIT-7, whose note lit/LIT-7.md is left out of the graph (see the error there)");
  REQUIRE(r001[0]->related.size() == 1);
  CHECK(r001[0]->related[0].where.file == "lit/LIT-7.md");
}
