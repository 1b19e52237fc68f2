// libFuzzer target: parse_frontmatter on arbitrary bytes (ingest/frontmatter.h).
// Besides "no crash, no UB, no leak", it checks the documented contract: the body is a suffix of the
// text, the body starts on a line >= 1, and every location (fields, items, the S001 error) is 1-based and
// within the text's line count.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ingest/frontmatter.h"

#include "tests/fuzz/fuzz_support.h"

namespace fuzz_frontmatter_detail {

int line_count(std::string_view text) {
  int lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

void check_location(const anth::Location& where, int lines) {
  FUZZ_REQUIRE(where.file == "lit/LIT-1.md");
  FUZZ_REQUIRE(where.line >= 1 && where.line <= lines + 1);
  FUZZ_REQUIRE(where.column >= 1);
}

}  // namespace fuzz_frontmatter_detail

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzz_frontmatter_detail;
  std::string text(reinterpret_cast<const char*>(data), size);
  const std::string path = "lit/LIT-1.md";
  anth::ingest::Frontmatter fm = anth::ingest::parse_frontmatter(text, path);

  int lines = line_count(text);
  // The body is a view into the text, at its end.
  if (!fm.body.empty()) {
    FUZZ_REQUIRE(fm.body.data() >= text.data() && fm.body.data() + fm.body.size() == text.data() + text.size());
  }
  FUZZ_REQUIRE(fm.body_line >= 1 && fm.body_line <= lines + 1);
  if (!fm.present) FUZZ_REQUIRE(fm.body.size() == text.size() && !fm.error);
  if (fm.error) {
    FUZZ_REQUIRE(fm.error->rule == "S001");
    check_location(fm.error->where, lines);
  }
  for (const anth::Field& f : fm.fields) {
    check_location(f.where, lines);
    for (const anth::FieldValue& v : f.items) check_location(v.where, lines);
    if (f.shape == anth::Field::Shape::Map) FUZZ_REQUIRE(f.keys.size() == f.items.size());
  }
  return 0;
}
