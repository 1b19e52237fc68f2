#pragma once
// LSP positions: a 0-based line and a character offset counted in the client's encoding, UTF-16 code
// units by default (a character outside the BMP, an emoji, counts two) or UTF-8 bytes when the client
// offers "utf-8" (positionEncoding). The parse records 1-based lines and columns; these convert
// between the two over the document's text (a parse's column counts code points).
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace anth::workspace::lsp {

enum class Encoding { Utf16, Utf8 };

struct Position {
  int line = 0;
  int character = 0;
  friend bool operator==(const Position&, const Position&) = default;
};

struct Range {
  Position start, end;
};

nlohmann::json to_json(Position p);
nlohmann::json to_json(const Range& r);

// A document's lines (without their "\n" or "\r\n"), for converting positions.
class TextLines {
 public:
  explicit TextLines(std::string_view text);
  int count() const { return static_cast<int>(lines_.size()); }
  // The line (0-based); empty past the end.
  std::string_view line(int index) const;
  // The position of a byte column on a line (both 0-based); columns past the line's end are its end.
  Position position(int line, int byte_column, Encoding encoding) const;
  // The byte offset on a line (0-based) of a parse's column (1-based, counted in code points as
  // core/util/text.h's column_of counts), clamped to the line's end.
  int byte_of(int line, int column) const;
  // The byte column a position names on its line, clamped to the line (a position inside a character
  // or past the end lands on the character's start or the line's end); -1 when the line is past the end.
  int byte_column(Position p, Encoding encoding) const;

 private:
  std::vector<std::string_view> lines_;
};

// Code units of `text` in the encoding (bytes for UTF-8, UTF-16 units otherwise).
int units(std::string_view text, Encoding encoding);

}  // namespace anth::workspace::lsp
