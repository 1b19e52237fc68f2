#pragma once
// The mapping of a parsed note to and from the JSON the index keeps (parse_codec.cpp describes the
// format): note_json_write.cpp writes a Note and its diagnostics with the JSON writer, note_json_read.cpp
// reads them back with the JSON reader.
#include <string>

#include "core/index/json_reader.h"
#include "core/index/json_writer.h"
#include "core/model/diagnostic.h"
#include "core/model/parsed_note.h"

namespace anth::index::detail {

void write_note(JsonWriter& w, const Note& n);
// Locations in `path` (the note's) are written without their file.
void write_diagnostic(JsonWriter& w, const Diagnostic& d, const std::string& path);

// Both throw JsonMalformed for a member of the wrong type, a missing path or rule, or a location read
// before the path. `body_links` false skips the body's links (only the site uses them); `body` false
// skips the markdown body (Note::body_held).
Note read_note(JsonReader& r, bool body_links = true, bool body = true);
Diagnostic read_diagnostic(JsonReader& r, const std::string& path);

}  // namespace anth::index::detail
