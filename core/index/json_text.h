#pragma once
// What the JSON writer and reader (json_writer.h, json_reader.h) share: finding the runs of a string
// that need no escaping, which both copy whole.
#include <cstddef>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace anth::index::detail {

// How many bytes from p on need no escaping in a JSON string (no '"', '\\' or control character).
// Sixteen bytes at a time where SSE2 is (every x86-64), then eight (SWAR), then one: bodies are most of
// the text, and most strings (member names, ids) end within the first sixteen bytes.
inline std::size_t plain_run(const char* p, const char* end) {
  const char* start = p;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), last_control = _mm_set1_epi8(0x1F);
  while (end - p >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(v, last_control), last_control);  // unsigned v <= 0x1F
    __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), control);
    if (int mask = _mm_movemask_epi8(special))  // the first special byte's place in the sixteen
      return static_cast<std::size_t>(p - start) + static_cast<std::size_t>(__builtin_ctz(mask));
    p += 16;
  }
#endif
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  while (end - p >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    std::uint64_t quote = w ^ (ones * '"'), backslash = w ^ (ones * '\\');
    std::uint64_t special = ((w - ones * 0x20) & ~w) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash);
    if (special & highs) break;
    p += 8;
  }
  while (p < end) {
    unsigned char c = static_cast<unsigned char>(*p);
    if (c < 0x20 || c == '"' || c == '\\') break;
    ++p;
  }
  return static_cast<std::size_t>(p - start);
}

}  // namespace anth::index::detail
