#include "core/util/utf8.h"

#include <cstdint>
#include <cstring>

namespace anth::util {

std::size_t utf8_sequence_length(std::string_view s, std::size_t at) {
  const auto* b = reinterpret_cast<const unsigned char*>(s.data());
  unsigned c = b[at];
  std::size_t len;
  unsigned min;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) { len = 2; min = 0x80; c &= 0x1F; }
  else if ((c & 0xF0) == 0xE0) { len = 3; min = 0x800; c &= 0x0F; }
  else if ((c & 0xF8) == 0xF0) { len = 4; min = 0x10000; c &= 0x07; }
  else return 0;
  if (at + len > s.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    if ((b[at + k] & 0xC0) != 0x80) return 0;
    c = (c << 6) | (b[at + k] & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
  return len;
}

std::size_t decode_utf8(std::string_view s, std::size_t at, char32_t& code) {
  const std::size_t len = utf8_sequence_length(s, at);
  if (len == 0) return 0;
  const auto* b = reinterpret_cast<const unsigned char*>(s.data() + at);
  static constexpr unsigned char lead_bits[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  char32_t c = b[0] & lead_bits[len];
  for (std::size_t k = 1; k < len; ++k) c = (c << 6) | (b[k] & 0x3F);
  code = c;
  return len;
}

std::size_t find_invalid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    // Notes are mostly ASCII: eight bytes at a time while none has its high bit set.
    for (std::uint64_t word; i + 8 <= s.size(); i += 8) {
      std::memcpy(&word, s.data() + i, 8);
      if (word & 0x8080808080808080ull) break;
    }
    if (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    if (i >= s.size()) break;
    std::size_t len = utf8_sequence_length(s, i);
    if (len == 0) return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string escape_invalid_utf8(std::string_view s) {
  if (find_invalid_utf8(s) == std::string_view::npos) return std::string(s);
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size() + 16);
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = utf8_sequence_length(s, i);
    if (len == 0) {
      auto byte = static_cast<unsigned char>(s[i++]);
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xF];
      continue;
    }
    if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == 'x') out += '\\';
    out.append(s, i, len);
    i += len;
  }
  return out;
}

}  // namespace anth::util