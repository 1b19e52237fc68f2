#include "workspace/lsp/text_sync.h"

namespace anth::workspace::lsp {

namespace {

// The byte offset of a position in the text (clamped to the text).
std::size_t offset_of(const std::string& text, const TextLines& lines, Position p, Encoding encoding) {
  if (p.line < 0) return 0;
  if (p.line >= lines.count()) return text.size();
  std::size_t line_start = static_cast<std::size_t>(lines.line(p.line).data() - text.data());
  return line_start + static_cast<std::size_t>(lines.byte_column(p, encoding));
}

Position position_of(const json& p) { return {p.at("line").get<int>(), p.at("character").get<int>()}; }

// What the scan takes for a note (docs/format.md, "Which files are notes"): a .md file, no part of its
// path hidden.
bool is_note_path(const std::string& path) {
  if (!path.ends_with(".md")) return false;
  std::size_t start = 0;
  while (start < path.size()) {
    if (path[start] == '.') return false;
    std::size_t slash = path.find('/', start);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return true;
}

}  // namespace

std::string apply_change(const std::string& text, const json& change, Encoding encoding) {
  if (!change.contains("range")) return change.at("text").get<std::string>();
  TextLines lines(text);
  std::size_t from = offset_of(text, lines, position_of(change["range"].at("start")), encoding);
  std::size_t to = offset_of(text, lines, position_of(change["range"].at("end")), encoding);
  if (to < from) std::swap(from, to);
  return text.substr(0, from) + change.at("text").get<std::string>() + text.substr(to);
}

std::vector<std::string> TextSync::receive(Context& context, const std::string& method, const json& params) {
  std::vector<std::string> problems;
  if (method == "workspace/didChangeWatchedFiles") {
    for (const json& change : params.at("changes")) {
      auto path = context.path_of(change.at("uri").get<std::string>());
      if (path && !context.open.count(*path)) from_disk_.insert(*path);
    }
    return problems;
  }
  std::string uri = params.at("textDocument").at("uri").get<std::string>();
  auto path = context.path_of(uri);
  if (!path) {
    problems.push_back(method + ": " + uri + " is not a file of the corpus; ignored");
    return problems;
  }
  if (!is_note_path(*path)) {
    problems.push_back(method + ": " + *path + " is no note (a note is a .md file outside hidden folders); ignored");
    return problems;
  }
  if (method == "textDocument/didOpen") {
    const json& doc = params["textDocument"];
    context.open[*path] = {doc.at("text").get<std::string>(), doc.value("version", 0)};
    texts_[*path] = context.open[*path].text;
    closed_.erase(*path);
  } else if (method == "textDocument/didChange") {
    auto it = context.open.find(*path);
    if (it == context.open.end()) {
      problems.push_back(method + ": " + *path + " was never opened; ignored");
      return problems;
    }
    for (const json& change : params.at("contentChanges")) it->second.text = apply_change(it->second.text, change, context.encoding);
    it->second.version = params["textDocument"].value("version", it->second.version);
    texts_[*path] = it->second.text;
  } else if (method == "textDocument/didSave") {
    auto it = context.open.find(*path);
    if (params.contains("text") && params["text"].is_string() && it != context.open.end()) {
      it->second.text = params["text"].get<std::string>();
      texts_[*path] = it->second.text;
    }
    saved_.insert(*path);
  } else if (method == "textDocument/didClose") {
    context.open.erase(*path);
    texts_.erase(*path);
    from_disk_.insert(*path);  // the file as saved is the note again
    closed_.insert(*path);
  }
  return problems;
}

TextSync::Applied TextSync::apply(workspace::Workspace& workspace) {
  Applied out;
  for (const auto& [path, text] : texts_) workspace.update_text(path, text);
  for (const std::string& path : from_disk_) workspace.update_from_disk(path);
  if (!texts_.empty() || !from_disk_.empty()) {
    workspace.refresh();
    out.refreshed = true;
  }
  out.saved.assign(saved_.begin(), saved_.end());
  out.cleared.assign(closed_.begin(), closed_.end());
  texts_.clear();
  from_disk_.clear();
  saved_.clear();
  closed_.clear();
  return out;
}

}  // namespace anth::workspace::lsp
