#include "workspace/lsp/targets.h"

#include "core/model/wikilink_text.h"

namespace anth::workspace::lsp {

namespace {

std::optional<Target> body_link_at(const Note& note, const TextLines& lines, int line, int column) {
  std::string_view line_text = lines.line(line);
  for (const Wikilink& w : note.wikilinks) {
    if (w.where.line - 1 != line) continue;
    std::size_t open = static_cast<std::size_t>(lines.byte_of(line, w.where.column));
    auto span = WikilinkFinder(line_text).at(open);
    if (!span) continue;
    int start = static_cast<int>(open) - (open > 0 && line_text[open - 1] == '!' ? 1 : 0);
    int end = static_cast<int>(span->close + 2);
    if (column < start || column >= end) continue;
    Target t;
    t.id = w.resolved;
    t.heading = w.heading;
    t.written = w.target;
    t.line = line;
    t.start = start;
    t.end = end;
    std::size_t at = w.target.empty() ? std::string_view::npos : line_text.find(w.target, open + 2);
    t.written_at = at == std::string_view::npos || at >= span->close ? -1 : static_cast<int>(at);
    return t;
  }
  return std::nullopt;
}

// A markdown link to a note's file (`[text](../lit/LIT-2.md#Method)`) from '[' to ')': its relation
// (Origin::Link, at the '[') knows the note; the heading is its body link's.
std::optional<Target> file_link_at(const Note& note, const TextLines& lines, int line, int column) {
  std::string_view line_text = lines.line(line);
  for (const Relation& r : note.relations) {
    if (r.origin != Origin::Link || r.where.line - 1 != line) continue;
    std::size_t start = static_cast<std::size_t>(lines.byte_of(line, r.where.column));
    std::size_t close = markdown_link_close(line_text, start);
    if (close == std::string_view::npos || column < static_cast<int>(start) || column > static_cast<int>(close)) continue;
    Target t;
    t.id = r.to;
    t.written = r.written;
    t.line = line;
    t.start = static_cast<int>(start);
    t.end = static_cast<int>(close + 1);
    for (const BodyLink& l : note.rendered.links)
      if (l.file && l.target == r.written && note.body_line + l.line - 1 == r.where.line) {
        t.heading = l.heading;
        break;
      }
    std::size_t at = line_text.find(r.written, line_text.find("](", start) + 2);
    t.written_at = at == std::string_view::npos || at >= close ? -1 : static_cast<int>(at);
    return t;
  }
  return std::nullopt;
}

std::optional<Target> field_value_at(const Note& note, const TextLines& lines, int line, int column) {
  std::string_view line_text = lines.line(line);
  for (const Field& f : note.fields) {
    for (const FieldValue& v : f.items) {
      if (v.where.line - 1 != line) continue;
      int start = lines.byte_of(line, v.where.column);
      std::size_t at = line_text.find(v.text, static_cast<std::size_t>(start));
      int end = at == std::string_view::npos ? start + static_cast<int>(v.text.size()) : static_cast<int>(at + v.text.size());
      if (end < static_cast<int>(line_text.size()) && (line_text[end] == '"' || line_text[end] == '\'')) ++end;
      if (column < start || column >= end) continue;
      Target t;
      t.line = line;
      t.start = start;
      t.end = end;
      if (f.key == "id" && f.origin == Origin::Frontmatter) {
        t.what = Target::What::OwnId;
        t.id = note.id;
        t.written = v.text;
        t.written_at = at == std::string_view::npos ? -1 : static_cast<int>(at);
        return t;
      }
      for (const Relation& r : note.relations) {
        if (r.where != v.where) continue;
        t.what = Target::What::Relation;
        t.id = r.to;
        t.written = r.written;
        if (auto whole = whole_wikilink(v.text)) t.heading = std::string(whole->heading);
        std::size_t w = line_text.find(r.written, static_cast<std::size_t>(start));
        t.written_at = w == std::string_view::npos || static_cast<int>(w) >= end ? -1 : static_cast<int>(w);
        return t;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::size_t markdown_link_close(std::string_view line, std::size_t open) {
  if (line.substr(open, 1) != "[" && line.substr(open, 2) != "![") return std::string_view::npos;
  std::size_t url = line.find("](", open);
  return url == std::string_view::npos ? url : line.find(')', url + 2);
}

std::optional<Target> target_at(const Context::Document& doc, int line, int column) {
  if (!doc.note || column < 0) return std::nullopt;
  if (auto t = body_link_at(*doc.note, doc.text->lines, line, column)) return t;
  if (auto t = file_link_at(*doc.note, doc.text->lines, line, column)) return t;
  return field_value_at(*doc.note, doc.text->lines, line, column);
}

std::optional<Target> target_at(const Context& context, const Context::Document& doc, const json& params) {
  auto [line, column] = context.byte_position(params, *doc.text);
  return target_at(doc, line, column);
}

std::vector<Mention> mentions_of(const Context& context, const std::string& id) {
  std::vector<Mention> out;
  if (id.empty() || !context.workspace) return out;
  for (const Note& n : context.workspace->corpus().notes)
    for (const Relation& r : n.relations)
      if (r.to == id) out.push_back({&n, &r});
  return out;
}

}  // namespace anth::workspace::lsp
