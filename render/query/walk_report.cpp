#include "render/query/walk_report.h"

#include "render/query/node_text.h"

namespace anth::render::query {

using anth::query::Cell;
using anth::query::Hop;

namespace {

ordered_json step_json(const Hop& h) {
  ordered_json s;
  s["relation"] = h.relation;
  s["source"] = h.forward ? h.parent : h.node.id;
  s["target"] = h.forward ? h.node.id : h.parent;
  s["file"] = h.where.file;
  s["line"] = h.where.line;
  s["column"] = h.where.column;
  return s;
}

ordered_json strings_json(const std::vector<std::string>& values) {
  ordered_json j = ordered_json::array();
  for (const auto& v : values) j.push_back(v);
  return j;
}

}  // namespace

std::string via_text(const Hop& hop) {
  if (hop.parent.empty()) return {};
  return hop.forward ? hop.parent + " -" + hop.relation + "->" : hop.parent + " <-" + hop.relation + "-";
}

std::string path_text(const std::vector<Hop>& hops) {
  std::string out;
  for (const Hop& h : hops) {
    if (h.parent.empty()) out += ref_text(h.node) + "\n";
    else out += "  " + std::string(h.forward ? "-[" : "<-[") + h.relation + (h.forward ? "]-> " : "]- ") + ref_text(h.node) + "\n";
  }
  return out;
}

std::string path_json(const std::vector<Hop>& hops, const std::vector<std::string>& via) {
  ordered_json j;
  j["from"] = hops.front().node.id;
  j["to"] = hops.back().node.id;
  j["via"] = strings_json(via);
  j["length"] = hops.size() - 1;
  ordered_json nodes = ordered_json::array(), steps = ordered_json::array();
  for (const Hop& h : hops) {
    nodes.push_back(ref_json(h.node));
    if (!h.parent.empty()) steps.push_back(step_json(h));
  }
  j["nodes"] = std::move(nodes);
  j["steps"] = std::move(steps);
  return dump(j);
}

anth::query::ResultTable neighbors_table(const std::vector<Hop>& hops) {
  anth::query::ResultTable t;
  t.columns = {"depth", "id", "kind", "via", "title"};
  for (const Hop& h : hops)
    t.rows.push_back({Cell::of(static_cast<std::int64_t>(h.depth)), Cell::of(h.node.id), Cell::of(h.node.kind),
                      Cell::of(via_text(h)), Cell::of(h.node.title)});
  return t;
}

std::string neighbors_json(const std::vector<Hop>& hops, int depth, const std::vector<std::string>& relations) {
  ordered_json j;
  j["id"] = hops.front().node.id;
  j["depth"] = depth;
  j["relations"] = strings_json(relations);
  ordered_json nodes = ordered_json::array();
  for (const Hop& h : hops) {
    ordered_json n = ref_json(h.node);
    n["depth"] = h.depth;
    n["via"] = h.parent.empty() ? ordered_json(nullptr) : step_json(h);
    nodes.push_back(std::move(n));
  }
  j["nodes"] = std::move(nodes);
  return dump(j);
}

}  // namespace anth::render::query
