#pragma once
// The one case fold of the project: Unicode's full case folding (utf8proc), so that ids, titles and
// aliases compare case-insensitively the way Obsidian compares them ("über attention" names
// "Über Attention", "STRASSE" names "Straße"). Every case-insensitive comparison of note text calls it.
#include <cstddef>
#include <string>
#include <string_view>

namespace anth::util {

// The case-folded, NFC-composed form of UTF-8 text; ASCII text takes a fast path. Text that is not
// valid UTF-8 (ingest refuses such notes, S008) is folded in its ASCII letters only.
std::string fold_case(std::string_view text);

// The length in bytes of the character at `at` when it is a letter, a mark or a digit (Unicode's
// categories L, M and N: what makes a word, "Über" and "σίσυφος" as much as "norm"), else 0. Bytes
// that are not valid UTF-8 are no word character.
std::size_t word_character_at(std::string_view text, std::size_t at);

}  // namespace anth::util