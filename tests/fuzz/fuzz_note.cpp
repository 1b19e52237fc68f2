// libFuzzer target: parse_note on arbitrary bytes (ingest/note_parser.h): BOM and CRLF handling, the
// UTF-8/NUL/size checks (S008), frontmatter, schema checks, the body's wikilinks and inline fields.
// Invariants checked beyond "no crash, no UB, no leak":
//  - every location is in the note's own file, 1-based, within the file's line count;
//  - a note out of the graph carries S001, S005, S006 or S008;
//  - the index's JSON encoding of the parse decodes again (core/index/parse_codec.cpp), as it must for
//    the cache to work.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/index/index.h"
#include "ingest/note_parser.h"

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

constexpr std::uint64_t max_bytes = 1 << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::string path = "sota/SOTA-1.md";
  anth::ParsedNote p = anth::parse_note(path, bytes, max_bytes);

  int lines = 1;
  for (char c : bytes) lines += c == '\n';
  auto check = [&](const anth::Location& where) {
    require(where.file == path);
    require(where.line >= 1 && where.line <= lines + 1);
    require(where.column >= 1);
  };
  for (const anth::Diagnostic& d : p.diagnostics) check(d.where);
  for (const anth::Field& f : p.note.fields) {
    check(f.where);
    for (const anth::FieldValue& v : f.items) check(v.where);
  }
  for (const anth::Wikilink& w : p.note.wikilinks) {
    check(w.where);
    require(!w.target.empty());
  }
  for (const anth::Relation& r : p.note.relations) check(r.where);
  require(p.note.path == path);
  require(p.note.body_line >= 1);

  if (!p.note.in_graph) {
    bool explained = false;
    for (const anth::Diagnostic& d : p.diagnostics)
      explained |= d.rule == "S001" || d.rule == "S005" || d.rule == "S006" || d.rule == "S008";
    require(explained);
  }

  auto decoded = anth::decode_parse(anth::encode_parse(p));
  require(decoded.has_value());
  require(decoded->diagnostics.size() == p.diagnostics.size());
  require(decoded->note.wikilinks.size() == p.note.wikilinks.size());
  return 0;
}
