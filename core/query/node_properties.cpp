#include "core/query/node_properties.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "core/model/schema.h"
#include "core/model/wikilink_text.h"
#include "core/util/natural_order.h"

namespace anth::query {

namespace {

// Relations the page shows elsewhere than in its table: mentions as backlinks, read_as as readings.
bool shown_elsewhere(std::string_view kind) { return kind == "mentions" || kind == "read_as"; }

bool is_relation_field(const Note& n, const std::string& key) {
  const FieldSpec* spec = n.kind ? find_field(*n.kind, key) : nullptr;
  return spec && is_relation(*spec);
}

// A frontmatter property whose every value is a link: its links are shown with the relations.
bool is_link_property(const Note& n, const Field& f) {
  if (f.origin != Origin::Frontmatter || f.items.empty() || f.shape == Field::Shape::Map || n.relations_of(f.key).empty()) return false;
  return std::all_of(f.items.begin(), f.items.end(), [](const FieldValue& v) { return whole_wikilink(v.text).has_value(); });
}

// A vault page's frontmatter has no other place on its page, so its table shows every property, as
// Obsidian does, but those the page shows elsewhere (tags as a row of their own, the dates in the
// header). A typed note's fields are shown by their own sections (citation, definition, kernel).
bool page_row(const Note& n, const std::string& key) {
  return n.kind == Kind::Page && key != "tags" && key != "created" && key != "updated";
}

std::vector<Property> written_fields(const Note& n) {
  std::vector<Property> out;
  for (const Field& f : n.fields) {
    if (f.key == "id" || f.key == "title" || is_relation_field(n, f.key) || is_link_property(n, f)) continue;  // id, title: the heading
    auto it = std::find_if(out.begin(), out.end(), [&](const Property& p) { return p.key == f.key; });
    if (it == out.end()) it = out.insert(out.end(), Property{f.key, f.key, {}, page_row(n, f.key)});
    if (f.items.empty()) it->values.push_back({});  // `key:` with no value
    for (std::size_t i = 0; i < f.items.size(); ++i) {
      PropertyValue value;
      if (f.shape == Field::Shape::Map && i < f.keys.size()) value.item = f.keys[i];
      value.text = f.items[i].text;
      it->values.push_back(std::move(value));
    }
  }
  return out;
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::vector<Property> typed_rows(const Note& n) {
  std::vector<Property> out;
  auto text = [](std::string s) { return PropertyValue{std::nullopt, std::move(s), {}, true}; };
  if (!n.status.empty()) out.push_back({"status", "Status", {text(capitalized(n.status))}});
  if (n.version > 1 || n.field("version")) out.push_back({"version", "Version", {text(std::to_string(n.version))}});
  if (!n.tags.empty()) {
    Property tags{"tags", "Tags", {}};
    for (const std::string& t : n.tags) tags.values.push_back(text(t));
    out.push_back(std::move(tags));
  }
  if (!n.promote_when.empty()) out.push_back({"promote_when", "Promote when", {text(n.promote_when)}});
  return out;
}

// The relations of the note, in the schema's order of kinds, then its frontmatter properties' links
// (Origin::Property) by key in file order.
std::vector<std::string_view> outgoing_kinds(const Note& n) {
  std::vector<std::string_view> kinds(relation_kinds().begin(), relation_kinds().end());
  for (const Relation& r : n.relations)
    if (r.origin == Origin::Property && std::find(kinds.begin(), kinds.end(), r.kind) == kinds.end()) kinds.push_back(r.kind);
  return kinds;
}

std::vector<Property> outgoing(const Note& n, PropertiesFor use) {
  std::vector<Property> out;
  for (std::string_view kind : outgoing_kinds(n)) {
    Property p{std::string(kind), "", {}, !shown_elsewhere(kind) && !(n.kind == Kind::Term && kind == "related")};
    if (use == PropertiesFor::table && !p.in_table) continue;
    std::set<std::string> seen;
    for (const Relation* rel : n.relations_of(kind)) {
      if (!seen.insert(rel->to.empty() ? "?" + rel->written : rel->to).second) continue;
      PropertyValue value{std::nullopt, rel->written, {}, true};
      value.target.id = rel->to;  // empty when the target names no note
      p.values.push_back(std::move(value));
    }
    if (!p.values.empty()) out.push_back(std::move(p));
  }
  return out;
}

// Sources by kind in the schema's order, then by id; a note linking its own heading is listed among
// those mentioning it as the index records it, though the graph has no edge for it.
std::vector<Property> incoming(const graph::Graph& g, const Note& n, PropertiesFor use) {
  std::vector<std::tuple<std::size_t, std::string_view, std::size_t>> in;  // kind rank, kind, source
  const auto& kinds = relation_kinds();
  auto rank = [&](std::string_view k) { return static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), k) - kinds.begin()); };
  auto v = n.in_graph ? g.vertex(n.id) : std::nullopt;
  if (!v) return {};
  const bool all = use == PropertiesFor::show;
  for (const graph::Edge& e : g.in_edges(*v))
    if (all || !shown_elsewhere(e.relation->kind)) in.emplace_back(rank(e.relation->kind), e.relation->kind, e.from);
  if (all)
    for (const Relation* r : n.relations_of("mentions"))
      if (r->to == n.id) in.emplace_back(rank("mentions"), "mentions", *v);
  std::sort(in.begin(), in.end(), [&](const auto& a, const auto& b) {
    if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) < std::get<0>(b);
    if (std::get<1>(a) != std::get<1>(b)) return std::get<1>(a) < std::get<1>(b);  // properties' keys: no rank
    return util::natural_less(g.note(std::get<2>(a)).id, g.note(std::get<2>(b)).id);
  });
  in.erase(std::unique(in.begin(), in.end()), in.end());
  std::vector<Property> out;
  for (const auto& [r, kind, from] : in) {
    if (out.empty() || out.back().key != kind) out.push_back({std::string(kind), "", {}, !shown_elsewhere(kind)});
    PropertyValue value{std::nullopt, g.note(from).id, {g.note(from).id}, from != *v};
    out.back().values.push_back(std::move(value));
  }
  return out;
}

}  // namespace

NodeRef node_ref(const graph::Graph& graph, std::size_t v) {
  const Note& n = graph.note(v);
  return {n.id, n.kind ? kind_name(*n.kind) : "", n.title, n.status, graph.year(v)};
}

NodeRef note_ref(const graph::Graph& graph, const Note& n) {
  if (auto v = n.in_graph ? graph.vertex(n.id) : std::nullopt) return node_ref(graph, *v);
  return {n.id, n.kind ? kind_name(*n.kind) : "", n.title, n.status, graph::paper_year(n)};
}

NodeProperties node_properties(const graph::Graph& g, const Note& n, PropertiesFor use) {
  NodeProperties p;
  p.node = note_ref(g, n);
  p.path = n.path;
  p.in_graph = n.in_graph && g.vertex(n.id);
  p.authors = n.authors;
  p.tags = n.tags;
  p.aliases = n.aliases;
  if (n.year > 0) p.own_year = n.year;
  p.arxiv = n.arxiv, p.doi = n.doi, p.venue = n.venue, p.url = n.url, p.kernel = n.kernel;
  p.short_definition = n.short_definition, p.plain = n.plain, p.promote_when = n.promote_when;
  if (n.kind == Kind::Lit) p.version = n.version;
  p.written = written_fields(n);
  p.typed = typed_rows(n);
  p.outgoing = outgoing(n, use);
  p.incoming = incoming(g, n, use);
  if (auto v = p.in_graph ? g.vertex(n.id) : std::nullopt) {
    for (std::size_t r : g.readings(*v)) p.readings.push_back({g.note(r).id});
    std::sort(p.readings.begin(), p.readings.end(), [](const NodeRef& a, const NodeRef& b) { return util::natural_less(a.id, b.id); });
  }
  return p;
}

void describe_targets(const graph::Graph& g, NodeProperties& p) {
  auto describe = [&](NodeRef& ref) {
    if (auto w = ref.id.empty() ? std::nullopt : g.vertex(ref.id)) ref = node_ref(g, *w);
  };
  for (auto* groups : {&p.outgoing, &p.incoming})
    for (Property& group : *groups)
      for (PropertyValue& value : group.values) describe(value.target);
  for (NodeRef& r : p.readings) describe(r);
}

}  // namespace anth::query
