#include "core/util/search_words.h"

#include <utf8proc.h>

#include <cstdlib>

#include "core/util/cjk_pairs.h"
#include "core/util/utf8.h"

namespace anth::util {

namespace {

// The combining diacritical marks a fold removes (search.js's ACCENTS lists the same).
bool accent(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
         (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE20 && c <= 0xFE2F);
}

constexpr bool ascii_word(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// ASCII's word bytes as a table: every byte of every body goes through the loop that reads it.
struct AsciiWords {
  bool word[128] = {};
  constexpr AsciiWords() {
    for (int c = 0; c < 128; ++c) word[c] = ascii_word(static_cast<unsigned char>(c));
  }
};
constexpr AsciiWords ascii_words;

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// utf8proc's result (its length, or an error below 0) into `out`, its buffer freed; false on an error.
bool take(utf8proc_ssize_t n, utf8proc_uint8_t* bytes, std::string& out) {
  if (n < 0) return false;
  out.assign(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(n));
  std::free(bytes);
  return true;
}

// Applied to each code point before the decomposition, as toLowerCase is before normalize("NFD").
utf8proc_int32_t lower(utf8proc_int32_t c, void*) {
  utf8proc_int32_t l = utf8proc_tolower(c);
  return l == 0x03C2 ? 0x03C3 : l;  // ς: σ, wherever the word ends
}

// A run of word characters with something past ASCII: its segments, CJK or not (a mark goes with the
// character before it), each folded; a CJK segment as its pieces.
void split_unicode_run(std::string_view run, void* context, SearchWordSink sink) {
  std::size_t from = 0;
  bool cjk = false;
  auto flush = [&](std::size_t to) {
    if (to == from) return;
    std::string folded = fold_search_word(run.substr(from, to - from));
    if (cjk) for_each_cjk_piece(folded, [&](std::string_view piece) { sink(context, piece); });
    else sink(context, folded);
    from = to;
  };
  for (std::size_t i = 0; i < run.size();) {
    char32_t c = static_cast<unsigned char>(run[i]);
    std::size_t n = c < 0x80 ? 1 : decode_utf8(run, i, c);
    bool k = word_class(c) == WordClass::mark ? (i > from && cjk) : cjk_character(c);
    if (i == from) cjk = k;
    else if (k != cjk) {
      flush(i);
      cjk = k;
    }
    i += n;
  }
  flush(run.size());
}

}  // namespace

WordClass word_class(char32_t c) {
  if (c < 0x80) return ascii_word(static_cast<unsigned char>(c)) ? WordClass::letter : WordClass::none;
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(c))) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT: case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
      return WordClass::letter;
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ME: return WordClass::mark;
    default: return WordClass::none;
  }
}

std::string fold_search_word(std::string_view word) {
  std::string out;
  bool ascii = true;
  for (char c : word) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) {
    out.resize(word.size());
    for (std::size_t i = 0; i < word.size(); ++i) out[i] = ascii_lower(word[i]);
    return out;
  }
  utf8proc_uint8_t* bytes = nullptr;
  auto in = reinterpret_cast<const utf8proc_uint8_t*>(word.data());
  auto size = static_cast<utf8proc_ssize_t>(word.size());
  utf8proc_ssize_t n = utf8proc_map_custom(in, size, &bytes, static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | UTF8PROC_STABLE), lower, nullptr);
  if (!take(n, bytes, out)) return std::string(word);  // not UTF-8: never a word here (split_search_words), kept as it is
  std::string kept;
  for (std::size_t i = 0; i < out.size();) {
    char32_t c = 0;
    std::size_t n = decode_utf8(out, i, c);
    if (n == 0) n = 1;
    if (!accent(c)) kept.append(out, i, n);
    i += n;
  }
  in = reinterpret_cast<const utf8proc_uint8_t*>(kept.data());
  size = static_cast<utf8proc_ssize_t>(kept.size());
  n = utf8proc_map(in, size, &bytes, static_cast<utf8proc_option_t>(UTF8PROC_COMPOSE | UTF8PROC_STABLE));
  if (!take(n, bytes, out)) return kept;
  return out;
}

void split_search_words(std::string_view text, void* context, SearchWordSink sink) {
  thread_local std::string word;
  for (std::size_t i = 0; i < text.size();) {
    // A run of word characters from i to end; `ascii` while every one of them is.
    std::size_t end = i;
    bool ascii = true;
    while (end < text.size()) {
      char32_t c = static_cast<unsigned char>(text[end]);
      if (c < 0x80) {
        if (!ascii_words.word[c]) break;
        ++end;
        continue;
      }
      std::size_t n = decode_utf8(text, end, c);
      if (n == 0 || word_class(c) == WordClass::none) break;
      ascii = false;
      end += n;
    }
    if (end == i) {  // a separator (or a byte that is not UTF-8)
      std::size_t n = 1;
      char32_t c = 0;
      if (static_cast<unsigned char>(text[i]) >= 0x80) n = decode_utf8(text, i, c);
      i += n == 0 ? 1 : n;
      continue;
    }
    std::string_view run = text.substr(i, end - i);
    if (ascii) {
      word.resize(run.size());
      for (std::size_t k = 0; k < run.size(); ++k) word[k] = ascii_lower(run[k]);
      sink(context, word);
    } else {
      split_unicode_run(run, context, sink);
    }
    i = end;
  }
}

}  // namespace anth::util
