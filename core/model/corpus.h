#pragma once
// The whole ingested corpus: every note (also those kept out of the graph), the diagnostics of ingest,
// and the lookup from id to note. Built by ingest, read by core's graph and rules and by render.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/model/diagnostic.h"
#include "core/model/note.h"

namespace anth {

// A file of the vault that is not a note (an image, a PDF, ...), as the scan listed it: never read by
// ingest. Links and embeds name it (core/graph/link_index.h); the site copies the ones they name.
struct Attachment {
  std::string path;    // relative to the corpus root, '/'-separated
  std::uint64_t size = 0;
  std::string refused;  // why the site must not copy it ("" when it may): too large, a link outside
};

struct Corpus {
  std::string root;  // the corpus folder as given
  std::vector<Note> notes;  // sorted by path
  std::vector<Diagnostic> diagnostics;  // S and R findings of ingest
  std::unordered_map<std::string, std::size_t> by_id;  // in-graph notes only
  std::vector<Attachment> attachments;  // sorted by path
  // Obsidian's "default location for new attachments" (.obsidian/app.json attachmentFolderPath): a
  // folder from the root, "./" for the linking note's folder ("./sub" below it), "" for none.
  std::string attachment_folder;
  // The folders as scanned (ingest/scan.h, encode_folder_stamps), kept in the index so that a query can
  // tell with a few stats whether notes were added, removed or replaced since.
  std::string folder_stamps;
  // When ingest began to scan, in nanoseconds since the epoch (meta `scanned_ns`): a file whose stored
  // stat is this recent is compared by content, not trusted by stat (core/index/index.h, racily_clean).
  std::int64_t scanned_at_ns = 0;

  const Note* find(std::string_view id) const;
  // Whether some note's body has a query block (they are answered from the index: docs/site.md).
  bool has_query_blocks() const;
  // Rebuilds by_id from the notes that are in the graph (the first of a duplicated id wins).
  void index_ids();
};

}  // namespace anth
