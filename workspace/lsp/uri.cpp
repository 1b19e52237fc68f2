#include "workspace/lsp/uri.h"

#include <cctype>

namespace anth::workspace::lsp {

namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

bool kept(unsigned char c) { return std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~'; }

}  // namespace

std::optional<std::filesystem::path> path_of_uri(std::string_view uri) {
  constexpr std::string_view scheme = "file://";
  if (uri.size() < scheme.size()) return std::nullopt;
  for (std::size_t i = 0; i < scheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(uri[i])) != scheme[i]) return std::nullopt;
  uri.remove_prefix(scheme.size());
  if (std::size_t slash = uri.find('/'); slash != 0) {  // an authority: only "localhost" is this machine
    if (slash == std::string_view::npos || uri.substr(0, slash) != "localhost") return std::nullopt;
    uri.remove_prefix(slash);
  }
  if (std::size_t cut = uri.find_first_of("?#"); cut != std::string_view::npos) uri = uri.substr(0, cut);
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] != '%') {
      out.push_back(uri[i]);
      continue;
    }
    if (i + 2 >= uri.size()) return std::nullopt;
    int hi = hex(uri[i + 1]), lo = hex(uri[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    char c = static_cast<char>(hi * 16 + lo);
    if (c == '\0') return std::nullopt;
    out.push_back(c);
    i += 2;
  }
  return std::filesystem::path(out).lexically_normal();
}

std::string uri_of_path(const std::filesystem::path& path) {
  static const char digits[] = "0123456789ABCDEF";
  std::string out = "file://";
  for (unsigned char c : path.generic_string()) {
    if (kept(c)) out.push_back(static_cast<char>(c));
    else out += {'%', digits[c >> 4], digits[c & 15]};
  }
  return out;
}

}  // namespace anth::workspace::lsp
