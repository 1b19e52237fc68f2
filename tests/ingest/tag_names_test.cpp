// Tags are one tag whatever their case (core/model/tag_names.h, docs/format.md "Tags"): a note keeps
// each tag once in its first spelling, and where notes' spellings meet the one shown is the most
// written, a tie going to the note first in path order, whatever order the notes come in.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/model/tag_names.h"
#include "ingest/note_parser.h"

using namespace anth;

TEST_CASE("tags: a tag's key is its case fold, nested tags and all", "[ingest][tags]") {
  CHECK(tag_key("Haskell") == tag_key("HASKELL"));
  CHECK(tag_key("Haskell") == "haskell");
  CHECK(tag_key("Lang/Haskell") == "lang/haskell");
  CHECK(tag_key("Straße") == tag_key("STRASSE"));  // the links' fold (core/util/case_fold.h)
  CHECK(tag_key("lang") != tag_key("lang/haskell"));
}

TEST_CASE("tags: a note has each tag once, in the spelling it first writes", "[ingest][tags]") {
  ParsedNote p = ingest::parse_note("notes/x.md", "---\ntags: [Haskell, HASKELL, ml]\n---\nText #haskell, #ML and #Lang/Go.\n", {});
  CHECK(p.note.tags == std::vector<std::string>{"Haskell", "ml", "Lang/Go"});
  std::vector<std::string> tags = {"A"};
  add_tags(tags, {"a", "b", "B", "c"});
  CHECK(tags == std::vector<std::string>{"A", "b", "c"});
}

TEST_CASE("tags: the spelling shown is the most written, a tie going to the first path", "[ingest][tags]") {
  struct Written {
    std::string path, tag;
  };
  auto shown = [](std::vector<Written> notes) {
    std::vector<std::string> out;
    // Every order the notes may come in gives the same names.
    std::sort(notes.begin(), notes.end(), [](const Written& a, const Written& b) { return a.path < b.path; });
    std::map<std::string, std::string> first;
    do {
      TagNames names;
      for (const Written& w : notes) names.add(w.path, w.tag);
      if (first.empty()) first = names.names();
      CHECK(names.names() == first);
    } while (std::next_permutation(notes.begin(), notes.end(), [](const Written& a, const Written& b) { return a.path < b.path; }));
    for (const auto& entry : first) out.push_back(entry.first + "=" + entry.second);
    return out;
  };
  // One note each: the note first in path order.
  CHECK(shown({{"b.md", "haskell"}, {"a.md", "Haskell"}, {"c.md", "HASKELL"}}) == std::vector<std::string>{"haskell=Haskell"});
  // Two notes write "haskell": it wins over the first path's spelling.
  CHECK(shown({{"a.md", "Haskell"}, {"b.md", "haskell"}, {"c.md", "HASKELL"}, {"d.md", "haskell"}}) ==
        std::vector<std::string>{"haskell=haskell"});
  // Nested tags are tags of their own, each under its own spelling.
  CHECK(shown({{"a.md", "Lang/Go"}, {"b.md", "lang/go"}, {"c.md", "Lang"}}) == std::vector<std::string>{"lang=Lang", "lang/go=Lang/Go"});
}
