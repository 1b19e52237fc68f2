#pragma once
// The parses a resident workspace made from files on disk since it last wrote the index
// (Workspace::store), encoded as a cold run hands them to the index. Each carries the file's stat taken
// before the file was read, so that a write after the read shows as a change to the next run; an
// editor's unsaved text is never among them.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/index/index.h"
#include "core/model/parsed_note.h"
#include "ingest/load_corpus.h"

namespace anth::workspace {

class UnstoredParses {
 public:
  // The stat of `file` as the scan takes it (following a link); nullopt when there is none.
  static std::optional<index::CachedFile> stat_of(const std::filesystem::path& file);

  // `parse` (its key set) of the file whose stat was `stat` before it was read.
  void remember(const ParsedNote& parse, index::CachedFile stat);
  // The file is gone, or what the workspace holds of it is not what is on disk.
  void forget(const std::string& path) { by_path_.erase(path); }
  // What Index::store takes; valid until the next change.
  std::vector<index::Index::FileParse> parses() const;
  void clear() { by_path_.clear(); }

 private:
  std::map<std::string, ingest::LoadedCorpus::FreshParse> by_path_;
};

}  // namespace anth::workspace
