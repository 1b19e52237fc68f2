#pragma once
// The one link index of the project: how a reference as written ("LIT-523", "lit/LIT-523.md",
// "Projects/Roadmap", "../People/Ada Lovelace.md", "Zhai et al.") names a note, the way Obsidian
// resolves links (docs/format.md, "Links"). In order: a path relative to the linking note's folder
// (a markdown link's, or a wikilink's that starts with "./" or "../"); a path from the vault's root;
// a file name or the end of a path ("Roadmap", "Old/Roadmap"), where several files match the one in the
// linking note's folder, else the one closest to the root (fewest folders, then the shortest path, then
// by path); an id; a title or alias.
// All compared with Unicode's case folding (core/util/case_fold). Ingest's resolver resolves
// relations and body links with it; whoever needs to resolve a written reference later asks it too.
// Attachments (files that are not notes) are found the same way, and in Obsidian's attachment folder.
// Notes are held by their place in corpus.notes, not by their strings, so that an index stays true
// while a note is replaced in place by one with the same names, id and path (a resident workspace
// keeps its index across such edits: workspace/workspace.h).
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/model/corpus.h"

namespace anth::graph {

// How a reference is read: from which note, and whether relative to its folder first (a markdown
// link's destination, percent-decoded by the caller).
struct LinkFrom {
  std::string_view path;  // the linking note's path; "" for none
  bool relative_first = false;
};

class LinkIndex {
 public:
  // The notes in the graph, in corpus order (by path).
  explicit LinkIndex(const Corpus& corpus);

  // The id a written reference names ("" when none): trimmed, case-folded, without a ".md" suffix.
  // The view points into the corpus's notes (the note's id as it is now).
  std::string_view resolve(std::string_view written, LinkFrom from) const { return id_of(place(written, from)); }
  std::string_view resolve(std::string_view written) const { return resolve(written, LinkFrom{}); }
  // The same as a place in corpus.notes (`nowhere` when none), and the id at a place.
  static constexpr std::uint32_t nowhere = UINT32_MAX;
  // `shared`, when given, is set when the name is one several files fit, none by its whole path
  // (shared_name), so that which one it names depends on `from`'s folder.
  std::uint32_t place(std::string_view written, LinkFrom from, bool* shared = nullptr) const;
  std::string_view id_of(std::uint32_t place) const { return place == nowhere ? std::string_view() : id_at(place); }
  // Whether what `written` names may depend on the linking note's folder: a path relative to it, or
  // any destination read relative first (LinkMemo asks).
  static bool reads_folder(std::string_view written, LinkFrom from);
  // Whether `written` is a file name or path end that several notes' files fit, none by its whole path:
  // which one it names then depends on the linking note's folder.
  bool shared_name(std::string_view written) const;
  // The ids of the notes whose file `written` fits as a file name or path end, closest to the root
  // first: several when the name is shared; none when it is a whole path or fits no file.
  std::vector<std::string_view> fitting_ids(std::string_view written) const;

  // The attachment a written reference names (nullptr when none), Obsidian's way: a path relative to
  // the linking note's folder (as for notes), a path from the root, a file in the attachment folder
  // (Corpus::attachment_folder), then a file name or the end of a path by the shortest-path rule.
  // The pointer points into the corpus's attachments.
  const Attachment* attachment(std::string_view written, LinkFrom from) const;

 private:
  using At = std::uint32_t;  // a note's place in corpus.notes
  struct File {
    std::string path;  // folded, without ".md"
    At note;
  };
  std::string_view id_at(At note) const { return corpus_->notes[note].id; }
  const Corpus* corpus_;
  std::unordered_map<std::string, At> paths_;     // folded paths without ".md"
  std::unordered_map<std::string, std::vector<File>> names_;    // folded file names, closest to the root first
  std::unordered_map<std::string, At> ids_;       // folded ids
  std::unordered_map<std::string, At> named_;     // folded titles and aliases
  struct AttachmentFile {
    std::string path;  // folded, with its extension
    const Attachment* attachment;
  };
  std::unordered_map<std::string, const Attachment*> attachment_paths_;           // folded paths
  std::unordered_map<std::string, std::vector<AttachmentFile>> attachment_names_;  // closest to the root first
  std::string attachment_folder_;                                                 // folded
};

// What references already resolved name, for one thread resolving many notes against one index:
// most are written many times ("LIT-523" by every note citing it), and a reference that does not read
// the linking note's folder names the same note from anywhere. Holds places, not ids, so that it
// stays as true as its index (valid while the index is).
class LinkMemo {
 public:
  explicit LinkMemo(const LinkIndex& links) : links_(links) {}
  std::string_view resolve(std::string_view written, LinkFrom from);
  std::uint32_t place(std::string_view written, LinkFrom from);

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  static constexpr std::uint32_t by_folder = LinkIndex::nowhere - 1;  // a shared name: asked each time
  const LinkIndex& links_;
  std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> places_;  // by the reference as written
};

// "lit/LIT-523.md" -> "LIT-523": the file stem a note is also known by.
std::string_view file_stem(std::string_view path);

}  // namespace anth::graph