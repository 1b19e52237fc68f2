#pragma once
// The words of text as the site's search sees them: the index the build writes
// (render/site/search_index) and the queries the reader types (render/assets/site/static/search.js,
// which keeps a copy of this rule, checked in Chromium by tests/site/site_search_browser_test.cpp).
//
// A word is a run of letters, marks and digits (Unicode's L, M and N; in ASCII a-z, A-Z and 0-9);
// everything else separates words: punctuation of any script (–, —, “”, «», …), symbols and spaces
// (U+00A0 too), so "Jarque–Bera" is two words. A word is folded so that a reader need not type its
// case or accents (fold_search_word). A run of CJK letters is split into pairs (cjk_pairs.h).
#include <string>
#include <string_view>
#include <type_traits>

namespace anth::util {

enum class WordClass { none, letter, mark };  // letter: Unicode's L or N; mark: M
WordClass word_class(char32_t c);

// Lowercase (Unicode's simple mapping, with final sigma as σ), accents removed (the combining
// diacritical marks of U+0300–036F, U+1AB0–1AFF, U+1DC0–1DFF, U+20D0–20FF and U+FE20–FE2F, after
// canonical decomposition: "Café" is "cafe", "Ångström" "angstrom"), then NFC. Other marks stay: the
// vowel signs of Indic scripts and the kana's voicing marks (ガ is not カ) are part of the letter.
// This is what the browser's toLowerCase, normalize("NFD") and normalize("NFC") make of a word too.
std::string fold_search_word(std::string_view word);

// Calls sink(context, term) for each term of the text, in order: each word folded, each CJK run as
// its pieces (folded). No term is dropped here: the site drops stopwords and terms under 2 or over 40
// bytes itself.
using SearchWordSink = void (*)(void* context, std::string_view term);
void split_search_words(std::string_view text, void* context, SearchWordSink sink);

template <class F>
void for_each_search_word(std::string_view text, F&& f) {
  split_search_words(text, &f, [](void* c, std::string_view term) { (*static_cast<std::remove_reference_t<F>*>(c))(term); });
}

}  // namespace anth::util
