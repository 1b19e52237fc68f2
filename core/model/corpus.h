#pragma once
// The whole ingested corpus: every note (also those kept out of the graph), the diagnostics of ingest,
// and the lookup from id to note. Built by ingest, read by core's graph and rules and by render.
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/model/diagnostic.h"
#include "core/model/note.h"

namespace anth {

struct Corpus {
  std::string root;  // the corpus folder as given
  std::vector<Note> notes;  // sorted by path
  std::vector<Diagnostic> diagnostics;  // S and R findings of ingest
  std::unordered_map<std::string, std::size_t> by_id;  // in-graph notes only
  // The folders as scanned (ingest/scan.h, encode_folder_stamps), kept in the index so that a query can
  // tell with a few stats whether notes were added, removed or replaced since.
  std::string folder_stamps;
  // When ingest began to scan, in nanoseconds since the epoch (meta `scanned_ns`): a file whose stored
  // stat is this recent is compared by content, not trusted by stat (core/index/index.h, racily_clean).
  std::int64_t scanned_at_ns = 0;

  const Note* find(std::string_view id) const;
  // Rebuilds by_id from the notes that are in the graph (the first of a duplicated id wins).
  void index_ids();
};

}  // namespace anth
