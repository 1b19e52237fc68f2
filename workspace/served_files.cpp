// What the server decides by a request's path alone: which file of the site it names, its type, and
// the live-reload script added to pages (workspace/site_server.h).
#include <array>
#include <cctype>
#include <string>
#include <utility>

#include "core/graph/link_path.h"
#include "workspace/site_server.h"

namespace anth::workspace {

std::optional<std::string> request_path(std::string_view target) {
  target = target.substr(0, target.find_first_of("?#"));
  // graph::percent_decode keeps a malformed escape as written; a request holding one is refused.
  auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t i = target.find('%'); i != std::string_view::npos; i = target.find('%', i + 1))
    if (i + 2 >= target.size() || !hex(target[i + 1]) || !hex(target[i + 2])) return std::nullopt;
  return graph::percent_decode(target);
}

std::optional<std::string> site_path(std::string_view decoded) {
  if (decoded.empty() || decoded[0] != '/') return std::nullopt;
  std::string path(decoded.substr(1));
  if (path.empty() || path.back() == '/') path += "index.html";
  if (path.find('\\') != std::string::npos || path.find('\0') != std::string::npos) return std::nullopt;
  for (std::size_t start = 0;;) {
    std::size_t slash = path.find('/', start);
    std::string_view part = std::string_view(path).substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part.empty() || part == "." || part == "..") return std::nullopt;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return path;
}

std::string_view content_type(std::string_view path) {
  // The site's own files, and the attachments a vault's notes embed (copied into the site as they are).
  static const std::array<std::pair<std::string_view, std::string_view>, 32> types = {{
      {".html", "text/html; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"}, {".json", "application/json"},
      {".svg", "image/svg+xml"}, {".png", "image/png"},
      {".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"},
      {".gif", "image/gif"}, {".webp", "image/webp"},
      {".avif", "image/avif"}, {".bmp", "image/bmp"},
      {".ico", "image/x-icon"}, {".mp3", "audio/mpeg"},
      {".wav", "audio/wav"}, {".ogg", "audio/ogg"},
      {".m4a", "audio/mp4"}, {".flac", "audio/flac"},
      {".mp4", "video/mp4"}, {".webm", "video/webm"},
      {".ogv", "video/ogg"}, {".mov", "video/quicktime"},
      {".pdf", "application/pdf"}, {".woff2", "font/woff2"},
      {".woff", "font/woff"}, {".ttf", "font/ttf"},
      {".xml", "application/xml"}, {".txt", "text/plain; charset=utf-8"},
      {".md", "text/plain; charset=utf-8"}, {".cpp", "text/plain; charset=utf-8"},
      {".bib", "text/plain; charset=utf-8"}, {".csv", "text/csv; charset=utf-8"},
  }};
  // Obsidian vaults hold "Photo.JPG" as often as "photo.jpg".
  std::string lower(path.substr(path.size() > 8 ? path.size() - 8 : 0));
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  for (const auto& [ending, type] : types)
    if (lower.size() >= ending.size() && std::string_view(lower).substr(lower.size() - ending.size()) == ending) return type;
  return "application/octet-stream";
}

// Listens to the server's events and reloads when this page is among the changed ones. The page's
// site path is its URL's path ("/" is index.html), percent-decoded as the server decodes it. A file of
// its own, not inline: the pages' Content-Security-Policy allows scripts from the site only.
std::string_view reload_script() {
  return "/* anthology serve: live reload (not in the built site) */\n(function () {\n"
         "  var p = decodeURIComponent(location.pathname).replace(/^\\/+/, '');\n"
         "  if (p === '' || p.slice(-1) === '/') p += 'index.html';\n"
         "  var s = new EventSource('/__anthology/events');\n"
         "  s.addEventListener('change', function (e) {\n"
         "    if (JSON.parse(e.data).pages.indexOf(p) >= 0) { s.close(); location.reload(); }\n"
         "  });\n})();\n";
}

std::string with_reload_script(std::string_view html) {
  std::string out(html);
  auto at = out.rfind("</body>");
  out.insert(at == std::string::npos ? out.size() : at, "<script src=\"/__anthology/reload.js\"></script>\n");
  return out;
}

}  // namespace anth::workspace
