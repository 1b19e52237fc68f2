#include "core/graph/link_path.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "core/util/case_fold.h"

namespace anth::graph {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string_view folder_of(std::string_view path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

std::string join_relative(std::string_view folder, std::string_view relative) {
  std::vector<std::string_view> parts;
  auto push_segments = [&](std::string_view s) -> bool {
    while (!s.empty()) {
      std::size_t slash = s.find('/');
      std::string_view seg = s.substr(0, slash);
      s = slash == std::string_view::npos ? std::string_view{} : s.substr(slash + 1);
      if (seg.empty() || seg == ".") continue;
      if (seg == "..") {
        if (parts.empty()) return false;
        parts.pop_back();
      } else {
        parts.push_back(seg);
      }
    }
    return true;
  };
  if (!relative.starts_with('/') && !push_segments(folder)) return {};
  if (!push_segments(relative)) return {};
  std::string out;
  for (std::string_view p : parts) (out.empty() ? out : out += '/') += p;
  return out;
}

bool names_attachment(std::string_view written) {
  static constexpr std::array<std::string_view, 22> extensions = {
      "png", "jpg", "jpeg", "gif", "bmp", "svg", "webp", "avif", "mp3", "wav", "m4a", "ogg", "3gp", "flac", "webm",
      "mp4", "mkv", "mov", "ogv", "pdf", "canvas", "base"};
  std::size_t dot = written.find_last_of('.');
  if (dot == std::string_view::npos || written.find('/', dot) != std::string_view::npos) return false;
  std::string ext = util::fold_case(written.substr(dot + 1));
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

}  // namespace anth::graph