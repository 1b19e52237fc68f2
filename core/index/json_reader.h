#pragma once
// A strict JSON reader over a text, for the parse codec (parse_codec.cpp): the caller pulls members and
// values in order; anything unexpected throws JsonMalformed. Numbers that are not finite are read from
// the strings "nan", "inf" and "-inf" (json_writer.h writes them so). Header-only so that the codec's
// calls inline.
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/index/json_text.h"

namespace anth::index::detail {

struct JsonMalformed {};

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  void ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r')) ++p_;
  }
  char peek() {
    ws();
    if (p_ >= end_) throw JsonMalformed();
    return *p_;
  }
  void expect(char c) {
    if (peek() != c) throw JsonMalformed();
    ++p_;
  }
  bool at_end() {
    ws();
    return p_ == end_;
  }

  // Objects: begin_object(), then `while (next_key(key))` reads each member's key and its ':'.
  void begin_object() {
    expect('{');
    first_ = true;
  }
  bool next_key(std::string& key) {
    if (!next_member('}')) return false;
    string_into(key);
    expect(':');
    return true;
  }
  // Arrays: begin_array(), then `while (next_item())`.
  void begin_array() {
    expect('[');
    first_ = true;
  }
  bool next_item() { return next_member(']'); }
  // Nested containers reset the comma state; callers save and restore it around them.
  bool first() const { return first_; }
  void set_first(bool f) { first_ = f; }

  std::string string() {
    std::string s;
    string_into(s);
    return s;
  }

  void string_into(std::string& out) {
    expect('"');
    // Most strings have no escape: one scan (plain_run) and one copy.
    const std::size_t plain = plain_run(p_, end_);
    if (plain < static_cast<std::size_t>(end_ - p_) && p_[plain] == '"') {
      out.assign(p_, plain);
      p_ += plain + 1;
      return;
    }
    // The encoded length bounds the decoded one (an escape is never shorter than what it stands for):
    // the string is sized to it once and written through a pointer, then cut to what was written.
    const char* q = p_ + plain;
    for (;;) {
      q += plain_run(q, end_);
      if (q >= end_ || *q == '"') break;
      q += *q == '\\' && end_ - q > 1 ? 2 : 1;  // an escape, or a control character the decoding below refuses
    }
    out.resize(static_cast<std::size_t>(q - p_) + 4);  // + the longest character, so each write is checked simply
    char* w = out.data();
    const char* const room = out.data() + out.size() - 4;
    for (;;) {
      std::size_t run = plain_run(p_, end_);
      if (static_cast<std::ptrdiff_t>(run) > room - w) throw JsonMalformed();  // cannot be: a bound, not a trust
      std::memcpy(w, p_, run);
      w += run;
      p_ += run;
      if (closed()) break;
      w = put_utf8(w, escape());
    }
    out.resize(static_cast<std::size_t>(w - out.data()));
  }

  // Past a string without keeping it (a member this reader skips: the markdown body of a parse is most
  // of its bytes), checked as string_into checks it.
  void skip_string() {
    expect('"');
    for (;;) {
      p_ += plain_run(p_, end_);
      if (closed()) return;
      escape();
    }
  }

  std::int64_t integer() {
    ws();
    std::int64_t v = 0;
    auto [next, ec] = std::from_chars(p_, end_, v);
    if (ec != std::errc() || next == p_) throw JsonMalformed();
    if (next < end_ && (*next == '.' || *next == 'e' || *next == 'E')) throw JsonMalformed();
    p_ = next;
    return v;
  }

  int int32() {
    std::int64_t v = integer();
    if (v < INT32_MIN || v > INT32_MAX) throw JsonMalformed();
    return static_cast<int>(v);
  }

  double number() {
    if (peek() == '"') {
      std::string s = string();
      if (s == "nan") return std::nan("");
      if (s == "inf") return INFINITY;
      if (s == "-inf") return -INFINITY;
      throw JsonMalformed();
    }
    if (*p_ != '-' && (*p_ < '0' || *p_ > '9')) throw JsonMalformed();
    double v = 0;
    auto [next, ec] = std::from_chars(p_, end_, v);
    if (ec != std::errc() || next == p_) throw JsonMalformed();
    p_ = next;
    return v;
  }

  bool boolean() {
    ws();
    if (literal("true")) return true;
    if (literal("false")) return false;
    throw JsonMalformed();
  }

  bool null() {
    ws();
    return literal("null");
  }

  // Skips any value (for members this version does not know).
  void skip(int depth = 0) {
    if (depth > 64) throw JsonMalformed();
    char c = peek();
    if (c == '"') {
      skip_string();
    } else if (c == '{') {
      begin_object();
      std::string key;
      while (next_key(key)) {
        bool f = first_;
        skip(depth + 1);
        first_ = f;
      }
    } else if (c == '[') {
      begin_array();
      while (next_item()) {
        bool f = first_;
        skip(depth + 1);
        first_ = f;
      }
    } else if (c == 't' || c == 'f') {
      boolean();
    } else if (c == 'n') {
      if (!null()) throw JsonMalformed();
    } else {
      number();
    }
  }

 private:
  // Past the container's `close` (false), or past the comma before its next member (true).
  bool next_member(char close) {
    char c = peek();
    if (c == close) {
      ++p_;
      return false;
    }
    if (!first_) {
      if (c != ',') throw JsonMalformed();
      ++p_;
    }
    first_ = false;
    return true;
  }
  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::memcmp(p_, word.data(), word.size()) != 0)
      return false;
    p_ += word.size();
    return true;
  }

  // At the end of a plain run: true past the closing quote, false at a backslash; anything else (the
  // end, a control character) is malformed.
  bool closed() {
    if (p_ >= end_ || static_cast<unsigned char>(*p_) < 0x20) throw JsonMalformed();
    if (*p_ != '"') return false;
    ++p_;
    return true;
  }
  // The character an escape stands for, read past its backslash.
  unsigned escape() {
    ++p_;  // the backslash
    if (p_ >= end_) throw JsonMalformed();
    switch (*p_++) {
      case '"': return '"';
      case '\\': return '\\';
      case '/': return '/';
      case 'b': return '\b';
      case 'f': return '\f';
      case 'n': return '\n';
      case 'r': return '\r';
      case 't': return '\t';
      case 'u': return code_point();
      default: throw JsonMalformed();
    }
  }

  unsigned hex4() {
    if (end_ - p_ < 4) throw JsonMalformed();
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = *p_++;
      v <<= 4;
      if (c >= '0' && c <= '9') v |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f') v |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= static_cast<unsigned>(c - 'A' + 10);
      else throw JsonMalformed();
    }
    return v;
  }

  unsigned code_point() {
    unsigned cp = hex4();
    if (cp >= 0xD800 && cp <= 0xDBFF) {  // a surrogate pair
      if (end_ - p_ < 6 || p_[0] != '\\' || p_[1] != 'u') throw JsonMalformed();
      p_ += 2;
      unsigned low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) throw JsonMalformed();
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      throw JsonMalformed();
    }
    return cp;
  }

  static char* put_utf8(char* w, unsigned cp) {
    if (cp < 0x80) {
      *w++ = static_cast<char>(cp);
    } else if (cp < 0x800) {
      *w++ = static_cast<char>(0xC0 | (cp >> 6));
      *w++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      *w++ = static_cast<char>(0xE0 | (cp >> 12));
      *w++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      *w++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      *w++ = static_cast<char>(0xF0 | (cp >> 18));
      *w++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      *w++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      *w++ = static_cast<char>(0x80 | (cp & 0x3F));
    }
    return w;
  }

  const char* p_;
  const char* end_;
  bool first_ = true;
};

// Runs `item` for each element of an array, keeping the reader's comma state across nested values.
template <class F>
void each_item(JsonReader& r, F item) {
  r.begin_array();
  while (r.next_item()) {
    bool f = r.first();
    item();
    r.set_first(f);
  }
}

// Reads an array of exactly `size` elements, a record written by position: `field(i)` reads element i.
template <class F>
void each_field(JsonReader& r, int size, F field) {
  int i = 0;
  each_item(r, [&] {
    if (i == size) throw JsonMalformed();
    field(i++);
  });
  if (i != size) throw JsonMalformed();
}

// Runs `member(key)` for each member of an object.
template <class F>
void each_member(JsonReader& r, F member) {
  r.begin_object();
  std::string key;
  while (r.next_key(key)) {
    bool f = r.first();
    member(std::string_view(key));
    r.set_first(f);
  }
}

// An array of strings.
inline std::vector<std::string> read_strings(JsonReader& r) {
  std::vector<std::string> out;
  each_item(r, [&] { out.push_back(r.string()); });
  return out;
}

}  // namespace anth::index::detail
