// The site-wide pages: home, one listing per kind, tags, glossary, the whole graph, the provenance
// report, the kernel index and search.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <tuple>
#include <map>
#include <set>

#include "core/rules/rule_catalog.h"
#include "render/kernels/kernel_library.h"
#include "render/site/graph_svg.h"
#include "render/site/html.h"
#include "render/site/pages.h"

namespace anth::site {

namespace {

// Ids in natural order: "LIT-99" before "LIT-100".
bool natural_less(const std::string& a, const std::string& b) {
  auto split = [](const std::string& s) {
    std::size_t i = s.size();
    while (i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1]))) --i;
    std::string digits = s.substr(i);
    while (digits.size() > 1 && digits.front() == '0') digits.erase(0, 1);
    return std::tuple(s.substr(0, i), digits.size(), digits, s);
  };
  return split(a) < split(b);
}

nlohmann::json cell(std::string text = "", std::string href = "", std::string cls = "") {
  return {{"text", std::move(text)}, {"href", std::move(href)}, {"cls", std::move(cls)}, {"refs", nlohmann::json::array()}};
}

std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string Pages::home_page() const {
  const Graph& g = ctx_.graph();
  std::map<Kind, std::size_t> counts;
  for (std::size_t v : ctx_.vertices_by_id())
    if (g.note(v).kind) ++counts[*g.note(v).kind];
  const std::pair<Kind, const char*> blurbs[] = {
      {Kind::Sota, "things to do when training or building models, each with its evidence and origin"},
      {Kind::Lit, "the papers the record rests on"},
      {Kind::Note, "readings: one careful reading of one paper"},
      {Kind::Theory, "proved or claimed statements, some checked by a kernel"},
      {Kind::Term, "plain-language definitions, shown on hover wherever a term is used"},
  };
  nlohmann::json kinds = nlohmann::json::array();
  for (auto [kind, blurb] : blurbs)
    kinds.push_back({{"label", listing_title(kind)}, {"count", counts[kind]}, {"href", listing_file(kind)},
                     {"blurb", blurb}, {"kind_class", fold(kind_name(kind))}});

  // Entry points: the practices and papers most relied on (by typed relations pointing at them).
  auto in_degree = [&](std::size_t v) {
    std::size_t d = 0;
    for (const Edge& e : g.in_edges(v))
      if (e.relation->kind != "mentions") ++d;
    return d;
  };
  auto top = [&](Kind kind, std::size_t limit) {
    std::vector<std::pair<std::size_t, std::size_t>> ranked;
    for (std::size_t v : ctx_.vertices_by_id())
      if (g.note(v).kind == kind) ranked.push_back({in_degree(v), v});
    std::stable_sort(ranked.begin(), ranked.end(), [](auto& a, auto& b) { return a.first > b.first; });
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t i = 0; i < ranked.size() && i < limit; ++i) {
      nlohmann::json r = ref(ranked[i].second);
      r["status"] = g.note(ranked[i].second).status;
      list.push_back(r);
    }
    return list;
  };

  std::map<std::string, std::size_t> tag_counts;
  for (std::size_t v : ctx_.vertices_by_id())
    for (const std::string& t : std::set<std::string>(g.note(v).tags.begin(), g.note(v).tags.end())) ++tag_counts[t];
  nlohmann::json tags = nlohmann::json::array();
  for (const auto& [t, c] : tag_counts) tags.push_back({{"name", t}, {"href", tag_file(t)}, {"count", c}});

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
    if (kernel_result_json(n)["state"] == "pass") ++passing;
  }

  nlohmann::json data = {{"site_title", ctx_.options().site_title},
                         {"node_count", g.vertex_count()},
                         {"edge_count", g.edge_count()},
                         {"kinds", kinds},
                         {"practices", top(Kind::Sota, 8)},
                         {"papers", top(Kind::Lit, 8)},
                         {"theories", top(Kind::Theory, 6)},
                         {"tags", tags},
                         {"errors", errors},
                         {"warnings", warnings},
                         {"infos", infos},
                         {"clean", errors + warnings == 0},
                         {"kernels", kernels},
                         {"passing", passing}};
  Frame frame;
  frame.current = "home";
  frame.body_class = "page-home";
  return wrap(frame, t_.render("home", data));
}

std::vector<std::pair<std::string, std::string>> Pages::kind_listings(Kind kind) const {
  const Graph& g = ctx_.graph();
  std::vector<std::size_t> members;
  for (std::size_t v : ctx_.vertices_by_id())
    if (g.note(v).kind == kind) members.push_back(v);
  std::sort(members.begin(), members.end(),
            [&](std::size_t a, std::size_t b) { return natural_less(g.note(a).id, g.note(b).id); });

  auto refs_of = [&](const Note& n, std::string_view relation) {
    nlohmann::json list = nlohmann::json::array();
    std::set<std::string> seen;
    for (const Relation* r : n.relations_of(relation)) {
      auto w = r->to.empty() ? std::nullopt : g.vertex(r->to);
      if (w && seen.insert(r->to).second) list.push_back(ref(*w));
    }
    return list;
  };

  nlohmann::json columns = nlohmann::json::array();
  std::string lead;
  switch (kind) {
    case Kind::Sota:
      columns = {"Id", "Practice", "Status", "Introduced by", "Year", "Contested"};
      lead = "Every practice the anthology records: what to do, where it comes from, and whether it is disputed.";
      break;
    case Kind::Lit:
      columns = {"Id", "Title", "Authors", "Year", "Status", "Read as"};
      lead = "The papers and other sources the record rests on.";
      break;
    case Kind::Note:
      columns = {"Id", "Reading", "Paper", "Status"};
      lead = "Readings: each is one careful reading of one paper.";
      break;
    case Kind::Theory:
      columns = {"Id", "Statement", "Status", "Sources", "Kernel"};
      lead = "Proved or claimed statements, with the papers they come from.";
      break;
    case Kind::Term: columns = {"Id", "Term"}; break;
  }
  std::vector<nlohmann::json> all_rows;
  for (std::size_t v : members) {
    const Note& n = g.note(v);
    nlohmann::json cells = nlohmann::json::array();
    cells.push_back(cell(n.id, node_file(n.id), "id"));
    cells.push_back(cell(n.title, node_file(n.id), "title"));
    switch (kind) {
      case Kind::Sota: {
        cells.push_back(cell(capitalize(n.status), "", "state state-" + slugify(n.status)));
        nlohmann::json c = cell();
        c["refs"] = refs_of(n, "introduced_by");
        cells.push_back(c);
        auto year = g.year(v);
        cells.push_back(cell(year ? std::to_string(*year) : "", "", "num"));
        bool contested = n.status == "contested" || !n.relations_of("contested_by").empty();
        cells.push_back(cell(contested ? "Contested" : "No", "", contested ? "contested" : "uncontested"));
        break;
      }
      case Kind::Lit: {
        cells.push_back(cell(authors_short(n.authors)));
        cells.push_back(cell(n.year > 0 ? std::to_string(n.year) : "", "", "num"));
        cells.push_back(cell(capitalize(n.status), "", "state state-" + slugify(n.status)));
        nlohmann::json c = cell();
        for (std::size_t r : g.readings(v)) c["refs"].push_back(ref(r));
        cells.push_back(c);
        break;
      }
      case Kind::Note: {
        nlohmann::json c = cell();
        c["refs"] = refs_of(n, "paper");
        cells.push_back(c);
        cells.push_back(cell(capitalize(n.status), "", "state state-" + slugify(n.status)));
        break;
      }
      case Kind::Theory: {
        cells.push_back(cell(capitalize(n.status), "", "state state-" + slugify(n.status)));
        nlohmann::json c = cell();
        c["refs"] = refs_of(n, "source");
        cells.push_back(c);
        cells.push_back(cell(n.kernel, "", "code"));
        break;
      }
      case Kind::Term: break;
    }
    all_rows.push_back({{"cells", cells}});
  }
  nlohmann::json cols = nlohmann::json::array();
  for (const auto& c : columns) cols.push_back({{"label", c}});

  // Pages of page_size rows: papers.html, papers-2.html, ...
  std::string stem = listing_file(kind).substr(0, listing_file(kind).size() - 5);
  std::size_t size = std::max<std::size_t>(1, ctx_.options().listing_page_size);
  std::size_t pages = std::max<std::size_t>(1, (all_rows.size() + size - 1) / size);
  auto file_of = [&](std::size_t p) { return p == 0 ? stem + ".html" : stem + "-" + std::to_string(p + 1) + ".html"; };
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t p = 0; p < pages; ++p) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = p * size; i < std::min(all_rows.size(), (p + 1) * size); ++i) rows.push_back(std::move(all_rows[i]));
    nlohmann::json pager = nlohmann::json::array();
    if (pages > 1)
      for (std::size_t q = 0; q < pages; ++q)
        pager.push_back({{"label", std::to_string(q + 1)}, {"href", file_of(q)}, {"current", q == p}});
    nlohmann::json data = {{"title", listing_title(kind)}, {"lead", lead}, {"columns", cols}, {"rows", rows},
                           {"count", members.size()}, {"kind_class", fold(kind_name(kind))}, {"pager", pager},
                           {"page_note", pages > 1 ? "Page " + std::to_string(p + 1) + " of " + std::to_string(pages) : ""}};
    Frame frame;
    frame.title = listing_title(kind) + (p > 0 ? " (page " + std::to_string(p + 1) + ")" : "");
    frame.current = stem;
    frame.body_class = "page-listing";
    out.emplace_back(file_of(p), wrap(frame, t_.render("listing", data)));
  }
  return out;
}

std::string Pages::tags_page() const {
  const Graph& g = ctx_.graph();
  std::map<std::string, std::size_t> counts;
  for (std::size_t v : ctx_.vertices_by_id())
    for (const std::string& t : std::set<std::string>(g.note(v).tags.begin(), g.note(v).tags.end())) ++counts[t];
  nlohmann::json tags = nlohmann::json::array();
  for (const auto& [t, c] : counts) tags.push_back({{"name", t}, {"href", tag_file(t)}, {"count", c}});
  Frame frame;
  frame.title = "Tags";
  frame.current = "tags";
  frame.body_class = "page-tags";
  return wrap(frame, t_.render("tags", {{"tags", tags}, {"count", counts.size()}}));
}

std::string Pages::tag_page(const std::string& tag, const std::vector<std::size_t>& vertices) const {
  const Graph& g = ctx_.graph();
  nlohmann::json groups = nlohmann::json::array();
  for (Kind kind : {Kind::Sota, Kind::Lit, Kind::Note, Kind::Theory, Kind::Term}) {
    nlohmann::json items = nlohmann::json::array();
    for (std::size_t v : vertices)
      if (g.note(v).kind == kind) items.push_back(ref(v, "../"));
    if (!items.empty()) groups.push_back({{"label", listing_title(kind)}, {"items", items}, {"count", items.size()}});
  }
  Frame frame;
  frame.title = "Tag: " + tag;
  frame.root = "../";
  frame.current = "tags";
  frame.body_class = "page-tag";
  return wrap(frame, t_.render("tag", {{"tag", tag}, {"groups", groups}, {"count", vertices.size()}}));
}

std::string Pages::glossary_page() const {
  const Graph& g = ctx_.graph();
  std::vector<std::size_t> terms;
  for (std::size_t v : ctx_.vertices_by_id())
    if (g.note(v).kind == Kind::Term) terms.push_back(v);
  auto name = [&](std::size_t v) { return g.note(v).title.empty() ? g.note(v).id : g.note(v).title; };
  std::stable_sort(terms.begin(), terms.end(), [&](std::size_t a, std::size_t b) { return fold(name(a)) < fold(name(b)); });
  nlohmann::json letters = nlohmann::json::array();
  for (std::size_t v : terms) {
    const Note& n = g.note(v);
    std::string first = name(v).substr(0, 1);
    first = std::isalpha(static_cast<unsigned char>(first[0])) ? std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(first[0])))) : "#";
    if (letters.empty() || letters.back()["letter"] != first)
      letters.push_back({{"letter", first}, {"anchor", "letter-" + slugify(first == "#" ? "other" : first)}, {"terms", nlohmann::json::array()}});
    nlohmann::json r = ref(v);
    r["name"] = name(v);
    r["short"] = n.short_definition;
    r["aliases"] = n.aliases;
    r["has_aliases"] = !n.aliases.empty();
    letters.back()["terms"].push_back(r);
  }
  Frame frame;
  frame.title = "Glossary";
  frame.current = "glossary";
  frame.body_class = "page-glossary";
  return wrap(frame, t_.render("glossary", {{"letters", letters}, {"count", terms.size()}}));
}

std::string Pages::graph_page() const {
  const Graph& g = ctx_.graph();
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
  double side = std::max(900.0, 90.0 * std::sqrt(static_cast<double>(shown.size())));
  o.width = side * 1.4;
  o.height = side;
  o.labels = shown.size() <= 400;
  nlohmann::json legend = nlohmann::json::array();
  for (Kind k : all_kinds) legend.push_back({{"label", kind_name(k)}, {"kind_class", fold(kind_name(k))}, {"href", listing_file(k)}});
  nlohmann::json data = {{"svg_html", graph_svg(g, shown, ctx_.layouts().layout(g, shown), o)},
                         {"shown", shown.size()},
                         {"total", total},
                         {"capped", shown.size() < total},
                         {"edges", g.edge_count()},
                         {"legend", legend}};
  Frame frame;
  frame.title = "Graph";
  frame.current = "graph";
  frame.body_class = "page-graph";
  return wrap(frame, t_.render("graph", data));
}

std::string Pages::provenance_page() const {
  const auto& all = ctx_.diagnostics();
  nlohmann::json groups = nlohmann::json::array();
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Info}) {
    nlohmann::json items = nlohmann::json::array();
    std::size_t total = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
      const Diagnostic& d = all[i];
      if (d.severity != s) continue;
      if (++total > ctx_.options().findings_cap) continue;
      const RuleInfo* rule = find_rule(d.rule);
      const Note* n = ctx_.note_at(d.where.file);
      nlohmann::json related = nlohmann::json::array();
      constexpr std::size_t related_cap = 12;
      for (const RelatedLocation& r : d.related) {
        if (related.size() == related_cap) {
          related.push_back({{"file", ""}, {"line", ""}, {"href", ""},
                             {"message", "and " + std::to_string(d.related.size() - related_cap) + " more places"}});
          break;
        }
        const Note* rn = ctx_.note_at(r.where.file);
        related.push_back({{"file", r.where.file}, {"line", r.where.line}, {"message", shortened(r.message, 300)},
                           {"href", rn ? node_file(rn->id) : ""}});
      }
      items.push_back({{"anchor", "d" + std::to_string(i)},
                       {"rule", d.rule},
                       {"rule_name", rule ? std::string(rule->name) : ""},
                       {"rule_summary", rule ? std::string(rule->summary) : ""},
                       {"file", d.where.file},
                       {"line", d.where.line},
                       {"column", d.where.column},
                       {"message", shortened(d.message, 600)},
                       {"note_id", n ? n->id : ""},
                       {"href", n ? node_file(n->id) : ""},
                       {"related", related}});
    }
    std::string label = s == Severity::Error ? "Errors" : s == Severity::Warning ? "Warnings" : "Info";
    std::string one = s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "info finding";
    std::string many = s == Severity::Error ? "errors" : s == Severity::Warning ? "warnings" : "info findings";
    std::size_t hidden = total - items.size();
    groups.push_back({{"label", label}, {"severity", severity_name(s)}, {"count", total}, {"items", items},
                      {"summary", std::to_string(total) + " " + (total == 1 ? one : many)},
                      {"anchor", std::string(severity_name(s)) + "s"},
                      {"hidden", hidden ? std::to_string(hidden) : ""}});
  }
  Frame frame;
  frame.title = "Provenance report";
  frame.current = "provenance";
  frame.body_class = "page-provenance";
  return wrap(frame, t_.render("provenance", {{"groups", groups}, {"total", all.size()}, {"clean", all.empty()}}));
}

std::string Pages::kernels_page() const {
  const Graph& g = ctx_.graph();
  nlohmann::json rows = nlohmann::json::array();
  std::vector<std::size_t> nodes;
  for (std::size_t v : ctx_.vertices_by_id())
    if (!g.note(v).kernel.empty() && (g.note(v).kind == Kind::Sota || g.note(v).kind == Kind::Theory)) nodes.push_back(v);
  std::sort(nodes.begin(), nodes.end(), [&](std::size_t a, std::size_t b) { return natural_less(g.note(a).id, g.note(b).id); });
  for (std::size_t v : nodes) {
    const Note& n = g.note(v);
    nlohmann::json r = ref(v);
    r["kernel"] = n.kernel;
    r["result"] = kernel_result_json(n);
    bool emits = anth::kernels::check_kernel_request({n.id, n.title, n.kernel, n.kernel_params}).empty();
    r["download_href"] = emits ? kernel_file(n.id, n.kernel) : "";
    rows.push_back(r);
  }
  Frame frame;
  frame.title = "Kernels";
  frame.current = "kernels";
  frame.body_class = "page-kernels";
  return wrap(frame, t_.render("kernels", {{"rows", rows}, {"count", rows.size()}}));
}

std::string Pages::search_page() const {
  Frame frame;
  frame.title = "Search";
  frame.current = "search";
  frame.body_class = "page-search";
  frame.header_search = false;
  frame.scripts = {"search/meta.js", "search.js"};
  return wrap(frame, t_.render("search", {{"count", ctx_.graph().vertex_count()}}));
}

}  // namespace anth::site
