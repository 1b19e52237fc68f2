#pragma once
// A tag is one tag whatever its case, as Obsidian takes it: `#Haskell`, `#haskell` and
// `tags: [HASKELL]` are the same tag, with one page, matched by `query --tag haskell` (docs/format.md
// "Tags"). Its identity is its case fold (util::fold_case, the fold links use); a note keeps its own
// spelling, and where the spellings of several notes meet (tags.html, a tag's page, completion) the
// tag is shown under one of them, chosen here for every caller alike.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace anth {

// The tag's identity: what names its page and what `query --tag` and the index's tags.key compare.
std::string tag_key(std::string_view tag);

// Appends to `tags` each of `more` whose key it does not hold yet: a note has each tag once, in the
// spelling it first writes (the frontmatter's before the body's).
void add_tags(std::vector<std::string>& tags, std::vector<std::string> more);

// The spelling a tag is shown under: the one the most notes write, a tie going to the spelling of the
// note first in path order. It depends on the notes' tags and paths only, never on the order they are
// added in, so a cold build, an incremental one and serve's patches agree.
class TagNames {
 public:
  // One note's tags, each once (as the parse keeps them).
  void add(std::string_view path, const std::vector<std::string>& tags);
  void add(std::string_view path, std::string_view tag);
  // Each tag's key and shown spelling, ordered by key.
  std::map<std::string, std::string> names() const;

 private:
  struct Spelling {
    std::size_t notes = 0;
    std::string first_path;  // the least path of a note writing it
  };
  std::map<std::string, std::map<std::string, Spelling>> spellings_;  // key -> spelling -> its notes
};

}  // namespace anth
