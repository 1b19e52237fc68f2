#pragma once
// What ingest makes of one file and the index caches per content hash: the note, its own diagnostics
// and the key of the parse that made it. Here, in the model, so the index stores it without knowing ingest.
#include <string>
#include <vector>

#include "core/model/diagnostic.h"
#include "core/model/note.h"

namespace anth {

struct ParsedNote {
  Note note;
  std::vector<Diagnostic> diagnostics;
  std::string key;  // parse_key() of the parser and settings that made it (ingest/note_parser.h); "" when not known
};

}  // namespace anth
