// The site-wide pages: home, one listing per kind, tags, glossary, the whole graph, the provenance
// report, the kernel index and search.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "core/model/rule_catalog.h"
#include "core/model/tag_names.h"
#include "core/util/case_fold.h"
#include "core/util/natural_order.h"
#include "render/kernels/kernel_library.h"
#include "render/site/graph_svg.h"
#include "render/site/html.h"
#include "render/site/kernel_result_view.h"
#include "render/site/pages.h"

namespace anth::render::site {

namespace {

// Every tag by key (one whatever its case), under the spelling it is listed by, with its page and
// how many notes it has (the home page and tags.html).
TemplateValue tag_list(const SiteContext& ctx) {
  const graph::Graph& g = ctx.graph();
  std::map<std::string, std::size_t> counts;
  for (std::size_t v : ctx.vertices_by_id())
    for (const std::string& t : g.note(v).tags) ++counts[tag_key(t)];  // a note has each key once
  TemplateValue tags = TemplateValue::list();
  for (const auto& [key, c] : counts)
    tags.push(TemplateValue::object().set("name", TemplateValue::borrow(ctx.tag_name(key))).set("href", tag_file(key)).set("count", c));
  return tags;
}

// The home page's row per kind: its listing, count and what it holds.
TemplateValue home_kinds(const Pages& pages) {
  const SiteContext& ctx = pages.context();
  const graph::Graph& g = ctx.graph();
  std::map<Kind, std::size_t> counts;
  for (std::size_t v : ctx.vertices_by_id())
    if (g.note(v).kind) ++counts[*g.note(v).kind];
  const std::pair<Kind, const char*> blurbs[] = {
      {Kind::Sota, "things to do when training or building models, each with its evidence and origin"},
      {Kind::Lit, "the papers the record rests on"},
      {Kind::Note, "readings: one careful reading of one paper"},
      {Kind::Theory, "proved or claimed statements, some checked by a kernel"},
      {Kind::Term, "plain-language definitions, shown on hover wherever a term is used"},
      {Kind::Page, "the vault's other notes: hubs, indexes, drafts, people, projects"},
  };
  TemplateValue kinds = TemplateValue::list();
  for (auto [kind, blurb] : blurbs)
    if (ctx.lists(kind))
      kinds.push(TemplateValue::object()
                   .set("label", Pages::listing_title(kind))
                   .set("count", counts[kind])
                   .set("href", Pages::listing_file(kind))
                   .set("blurb", blurb)
                   .set("kind_class", util::fold_case(kind_name(kind))));
  return kinds;
}

// graph.html's nodes as links grouped by kind: on a phone the drawing's nodes are too close together for
// 24 px targets, and this list is the equivalent control WCAG 2.5.8 accepts (docs/site.md).
TemplateValue graph_node_list(const SiteContext& ctx, const std::vector<std::size_t>& shown) {
  const graph::Graph& g = ctx.graph();
  TemplateValue groups = TemplateValue::list();
  for (std::optional<Kind> kind : {std::optional<Kind>(Kind::Lit), std::optional<Kind>(Kind::Note), std::optional<Kind>(Kind::Sota),
                                   std::optional<Kind>(Kind::Theory), std::optional<Kind>(Kind::Term), std::optional<Kind>(Kind::Page),
                                   std::optional<Kind>()}) {
    TemplateValue nodes = TemplateValue::list();
    for (std::size_t v : shown)
      if (g.note(v).kind == kind)
        nodes.push(TemplateValue::object().set("href", TemplateValue::borrow(ctx.file(v))).set("label", TemplateValue::borrow(ctx.label(v))));
    if (nodes.size() == 0) continue;
    std::string title = kind ? Pages::listing_title(*kind) : "Other";
    groups.push(TemplateValue::object().set("title", title).set("count", nodes.size()).set("nodes", std::move(nodes)));
  }
  return groups;
}

}  // namespace

std::string Pages::home_page() const {
  const graph::Graph& g = ctx_.graph();
  TemplateValue kinds = home_kinds(*this);

  // Entry points: the practices and papers most relied on (by typed relations pointing at them).
  auto in_degree = [&](std::size_t v) {
    std::size_t d = 0;
    for (const graph::Edge& e : g.in_edges(v))
      if (e.relation->kind != "mentions") ++d;
    return d;
  };
  auto top = [&](Kind kind, std::size_t limit) {
    std::vector<std::pair<std::size_t, std::size_t>> ranked;
    for (std::size_t v : ctx_.vertices_by_id())
      if (g.note(v).kind == kind) ranked.push_back({in_degree(v), v});
    std::stable_sort(ranked.begin(), ranked.end(), [](auto& a, auto& b) { return a.first > b.first; });
    TemplateValue list = TemplateValue::list();
    for (std::size_t i = 0; i < ranked.size() && i < limit; ++i)
      list.push(ref(ranked[i].second).set("status", TemplateValue::borrow(g.note(ranked[i].second).status)));
    return list;
  };

  std::size_t errors = 0, warnings = 0, infos = 0;
  for (const Diagnostic& d : ctx_.diagnostics()) {
    if (d.severity == Severity::Error) ++errors;
    else if (d.severity == Severity::Warning) ++warnings;
    else if (d.severity == Severity::Info) ++infos;
  }
  std::size_t kernels = 0, passing = 0;
  for (std::size_t v : ctx_.vertices_by_id()) {
    const Note& n = g.note(v);
    if (n.kernel.empty()) continue;
    ++kernels;
    if (const index::StoredKernelResult* r = last_result(n); r && r->pass && result_is_current(n, *r)) ++passing;
  }

  TemplateValue data = TemplateValue::object();
  data.set("site_title", TemplateValue::borrow(ctx_.options().site_title))
      .set("node_count", g.vertex_count())
      .set("edge_count", g.edge_count())
      .set("kinds", std::move(kinds))
      .set("practices", top(Kind::Sota, 8))
      .set("papers", top(Kind::Lit, 8))
      .set("theories", top(Kind::Theory, 6))
      .set("tags", tag_list(ctx_))
      .set("errors", errors)
      .set("warnings", warnings)
      .set("infos", infos)
      .set("clean", errors + warnings == 0)
      .set("kernels", kernels)
      // The anthology's own words where it is the anthology or has practices; a vault's otherwise.
      .set("record", ctx_.lists(Kind::Sota))
      .set("has_kernels_page", ctx_.lists_kernels())
      .set("has_glossary", ctx_.lists(Kind::Term))
      .set("passing", passing);
  Frame frame;
  frame.current = "home";
  frame.body_class = "page-home";
  return wrap(frame, t_.render("home", data));
}

std::string Pages::tags_page() const {
  TemplateValue tags = tag_list(ctx_);
  const std::size_t count = tags.size();
  Frame frame;
  frame.title = "Tags";
  frame.current = "tags";
  frame.body_class = "page-tags";
  return wrap(frame, t_.render("tags", TemplateValue::object().set("tags", std::move(tags)).set("count", count)));
}

std::string Pages::tag_page(const std::string& key, const std::vector<std::size_t>& vertices) const {
  const graph::Graph& g = ctx_.graph();
  TemplateValue groups = TemplateValue::list();
  for (Kind kind : {Kind::Sota, Kind::Lit, Kind::Note, Kind::Theory, Kind::Term, Kind::Page}) {
    TemplateValue items = TemplateValue::list();
    for (std::size_t v : vertices)
      if (g.note(v).kind == kind) items.push(ref(v, "../"));
    if (items.empty_list()) continue;
    std::size_t count = items.size();
    groups.push(TemplateValue::object().set("label", listing_title(kind)).set("items", std::move(items)).set("count", count));
  }
  Frame frame;
  const std::string& tag = ctx_.tag_name(key);
  frame.title = "Tag: " + tag;
  frame.root = "../";
  frame.current = "tags";
  frame.body_class = "page-tag";
  TemplateValue data = TemplateValue::object();
  data.set("tag", TemplateValue::borrow(tag)).set("groups", std::move(groups)).set("count", vertices.size());
  return wrap(frame, t_.render("tag", data));
}

std::string Pages::glossary_page() const {
  const graph::Graph& g = ctx_.graph();
  std::vector<std::size_t> terms;
  for (std::size_t v : ctx_.vertices_by_id())
    if (g.note(v).kind == Kind::Term) terms.push_back(v);
  auto name = [&](std::size_t v) -> const std::string& { return ctx_.label(v); };  // a TERM's label is its name
  std::stable_sort(terms.begin(), terms.end(), [&](std::size_t a, std::size_t b) { return util::fold_case(name(a)) < util::fold_case(name(b)); });
  TemplateValue letters = TemplateValue::list();
  std::vector<std::pair<std::string, TemplateValue>> groups;  // letter, its terms
  for (std::size_t v : terms) {
    const Note& n = g.note(v);
    std::string first = name(v).substr(0, 1);
    first = std::isalpha(static_cast<unsigned char>(first[0])) ? std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(first[0])))) : "#";
    if (groups.empty() || groups.back().first != first) groups.emplace_back(first, TemplateValue::list());
    TemplateValue aliases = TemplateValue::list();
    for (const std::string& a : n.aliases) aliases.push(TemplateValue::borrow(a));
    groups.back().second.push(ref(v)
                                  .set("name", TemplateValue::borrow(name(v)))
                                  .set("short", TemplateValue::borrow(n.short_definition))
                                  .set("aliases", std::move(aliases))
                                  .set("has_aliases", !n.aliases.empty()));
  }
  for (auto& [letter, list] : groups)
    letters.push(TemplateValue::object()
                     .set("letter", letter)
                     .set("anchor", "letter-" + util::slugify(letter == "#" ? "other" : letter))
                     .set("terms", std::move(list)));
  Frame frame;
  frame.title = "Glossary";
  frame.current = "glossary";
  frame.body_class = "page-glossary";
  return wrap(frame, t_.render("glossary", TemplateValue::object().set("letters", std::move(letters)).set("count", terms.size())));
}

std::string Pages::graph_page() const {
  const graph::Graph& g = ctx_.graph();
  std::vector<std::size_t> shown = ctx_.vertices_by_id();
  std::size_t total = shown.size();
  std::size_t cap = ctx_.options().whole_graph_cap;
  if (shown.size() > cap) {
    // The best-connected nodes, ties by id.
    std::stable_sort(shown.begin(), shown.end(), [&](std::size_t a, std::size_t b) { return ctx_.degree(a) > ctx_.degree(b); });
    shown.resize(cap);
    std::sort(shown.begin(), shown.end(), [&](std::size_t a, std::size_t b) { return g.note(a).id < g.note(b).id; });
  }
  SvgOptions o;
  o.id = "whole";
  o.title = "The whole graph: " + std::to_string(shown.size()) + " nodes";
  double side = std::max(500.0, 70.0 * std::sqrt(static_cast<double>(shown.size())));
  o.width = std::round(side * 1.4);
  o.height = std::round(side);
  o.font = 11;
  o.labels = shown.size() <= 400;
  o.filterable = true;
  TemplateValue legend = TemplateValue::list();
  for (Kind k : all_kinds)
    if (ctx_.lists(k))
      legend.push(TemplateValue::object().set("label", kind_name(k)).set("kind_class", util::fold_case(kind_name(k))).set("href", listing_file(k)));
  std::string edge_legend;
  std::string svg = graph_svg(ctx_, shown, ctx_.layouts().layout(g, ctx_.adjacency(), shown), o, &edge_legend);
  TemplateValue data = TemplateValue::object();
  data.set("svg_html", TemplateValue::borrow(svg))
      .set("shown", shown.size())
      .set("total", total)
      .set("capped", shown.size() < total)
      .set("edges", g.edge_count())
      .set("legend", std::move(legend))
      .set("edge_legend_html", std::move(edge_legend))
      .set("node_groups", graph_node_list(ctx_, shown));
  Frame frame;
  frame.title = "Graph";
  frame.current = "graph";
  frame.body_class = "page-graph";
  frame.styles = {"graph.css"};
  frame.scripts = {"graph.js"};
  return wrap(frame, t_.render("graph", data));
}

std::string Pages::provenance_page() const {
  const auto& all = ctx_.diagnostics();
  TemplateValue groups = TemplateValue::list();
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Info}) {
    TemplateValue items = TemplateValue::list();
    std::size_t total = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
      const Diagnostic& d = all[i];
      if (d.severity != s) continue;
      ++total;
      if (!ctx_.diagnostic_listed(&d)) continue;
      const RuleInfo* rule = find_rule(d.rule);
      const Note* n = ctx_.note_at(d.where.file);
      TemplateValue related = TemplateValue::list();
      constexpr std::size_t related_cap = 12;
      for (const RelatedLocation& r : d.related) {
        if (related.size() == related_cap) {
          related.push(TemplateValue::object()
                           .set("file", false)
                           .set("line", false)
                           .set("href", false)
                           .set("message", "and " + std::to_string(d.related.size() - related_cap) + " more places"));
          break;
        }
        const Note* rn = ctx_.note_at(r.where.file);
        related.push(TemplateValue::object()
                         .set("file", TemplateValue::borrow(r.where.file))
                         .set("line", r.where.line)
                         .set("message", shortened(r.message, 300))
                         .set("href", rn ? node_file(rn->id) : ""));
      }
      items.push(TemplateValue::object()
                     .set("anchor", "d" + std::to_string(i))
                     .set("rule", TemplateValue::borrow(d.rule))
                     .set("rule_name", rule ? std::string(rule->name) : "")
                     .set("rule_summary", rule ? std::string(rule->summary) : "")
                     .set("file", TemplateValue::borrow(d.where.file))
                     .set("line", d.where.line)
                     .set("column", d.where.column)
                     .set("message", shortened(d.message, 600))
                     .set("note_id", n ? TemplateValue::borrow(n->id) : false)
                     .set("href", n ? node_file(n->id) : "")
                     .set("related", std::move(related)));
    }
    std::string label = s == Severity::Error ? "Errors" : s == Severity::Warning ? "Warnings" : "Info";
    std::string one = s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "info finding";
    std::string many = s == Severity::Error ? "errors" : s == Severity::Warning ? "warnings" : "info findings";
    std::size_t hidden = total - items.size();
    groups.push(TemplateValue::object()
                    .set("label", label)
                    .set("severity", severity_name(s))
                    .set("count", total)
                    .set("items", std::move(items))
                    .set("summary", std::to_string(total) + " " + (total == 1 ? one : many))
                    .set("anchor", std::string(severity_name(s)) + "s")
                    .set("hidden", hidden ? std::to_string(hidden) : ""));
  }
  Frame frame;
  frame.title = "Provenance report";
  frame.current = "provenance";
  frame.body_class = "page-provenance";
  TemplateValue data = TemplateValue::object();
  data.set("groups", std::move(groups)).set("total", all.size()).set("clean", all.empty());
  return wrap(frame, t_.render("provenance", data));
}

std::string Pages::kernels_page() const {
  const graph::Graph& g = ctx_.graph();
  TemplateValue rows = TemplateValue::list();
  std::vector<std::size_t> nodes;
  for (std::size_t v : ctx_.vertices_by_id())
    if (!g.note(v).kernel.empty() && (g.note(v).kind == Kind::Sota || g.note(v).kind == Kind::Theory)) nodes.push_back(v);
  std::sort(nodes.begin(), nodes.end(), [&](std::size_t a, std::size_t b) { return util::natural_less(g.note(a).id, g.note(b).id); });
  for (std::size_t v : nodes) {
    const Note& n = g.note(v);
    bool emits = anth::check_kernel_request({n.id, n.title, n.kernel, n.kernel_params}).empty();
    std::string file = emits ? kernel_file(n.id, n.kernel) : "";
    // The link names the file, not only its extension (WCAG 2.4.4: a link says where it goes).
    std::string name = file.substr(file.rfind('/') + 1);
    rows.push(ref(v)
                  .set("kernel", TemplateValue::borrow(n.kernel))
                  .set("result", kernel_result(n))
                  .set("download_href", std::move(file))
                  .set("download_name", std::move(name)));
  }
  Frame frame;
  frame.title = "Kernels";
  frame.current = "kernels";
  frame.body_class = "page-kernels";
  std::size_t count = rows.size();
  return wrap(frame, t_.render("kernels", TemplateValue::object().set("rows", std::move(rows)).set("count", count)));
}

std::string Pages::search_page() const {
  Frame frame;
  frame.title = "Search";
  frame.current = "search";
  frame.body_class = "page-search";
  frame.header_search = false;
  frame.scripts = {"search.js"};  // it loads the index when a query needs it
  return wrap(frame, t_.render("search", TemplateValue::object().set("count", ctx_.graph().vertex_count())));
}

}  // namespace anth::render::site
