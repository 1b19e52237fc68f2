// The page of one node: the registered sections (render/site/sections/, node_section.h) fill in the
// node template in order; the Properties table they show is built here.
#include <algorithm>
#include <set>

#include "core/model/schema.h"
#include "render/kernels/kernel_library.h"
#include "render/site/html.h"
#include "render/site/node_section.h"
#include "render/site/pages.h"

namespace anth::site {

namespace {

// Relations shown elsewhere on the page rather than as a Properties row.
bool shown_elsewhere(std::string_view kind) { return kind == "mentions" || kind == "read_as"; }

}  // namespace

TemplateValue Pages::properties(std::size_t v) const {
  const Graph& g = ctx_.graph();
  const Note& n = g.note(v);
  TemplateValue rows = TemplateValue::list();
  auto row = [](std::string label) {
    return TemplateValue::object()
        .set("label", std::move(label))
        .set("text", false)
        .set("tags", TemplateValue::list())
        .set("refs", TemplateValue::list());
  };
  if (!n.status.empty()) rows.push(row("Status").set("text", capitalize(n.status)));
  if (n.version > 1 || n.field("version")) rows.push(row("Version").set("text", std::to_string(n.version)));
  if (!n.tags.empty()) {
    TemplateValue tags = TemplateValue::list();
    for (const std::string& t : n.tags) tags.push(TemplateValue::object().set("name", TemplateValue::borrow(t)).set("href", tag_file(t)));
    rows.push(row("Tags").set("tags", std::move(tags)));
  }
  if (!n.promote_when.empty()) rows.push(row("Promote when").set("text", TemplateValue::borrow(n.promote_when)));

  // Outgoing typed relations, in schema order; targets in the order written, once each.
  for (std::string_view kind : relation_kinds()) {
    if (shown_elsewhere(kind) || (n.kind == Kind::Term && kind == "related")) continue;
    TemplateValue refs = TemplateValue::list();
    std::set<std::string> seen;
    for (const Relation* rel : n.relations_of(kind)) {
      std::string key = rel->to.empty() ? "?" + rel->written : rel->to;
      if (!seen.insert(key).second) continue;
      if (auto w = rel->to.empty() ? std::nullopt : ctx_.vertex(rel->to)) {
        refs.push(ref(*w));
      } else {
        refs.push(TemplateValue::object()
                      .set("id", false)
                      .set("title", false)
                      .set("label", TemplateValue::borrow(rel->written))
                      .set("href", false)
                      .set("kind", false)
                      .set("kind_class", false)
                      .set("unresolved", true)
                      .set("written", TemplateValue::borrow(rel->written)));
      }
    }
    if (!refs.empty_list()) rows.push(row(outgoing_label(kind)).set("refs", std::move(refs)));
  }

  // Incoming typed relations, grouped by relation, groups and entries in alphabetical order (ids sort
  // as their ranks do).
  std::vector<std::pair<std::string_view, std::string>> labels;  // relation kind, its incoming label
  std::vector<std::tuple<std::size_t, std::uint32_t, std::size_t>> incoming;  // label, rank, vertex
  for (const Edge& e : g.in_edges(v)) {
    std::string_view kind = e.relation->kind;
    if (e.from == v || shown_elsewhere(kind)) continue;
    auto it = std::find_if(labels.begin(), labels.end(), [&](const auto& l) { return l.first == kind; });
    if (it == labels.end()) it = labels.insert(labels.end(), {kind, incoming_label(kind)});
    incoming.emplace_back(it - labels.begin(), ctx_.rank(e.from), e.from);
  }
  auto label_of = [&](const auto& entry) -> const std::string& { return labels[std::get<0>(entry)].second; };
  std::sort(incoming.begin(), incoming.end(), [&](const auto& a, const auto& b) {
    int c = label_of(a).compare(label_of(b));
    return c != 0 ? c < 0 : std::get<1>(a) < std::get<1>(b);
  });
  for (std::size_t i = 0; i < incoming.size();) {
    const std::string& label = label_of(incoming[i]);
    TemplateValue refs = TemplateValue::list();
    for (std::size_t last = SIZE_MAX; i < incoming.size() && label_of(incoming[i]) == label; ++i) {
      std::size_t from = std::get<2>(incoming[i]);
      if (from != last) refs.push(ref(from));  // one entry per source, however many relations
      last = from;
    }
    rows.push(row(label).set("refs", std::move(refs)));
  }
  std::size_t count = rows.size();
  return TemplateValue::object().set("count", count).set("rows", std::move(rows));
}

const StoredKernelResult* Pages::last_result(const Note& n) const {
  const StoredKernelResult* r = ctx_.kernel_result(n.id);
  if (r) {
    auto [base, variant] = kernels::split_kernel_name(n.kernel);
    if (r->kernel != n.kernel && r->kernel != base) r = nullptr;
  }
  return r;
}

std::string Pages::node_page(std::size_t v, SiteFiles& extra) const {
  TemplateValue data = TemplateValue::object();
  TemplateValue blocks = TemplateValue::list();
  Frame frame;
  NodePage page{data, frame, extra, blocks};
  for (const NodeSection& section : node_sections()) section.render(*this, v, page);
  data.set("blocks", std::move(blocks));
  const TemplateValue* body = data.get("body_html");
  const TemplateValue* svg = data.get("graph_svg_html");
  std::string content;
  content.reserve((body ? body->text().size() : 0) + (svg ? svg->text().size() : 0) + 8192);
  t_.render("node", data, content);
  return wrap(frame, content);
}

}  // namespace anth::site
