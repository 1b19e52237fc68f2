#pragma once
// The one link index of the project: how a reference as written ("LIT-523", "lit/LIT-523.md",
// "Zhai et al.") names a note, the way Obsidian resolves links. By id, file stem or path first, then by
// title or alias, all compared with Unicode's case folding (core/util/case_fold); where two notes
// claim a name, the first by path keeps it. Ingest's resolver resolves relations and body links with
// it; whoever needs to resolve a written reference later (queries, an editor) asks it too.
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/model/corpus.h"

namespace anth {

class LinkIndex {
 public:
  // The notes in the graph, in corpus order (by path).
  explicit LinkIndex(const Corpus& corpus);

  // The id a written reference names ("" when none): trimmed, case-folded, without a ".md" suffix.
  // The view points into the corpus's notes.
  std::string_view resolve(std::string_view written) const;

 private:
  std::unordered_map<std::string, std::string_view> exact_;  // folded ids and file stems
  std::unordered_map<std::string, std::string_view> named_;  // folded titles and aliases
};

// "lit/LIT-523.md" -> "LIT-523": the file stem a note is also known by.
std::string_view file_stem(std::string_view path);

}  // namespace anth
