// The site's search words (core/util/search_words.h) and the CJK pairs both searches share
// (core/util/cjk_pairs.h): punctuation, symbols and spaces of any script separate words, case and
// accents fold, and a run of CJK letters is its pairs and its last character, however long.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/util/cjk_pairs.h"
#include "core/util/search_words.h"

using namespace anth::util;

namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  for_each_search_word(text, [&](std::string_view w) { out.emplace_back(w); });
  return out;
}

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("search words: Unicode punctuation, symbols and spaces separate words", "[util][search]") {
  CHECK(words("Jarque\u2013Bera") == V{"jarque", "bera"});                            // en dash
  CHECK(words("\u201cShapiro\u201d\u2014Wilk") == V{"shapiro", "wilk"});               // curly quotes, em dash
  CHECK(words("Kolmogorov\u00a0Smirnov\u2026") == V{"kolmogorov", "smirnov"});        // no-break space, ellipsis
  CHECK(words("\u00abLevene\u00bb \u00b1 \u2264 x\u00b2") == V{"levene", "x\u00b2"});  // «», ±, ≤; ² is a digit (No)
  CHECK(words("Entropy-collapse of \u03c3Reparam, in 2023!") == V{"entropy", "collapse", "of", "\u03c3reparam", "in", "2023"});
  CHECK(words("don't snake_case") == V{"don", "t", "snake", "case"});  // ASCII as before: letters and digits only
  CHECK(words("\xff\xfe ok") == V{"ok"});  // bytes that are not UTF-8 separate words
}

TEST_CASE("search words: case and accents fold, other marks stay", "[util][search]") {
  CHECK(words("Caf\u00e9 \u00c9COLE \u00c5ngstr\u00f6m") == V{"cafe", "ecole", "angstrom"});
  CHECK(words("Cafe\u0301") == V{"cafe"});  // decomposed: the same word
  CHECK(words("\u03a3\u039f\u03a6\u039f\u03a3 \u03c3\u03bf\u03c6\u03bf\u03c2") == V{"\u03c3\u03bf\u03c6\u03bf\u03c3", "\u03c3\u03bf\u03c6\u03bf\u03c3"});
  CHECK(words("\u0130stanbul Stra\u00dfe") == V{"istanbul", "stra\u00dfe"});  // as the browser's toLowerCase makes them
  CHECK(fold_search_word("\u0915\u093f\u0924\u093e\u092c") == "\u0915\u093f\u0924\u093e\u092c");  // Devanagari vowel signs stay
}

TEST_CASE("search words: a CJK run is its pairs and its last character, however long", "[util][search]") {
  CHECK(words("\u7d71\u8a08\u5b66") == V{"\u7d71\u8a08", "\u8a08\u5b66", "\u5b66"});  // 統計学
  CHECK(words("\u732b") == V{"\u732b"});
  CHECK(words("abc\u6f22\u5b57def") == V{"abc", "\u6f22\u5b57", "\u5b57", "def"});  // split from the Latin around it
  CHECK(words("\u65e5\u672c\u3002\ud55c\uad6d\uc5b4") ==  // 日本。한국어: 。 separates
        V{"\u65e5\u672c", "\u672c", "\ud55c\uad6d", "\uad6d\uc5b4", "\uc5b4"});
  CHECK(words("\u30ab\u3099\u30ad") == V{"\u30ac\u30ad", "\u30ad"});  // a voicing mark stays with its kana (NFC: ガ)
  std::string run;
  for (int i = 0; i < 200; ++i) run += "\u6f22\u5b57";  // 400 characters, 1200 bytes
  std::vector<std::string> pieces = words(run);
  REQUIRE(pieces.size() == 400);
  CHECK(pieces[0] == "\u6f22\u5b57");
  CHECK(pieces[199] == "\u5b57\u6f22");
  CHECK(pieces.back() == "\u5b57");
}

TEST_CASE("cjk pairs: the full-text tables' text, and text without CJK untouched", "[util][search]") {
  std::string scratch;
  bool ends = true;
  std::string_view plain = "Jarque\u2013Bera caf\u00e9 \u03c3";
  CHECK(cjk_pairs_text(plain, scratch, &ends).data() == plain.data());
  CHECK_FALSE(ends);
  CHECK(cjk_pairs_text("see \u7d71\u8a08\u5b66, ok", scratch, &ends) == "see  \u7d71\u8a08 \u8a08\u5b66 \u5b66 , ok");
  CHECK_FALSE(ends);
  CHECK(cjk_pairs_text("x\u7d71\u8a08\u3002", scratch, &ends) == "x \u7d71\u8a08 \u8a08 \u3002");
  CHECK(ends);  // only punctuation after the run
  CHECK(cjk_character(U'\u4e00'));
  CHECK(cjk_character(U'\U00020000'));
  CHECK_FALSE(cjk_character(U'\u3002'));
  CHECK_FALSE(cjk_character(U'a'));
}
