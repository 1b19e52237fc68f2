#include "ingest/text_encoding.h"

#include <iconv.h>

#include <algorithm>
#include <optional>
#include <string_view>

#include "core/util/utf8.h"

namespace anth::ingest {

namespace {

// `bytes` converted from `encoding` to UTF-8, or nullopt when iconv does not know the encoding or
// the bytes are not text in it.
std::optional<std::string> convert(const std::string& bytes, const std::string& encoding) {
  iconv_t cd = iconv_open("UTF-8", encoding.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string out(bytes.size() * 4 + 16, '\0');  // UTF-8 takes at most 4 bytes per input byte (3 from UTF-16)
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size(), out_left = out.size();
  char* to = out.data();
  std::size_t done = iconv(cd, &in, &in_left, &to, &out_left);
  iconv_close(cd);
  if (done == static_cast<std::size_t>(-1) || in_left != 0) return std::nullopt;
  out.resize(out.size() - out_left);
  return out;
}

// The encoding a JabRef header names ("% Encoding: ISO8859_1" gives "ISO8859-1") in the file's first
// 512 bytes; only letters, digits, '-', '_' and '.' are taken, so that no iconv option rides along.
std::string declared_encoding(std::string_view bytes) {
  std::string_view head = bytes.substr(0, 512);
  for (std::size_t at = 0, end = 0; at < head.size(); at = end + 1) {
    end = std::min(head.find('\n', at), head.size());
    std::string_view line = head.substr(at, end - at);
    if (!line.starts_with('%')) continue;
    std::size_t key = line.find("Encoding:");
    if (key == std::string_view::npos) continue;
    std::string name;
    for (char c : line.substr(key + 9)) {
      bool word = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
      if (word || c == '_') name += c == '_' ? '-' : c;
      else if (!name.empty() || c != ' ') break;
    }
    return name;
  }
  return "";
}

}  // namespace

DecodedText to_utf8(std::string bytes) {
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.erase(0, 3);
  if (util::find_invalid_utf8(bytes) == std::string::npos) return {std::move(bytes), ""};
  if (bytes.starts_with("\xFF\xFE") || bytes.starts_with("\xFE\xFF"))
    if (auto text = convert(bytes, "UTF-16")) return {std::move(*text), "UTF-16"};
  if (std::string declared = declared_encoding(bytes); !declared.empty())
    if (auto text = convert(bytes, declared)) return {std::move(*text), declared};
  if (auto text = convert(bytes, "WINDOWS-1252")) return {std::move(*text), "windows-1252"};
  if (auto text = convert(bytes, "ISO-8859-1")) return {std::move(*text), "ISO-8859-1"};  // any byte is Latin-1
  return {std::move(bytes), ""};  // no iconv at all: the bytes as they are, which lint then reports (S008)
}

}  // namespace anth::ingest
