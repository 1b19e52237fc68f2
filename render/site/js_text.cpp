#include "render/site/js_text.h"

#include <nlohmann/json.hpp>

namespace anth::render::site {

std::string js_safe(std::string json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) {
    if (c == '<') out += "\\u003c";  // '<' only ever occurs inside a string
    else out += c;
  }
  return out;
}

std::string_view utf8_prefix(std::string_view s, std::size_t limit) {
  if (s.size() <= limit) return s;
  std::size_t n = limit;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

namespace {

// The code point of the well-formed UTF-8 sequence at s[i] (advancing i), or -1.
long next_code_point(std::string_view s, std::size_t& i) {
  auto byte = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  unsigned b0 = byte(i);
  if (b0 < 0x80) return ++i, static_cast<long>(b0);
  auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) { return byte(k) >= lo && byte(k) <= hi; };
  long cp;
  if (b0 >= 0xC2 && b0 <= 0xDF && cont(i + 1)) {
    cp = (b0 & 0x1F) << 6 | (byte(i + 1) & 0x3F);
    i += 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF && cont(i + 1, b0 == 0xE0 ? 0xA0 : 0x80, b0 == 0xED ? 0x9F : 0xBF) && cont(i + 2)) {
    cp = (b0 & 0x0F) << 12 | (byte(i + 1) & 0x3F) << 6 | (byte(i + 2) & 0x3F);
    i += 3;
  } else if (b0 >= 0xF0 && b0 <= 0xF4 && cont(i + 1, b0 == 0xF0 ? 0x90 : 0x80, b0 == 0xF4 ? 0x8F : 0xBF) && cont(i + 2) &&
             cont(i + 3)) {
    cp = static_cast<long>((b0 & 0x07) << 18 | (byte(i + 1) & 0x3F) << 12 | (byte(i + 2) & 0x3F) << 6 | (byte(i + 3) & 0x3F));
    i += 4;
  } else {
    return -1;
  }
  return cp;
}

}  // namespace

// A string as js_json writes it, appended to `out`, without building a JSON value: the snippet text
// of every document goes through here. Text that is not well-formed UTF-8 takes js_json's own path.
void append_js_string(std::string& out, std::string_view s) {
  std::size_t start = out.size();
  out += '"';
  static const char* hex = "0123456789abcdef";
  auto escape = [&](unsigned u) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(u >> shift) & 0xF];
  };
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '<') {
      std::size_t run = i + 1;
      while (run < s.size()) {
        unsigned char d = static_cast<unsigned char>(s[run]);
        if (d < 0x20 || d >= 0x7F || d == '"' || d == '\\' || d == '<') break;
        ++run;
      }
      out.append(s, i, run - i);
      i = run;
      continue;
    }
    long cp = next_code_point(s, i);
    switch (cp) {
      case -1:
        out.resize(start);
        out += js_safe(nlohmann::json(std::string(s)).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace));
        return;
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (cp <= 0xFFFF) {
          escape(static_cast<unsigned>(cp));
        } else {
          escape(0xD7C0u + static_cast<unsigned>(cp >> 10));
          escape(0xDC00u + static_cast<unsigned>(cp & 0x3FF));
        }
    }
  }
  out += '"';
}

std::size_t utf16_length(std::string_view s) {
  std::size_t n = 0;
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if ((u & 0xC0) != 0x80) ++n;  // a code point starts
    if (u >= 0xF0) ++n;           // beyond the BMP: a surrogate pair
  }
  return n;
}

}  // namespace anth::render::site
