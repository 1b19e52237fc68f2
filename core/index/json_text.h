#pragma once
// What the JSON writer and reader (json_writer.h, json_reader.h) share: finding the runs of a string
// that need no escaping, which both copy whole.
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace anth::index::detail {

// How many bytes from p on need no escaping in a JSON string (no '"', '\\' or control character).
// Eight bytes at a time: bodies are most of the text.
inline std::size_t plain_run(const char* p, const char* end) {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const char* start = p;
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
