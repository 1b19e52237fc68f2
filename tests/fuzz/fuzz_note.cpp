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

#include "tests/fuzz/fuzz_support.h"

namespace fuzz_note_detail {

constexpr std::uint64_t max_bytes = 1 << 20;

}  // namespace fuzz_note_detail

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzz_note_detail;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::string path = "sota/SOTA-1.md";
  anth::ParsedNote p = anth::ingest::parse_note(path, bytes, max_bytes);

  int lines = 1;
  for (char c : bytes) lines += c == '\n';
  auto check = [&](const anth::Location& where) {
    FUZZ_REQUIRE(where.file == path);
    FUZZ_REQUIRE(where.line >= 1 && where.line <= lines + 1);
    FUZZ_REQUIRE(where.column >= 1);
  };
  for (const anth::Diagnostic& d : p.diagnostics) check(d.where);
  for (const anth::Field& f : p.note.fields) {
    check(f.where);
    for (const anth::FieldValue& v : f.items) check(v.where);
  }
  for (const anth::Wikilink& w : p.note.wikilinks) {
    check(w.where);
    FUZZ_REQUIRE(!w.target.empty());
  }
  for (const anth::Relation& r : p.note.relations) check(r.where);
  FUZZ_REQUIRE(p.note.path == path);
  FUZZ_REQUIRE(p.note.body_line >= 1);

  if (!p.note.in_graph) {
    bool explained = false;
    for (const anth::Diagnostic& d : p.diagnostics)
      explained |= d.rule == "S001" || d.rule == "S005" || d.rule == "S006" || d.rule == "S008";
    FUZZ_REQUIRE(explained);
  }

  auto decoded = anth::index::decode_parse(anth::index::encode_parse(p));
  FUZZ_REQUIRE(decoded.has_value());
  FUZZ_REQUIRE(decoded->diagnostics.size() == p.diagnostics.size());
  FUZZ_REQUIRE(decoded->note.wikilinks.size() == p.note.wikilinks.size());
  return 0;
}
