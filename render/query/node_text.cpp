#include "render/query/node_text.h"

#include "core/util/terminal_text.h"

namespace anth::render::query {

using anth::query::NodeRef;
using anth::query::StoredFinding;

std::string citation(const std::vector<std::string>& authors, std::optional<int> year, const std::string& arxiv) {
  std::string out;
  for (std::size_t i = 0; i < authors.size(); ++i) {
    if (i > 0) out += i + 1 == authors.size() ? " and " : ", ";
    out += authors[i];
  }
  if (year) out += (out.empty() ? "(" : " (") + std::to_string(*year) + ")";
  if (!arxiv.empty()) out += (out.empty() ? "" : " — ") + std::string("ARXIV-") + arxiv;
  return out;
}

std::string relation_words(std::string_view relation) {
  std::string out(relation);
  for (char& c : out)
    if (c == '_') c = ' ';
  return out;
}

std::string outgoing_heading(std::string_view relation) {
  std::string out = relation_words(relation);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string incoming_heading(std::string_view relation) {
  if (relation == "mentions") return "Mentioned by";
  return "Cited as \"" + relation_words(relation) + "\" by";
}

std::string ref_text(const NodeRef& ref) {
  std::string id = util::escape_for_terminal(ref.id);
  return ref.title.empty() ? id : id + " — " + util::escape_for_terminal(ref.title);
}

std::string finding_lines(const std::vector<StoredFinding>& findings, const std::string& indent) {
  std::string out;
  for (const StoredFinding& f : findings) {
    out += indent + util::escape_for_terminal(f.file) + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + ": " +
           f.severity + ": " + util::escape_for_terminal(f.message) + " [" + f.rule + (f.name.empty() ? "" : " " + f.name) + "]\n";
    auto related = ordered_json::parse(f.related_json, nullptr, false);
    if (!related.is_array()) continue;
    for (const auto& r : related)
      if (r.is_object())
        out += indent + "  " + util::escape_for_terminal(r.value("file", std::string())) + ":" +
               std::to_string(r.value("line", 1)) + ":" + std::to_string(r.value("col", r.value("column", 1))) +
               ": note: " + util::escape_for_terminal(r.value("message", std::string())) + "\n";
  }
  return out;
}

ordered_json ref_json(const NodeRef& ref) {
  ordered_json j;
  j["id"] = ref.id;
  j["kind"] = ref.kind.empty() ? ordered_json(nullptr) : ordered_json(ref.kind);
  j["title"] = ref.title;
  j["year"] = ref.year ? ordered_json(*ref.year) : ordered_json(nullptr);
  j["status"] = ref.status.empty() ? ordered_json(nullptr) : ordered_json(ref.status);
  return j;
}

ordered_json finding_json(const StoredFinding& f) {
  ordered_json j;
  j["rule"] = f.rule;
  j["name"] = f.name;
  j["severity"] = f.severity;
  j["file"] = f.file;
  j["line"] = f.line;
  j["column"] = f.column;
  j["message"] = f.message;
  ordered_json related = ordered_json::array();
  auto stored = ordered_json::parse(f.related_json, nullptr, false);
  if (stored.is_array())
    for (const auto& r : stored)
      if (r.is_object())
        related.push_back({{"file", r.value("file", std::string())},
                         {"line", r.value("line", 1)},
                         {"column", r.value("col", r.value("column", 1))},
                         {"message", r.value("message", std::string())}});
  j["related"] = std::move(related);
  return j;
}

ordered_json findings_json(const std::vector<StoredFinding>& findings) {
  ordered_json out = ordered_json::array();
  for (const StoredFinding& f : findings) out.push_back(finding_json(f));
  return out;
}

std::string dump(const ordered_json& value) {
  return value.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace anth::render::query
