#include "core/util/cjk_pairs.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "core/util/search_words.h"
#include "core/util/utf8.h"

namespace anth::util {

namespace {

// table: the code point ranges of cjk_character, in order (search.js's CJK class lists the same).
constexpr char32_t cjk_ranges[][2] = {
    {0x1100, 0x11FF},   {0x3005, 0x3007},   {0x3021, 0x3029},   {0x3031, 0x3035}, {0x3038, 0x303C},
    {0x3040, 0x30FF},   {0x3130, 0x318F},   {0x31F0, 0x31FF},   {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
    {0xA960, 0xA97F},   {0xAC00, 0xD7FF},   {0xF900, 0xFAFF},   {0xFF66, 0xFFDC}, {0x1B000, 0x1B16F},
    {0x20000, 0x3FFFF},
};

// Whether the text has a byte of E1 or more, the lead byte of every CJK letter (U+1100 on). Eight
// bytes at a time while none has its high bit set: this runs over every body the index stores.
bool has_cjk_lead(std::string_view text) {
  std::size_t i = 0;
  for (std::uint64_t word; i + 8 <= text.size(); i += 8) {
    std::memcpy(&word, text.data() + i, 8);
    if (!(word & 0x8080808080808080ull)) continue;
    for (std::size_t k = i; k < i + 8; ++k)
      if (static_cast<unsigned char>(text[k]) >= 0xE1) return true;
  }
  for (; i < text.size(); ++i)
    if (static_cast<unsigned char>(text[i]) >= 0xE1) return true;
  return false;
}

}  // namespace

bool cjk_character(char32_t c) {
  if (c < cjk_ranges[0][0]) return false;
  auto it = std::upper_bound(std::begin(cjk_ranges), std::end(cjk_ranges), c,
                             [](char32_t v, const char32_t (&r)[2]) { return v < r[0]; });
  return it != std::begin(cjk_ranges) && c <= (*std::prev(it))[1];
}

std::vector<std::size_t> cjk_units(std::string_view run) {
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < run.size();) {
    char32_t c = 0;
    std::size_t n = decode_utf8(run, i, c);
    if (n == 0) n = 1;
    if (at.empty() || word_class(c) != WordClass::mark) at.push_back(i);
    i += n;
  }
  at.push_back(run.size());
  return at;
}

std::string_view cjk_pairs_text(std::string_view text, std::string& scratch, bool* ends_in_run) {
  if (ends_in_run) *ends_in_run = false;
  if (!has_cjk_lead(text)) return text;  // most text
  scratch.clear();
  bool ends = false;
  std::size_t copied = 0, run = std::string_view::npos;  // run: where the open CJK run began
  auto close_run = [&](std::size_t end) {
    scratch.append(text.substr(copied, run - copied));
    for_each_cjk_piece(text.substr(run, end - run), [&](std::string_view piece) {
      scratch += ' ';
      scratch.append(piece);
    });
    scratch += ' ';
    copied = end;
    run = std::string_view::npos;
  };
  for (std::size_t i = 0; i < text.size();) {
    char32_t c = static_cast<unsigned char>(text[i]);
    std::size_t n = c < 0x80 ? 1 : decode_utf8(text, i, c);
    WordClass k = n == 0 ? WordClass::none : word_class(c);
    bool in_run = run != std::string_view::npos;
    bool cjk = k == WordClass::mark ? in_run : k == WordClass::letter && cjk_character(c);
    if (in_run && !cjk) close_run(i);
    if (cjk && !in_run) run = i;
    if (k != WordClass::none) ends = cjk;
    i += n == 0 ? 1 : n;
  }
  if (run != std::string_view::npos) close_run(text.size());
  if (copied == 0) return text;  // no run: other text past ASCII (é, –), as it is
  scratch.append(text.substr(copied));
  if (ends_in_run) *ends_in_run = ends;
  return scratch;
}

}  // namespace anth::util
