#pragma once
// Stage 2c of ingest: check a note's fields against its kind's schema (docs/format.md) and fill the note's
// typed members and relations. Reports S002-S005, S007, R005 and R006; everything here needs only the
// note itself, so its result can be cached per file.
#include <string>
#include <vector>

#include "core/model/config.h"
#include "core/model/diagnostic.h"
#include "core/model/note.h"

namespace anth::ingest {

// `note.path` and `note.fields` must be set; `stem` is the file name without `.md`. A note of none of the
// five kinds becomes a page, or an S005, as `typing` says.
void apply_schema(Note& note, const std::string& stem, const TypingPolicy& typing, std::vector<Diagnostic>& out);

// The id a reference names: "[[LIT-523|Zhai]]" -> "LIT-523", " LIT-523 " -> "LIT-523".
std::string reference_target(std::string_view written);

}  // namespace anth::ingest
