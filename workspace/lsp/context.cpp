#include "workspace/lsp/context.h"

#include <algorithm>

#include "core/model/wikilink_text.h"
#include "core/util/contained_file.h"
#include "workspace/lsp/targets.h"
#include "workspace/lsp/uri.h"

namespace anth::workspace::lsp {

namespace fs = std::filesystem;

void Context::set_root(const fs::path& root) {
  root_ = fs::absolute(root).lexically_normal();
  root_real_ = util::real_root(root_);
}

std::optional<std::string> Context::path_of(const std::string& uri) const {
  auto path = path_of_uri(uri);
  if (!path) return std::nullopt;
  for (const fs::path& base : {root_, root_real_}) {
    fs::path rel = path->lexically_relative(base);
    std::string r = rel.generic_string();
    if (!rel.empty() && r != "." && !r.starts_with("../") && r != "..") return r;
  }
  return std::nullopt;
}

std::string Context::uri_of(const std::string& path) const { return uri_of_path(root_ / path); }

std::unique_ptr<Text> Context::text_of(const std::string& path) const {
  if (auto it = open.find(path); it != open.end()) return std::make_unique<Text>(it->second.text);
  std::uint64_t limit = workspace ? workspace->config().max_note_bytes : (8u << 20);
  auto bytes = util::read_inside(root_real_, path, limit);
  if (!bytes || bytes->size() > limit) return nullptr;
  return std::make_unique<Text>(std::move(*bytes));
}

const Note* Context::note_at(const std::string& path) const {
  if (!workspace) return nullptr;
  const auto& notes = workspace->corpus().notes;
  auto it = std::lower_bound(notes.begin(), notes.end(), path, [](const Note& n, const std::string& p) { return n.path < p; });
  return it != notes.end() && it->path == path ? &*it : nullptr;
}

const Note* Context::note_of(std::string_view id) const { return workspace ? workspace->corpus().find(id) : nullptr; }

Range Context::range_at(const Text& text, int line, int column) const {
  std::string_view l = text.lines.line(line - 1);
  std::size_t start = static_cast<std::size_t>(text.lines.byte_of(line - 1, column));
  std::size_t end = l.size(), from = start;
  if (start > 0 && l[start - 1] == '!' && l.substr(start, 2) == "[[") --from;
  std::size_t close = markdown_link_close(l, start);
  if (l.substr(start, 2) == "[[") {
    if (auto span = WikilinkFinder(l).at(start)) end = span->close + 2;
  } else if (close != std::string_view::npos) {  // a markdown link, to its ')'
    end = close + 1;
  } else {
    std::size_t stop = l.find_first_of(" \t,:]", start);
    if (stop != std::string_view::npos && stop > start) end = stop;
  }
  return {text.lines.position(line - 1, static_cast<int>(from), encoding), text.lines.position(line - 1, static_cast<int>(end), encoding)};
}

json Context::location(const Text& text, const std::string& path, int line, int column) const {
  return {{"uri", uri_of(path)}, {"range", to_json(range_at(text, line, column))}};
}

Context::Document Context::document(const json& params) const {
  std::string uri = params.at("textDocument").at("uri").get<std::string>();
  auto path = path_of(uri);
  if (!path) throw RequestError(request_failed, uri + " is not a file of the corpus");
  Document d;
  d.path = *path;
  d.note = note_at(*path);
  d.text = text_of(*path);
  if (!d.text) d.text = std::make_unique<Text>("");
  return d;
}

std::pair<int, int> Context::byte_position(const json& params, const Text& text) const {
  Position p{params.at("position").at("line").get<int>(), params.at("position").at("character").get<int>()};
  int column = text.lines.byte_column(p, encoding);
  if (column < 0) return {p.line, -1};
  return {p.line, column};
}

}  // namespace anth::workspace::lsp
