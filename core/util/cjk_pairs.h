#pragma once
// Chinese, Japanese and Korean are written without spaces between words, so a search that splits
// text at spaces and punctuation finds no word inside a run of them ("統計学的手法" would be one
// word). Both searches of the project split such a run into its overlapping pairs of characters and
// end it with its last character alone: "統計学" is 統計, 計学, 学. A query split the same way finds
// any two or more characters of a run as they stand there; a query of one character matches as a
// prefix (学 finds 学 and 学生, so every place of 学 in a run). The site's search (render/site/
// search_index, with search.js's copy of these ranges) and the index's full-text tables
// (core/index/search_table, core/query/node_search) keep this one rule.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace anth::util {

// Han (with its extensions and compatibility forms), Hiragana, Katakana (half-width too) and Hangul
// (syllables and jamo), with the iteration and repeat marks they use (々, 〆, 〇, ゝ, ヽ).
bool cjk_character(char32_t c);

// The character units of a run of CJK text (each code point with the marks after it), as byte
// offsets: units[i] is where unit i starts; a last entry is the run's end.
std::vector<std::size_t> cjk_units(std::string_view run);

// A run's pieces: every pair of adjacent units, then the last unit alone; a run of one unit is that
// unit. Calls f(piece) for each, in order.
template <class F>
void for_each_cjk_piece(std::string_view run, F&& f) {
  const std::vector<std::size_t> at = cjk_units(run);
  const std::size_t n = at.size() - 1;
  for (std::size_t i = 0; i + 1 < n; ++i) f(run.substr(at[i], at[i + 2] - at[i]));
  if (n > 0) f(run.substr(at[n - 1], at[n] - at[n - 1]));
}

// The text as a full-text table must hold it: each run of CJK letters replaced by its pieces, each
// set apart by spaces, so that SQLite's unicode61 tokenizer makes one token of each, in order. Returns
// `text` itself when it has no CJK letter (no copy), else a view of `scratch`. `ends_in_run` (when
// given) says whether the text ends with such a run (a query then matches its last piece as a prefix).
std::string_view cjk_pairs_text(std::string_view text, std::string& scratch, bool* ends_in_run = nullptr);

}  // namespace anth::util
