#include "core/rules/rule_support.h"

#include <charconv>

namespace anth::rules {

Location file_start(const Note& note) { return {note.path, 1, 1}; }

Location value_location(const Note& note, std::string_view key) {
  const Field* f = note.field(key);
  if (!f) return file_start(note);
  return f->items.empty() ? f->where : f->items.front().where;
}

bool is_kind(const graph::Graph& graph, std::size_t v, Kind kind) { return graph.note(v).kind == kind; }

std::string with_year(const graph::Graph& graph, std::size_t v) {
  std::string text = graph.note(v).id;
  if (auto y = graph.year(v)) text += " (" + std::to_string(*y) + ")";
  return text;
}

std::optional<std::size_t> first_target(const graph::Graph& graph, std::size_t v, std::string_view kind) {
  if (auto e = first_edge(graph, v, kind)) return e->to;
  return std::nullopt;
}

std::optional<graph::Edge> first_edge(const graph::Graph& graph, std::size_t v, std::string_view kind) {
  std::vector<graph::Edge> edges = graph.out_edges(v, kind);
  if (edges.empty()) return std::nullopt;
  return edges.front();
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

std::string format_number(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (ec != std::errc()) return std::to_string(value);
  return std::string(buffer, end);
}

}  // namespace anth::rules
