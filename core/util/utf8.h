#pragma once
// UTF-8 checks shared by the stages: ingest rejects notes that are not UTF-8 (S008), while file names,
// which the file system gives as any bytes, must still reach JSON and SARIF reports, which need UTF-8.
#include <cstddef>
#include <string>
#include <string_view>

namespace anth::util {

// The length of the valid UTF-8 sequence starting at `at` (1-4), or 0 when the bytes there are not
// one: a stray continuation byte, a truncated sequence, an overlong form, a surrogate, past U+10FFFF.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);
// The code point at `at` into `code` and its length in bytes, as utf8_sequence_length (0: not UTF-8).
std::size_t decode_utf8(std::string_view text, std::size_t at, char32_t& code);
// The byte offset of the first invalid UTF-8 sequence, or npos when the text is valid UTF-8.
std::size_t find_invalid_utf8(std::string_view text);
// Valid UTF-8 unchanged; otherwise each byte that is not part of valid UTF-8 written as `\xNN`
// (lowercase hex) and each backslash the text had before an `x` doubled, so that an escape cannot be
// mistaken for text: "caf\xe9.md" for a Latin-1 "café.md".
std::string escape_invalid_utf8(std::string_view text);

}  // namespace anth::util