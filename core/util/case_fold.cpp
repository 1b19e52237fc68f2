#include "core/util/case_fold.h"

#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>

namespace anth::util {

namespace {

std::string fold_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace

std::string fold_case(std::string_view text) {
  if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
    return fold_ascii(text);
  utf8proc_uint8_t* folded = nullptr;
  // COMPOSE: a decomposed "U + combining diaeresis" folds like the precomposed "Ü".
  utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                    static_cast<utf8proc_ssize_t>(text.size()), &folded,
                                    static_cast<utf8proc_option_t>(UTF8PROC_CASEFOLD | UTF8PROC_COMPOSE | UTF8PROC_STABLE));
  if (n < 0) return fold_ascii(text);
  std::string out(reinterpret_cast<const char*>(folded), static_cast<std::size_t>(n));
  std::free(folded);
  return out;
}

std::size_t word_character_at(std::string_view text, std::size_t at) {
  if (at >= text.size()) return 0;
  unsigned char c = static_cast<unsigned char>(text[at]);
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? 1 : 0;
  utf8proc_int32_t code = -1;
  utf8proc_ssize_t n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + at),
                                        static_cast<utf8proc_ssize_t>(text.size() - at), &code);
  if (n <= 0 || code < 0) return 0;
  switch (utf8proc_category(code)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT: case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO: return static_cast<std::size_t>(n);
    default: return 0;
  }
}

}  // namespace anth::util