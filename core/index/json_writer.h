#pragma once
// A small JSON writer into one string, for the parse codec (parse_codec.cpp), which writes every note of
// the corpus on a run: members and values are appended in order by the caller, strings are copied in runs
// between the characters that need escaping, and numbers are written as the shortest text that reads
// back exactly. Header-only so that the codec's calls inline.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/index/json_text.h"

namespace anth::index::detail {

class JsonWriter {
 public:
  explicit JsonWriter(std::size_t reserve) { out_.reserve(reserve); }
  // A large note's encoding is kept until the index has it: no slack from growing the buffer.
  std::string take() {
    if (out_.capacity() > out_.size() + out_.size() / 4 + 4096) out_.shrink_to_fit();
    return std::move(out_);
  }

  void raw(char c) { out_.push_back(c); }
  void raw(std::string_view s) { out_.append(s); }
  // `"name":`, preceded by a comma unless it is the first member.
  void key(std::string_view name, bool first = false) {
    if (!first) out_.push_back(',');
    out_.push_back('"');
    out_.append(name);
    out_.append("\":", 2);
  }

  void string(std::string_view s) {
    out_.push_back('"');
    const char* p = s.data();
    const char* end = p + s.size();
    for (;;) {
      std::size_t run = plain_run(p, end);
      out_.append(p, run);
      p += run;
      if (p == end) break;
      unsigned char c = static_cast<unsigned char>(*p++);
      switch (c) {
        case '"': out_.append("\\\"", 2); break;
        case '\\': out_.append("\\\\", 2); break;
        case '\n': out_.append("\\n", 2); break;
        case '\t': out_.append("\\t", 2); break;
        case '\r': out_.append("\\r", 2); break;
        case '\b': out_.append("\\b", 2); break;
        case '\f': out_.append("\\f", 2); break;
        default: {
          static constexpr char hex[] = "0123456789abcdef";
          char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
          out_.append(esc, 6);
        }
      }
    }
    out_.push_back('"');
  }

  void integer(std::int64_t v) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, static_cast<std::size_t>(end - buf));
  }

  void boolean(bool v) { out_.append(v ? "true" : "false"); }

  void number(double v) {
    if (std::isnan(v)) return string("nan");
    if (std::isinf(v)) return string(v > 0 ? "inf" : "-inf");
    char buf[40];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
    out_.append(buf, static_cast<std::size_t>(end - buf));
  }

  void hex64(std::uint64_t v) {
    static constexpr char hex[] = "0123456789abcdef";
    char buf[18];
    buf[0] = buf[17] = '"';
    for (int i = 16; i >= 1; --i, v >>= 4) buf[i] = hex[v & 15];
    out_.append(buf, 18);
  }

  void strings(const std::vector<std::string>& list) {
    out_.push_back('[');
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i) out_.push_back(',');
      string(list[i]);
    }
    out_.push_back(']');
  }

 private:
  std::string out_;
};

}  // namespace anth::index::detail
