// The page of one node: header and citation, Properties, body, kernel, Graph View, Backlinks; and
// for a TERM its plain words, related terms and where it is mentioned.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

#include <nlohmann/json.hpp>

#include "core/model/schema.h"
#include "core/rules/rule_catalog.h"
#include "render/kernels/kernel_library.h"
#include "render/site/graph_svg.h"
#include "render/site/html.h"
#include "render/site/pages.h"
#include "render/site/properties_table.h"

namespace anth::site {

namespace {

// A number of a stored kernel result as the page shows it.
std::string number_text(const nlohmann::json& j) {
  if (j.is_number_integer() || j.is_number_unsigned()) return j.dump();
  if (j.is_number_float()) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6g", j.get<double>());
    return buf;
  }
  if (j.is_string()) return j.get<std::string>();
  if (j.is_null()) return "";
  return j.dump();
}

}  // namespace

// The one builder of a node's properties (core/query/node_properties.h), as the page's table.
TemplateValue Pages::properties(std::size_t v) const {
  return properties_table(query::node_properties(ctx_.graph(), ctx_.graph().note(v)),
                          [&](std::string_view id) -> std::optional<TemplateValue> {
                            if (auto w = ctx_.vertex(id)) return ref(*w);
                            return std::nullopt;
                          });
}

TemplateValue Pages::citation(std::size_t v) const {
  const Graph& g = ctx_.graph();
  const Note& n = g.note(v);
  if (n.kind != Kind::Lit) return false;
  std::string byline_authors = n.authors.size() > 2 ? authors_full(n.authors) : "";
  bool url = is_safe_url(n.url) && n.url.rfind("http", 0) == 0;
  bool has_byline = !byline_authors.empty() || !n.venue.empty() || !n.doi.empty() || (url && !n.url.empty());
  TemplateValue readings = TemplateValue::list();
  for (std::size_t r : g.readings(v)) readings.push(ref(r));
  return TemplateValue::object()
      .set("authors", authors_short(n.authors))
      .set("year", n.year > 0 ? std::to_string(n.year) : "")
      .set("arxiv", TemplateValue::borrow(n.arxiv))
      .set("arxiv_href", n.arxiv.empty() ? "" : "https://arxiv.org/abs/" + percent_encode(n.arxiv))
      .set("byline_authors", std::move(byline_authors))
      .set("venue", TemplateValue::borrow(n.venue))
      .set("doi", TemplateValue::borrow(n.doi))
      .set("doi_href", n.doi.empty() ? "" : "https://doi.org/" + percent_encode(n.doi))
      .set("url", url ? TemplateValue::borrow(n.url) : false)
      .set("readings", std::move(readings))
      .set("has_byline", has_byline);
}

const StoredKernelResult* Pages::last_result(const Note& n) const {
  const StoredKernelResult* r = ctx_.kernel_result(n.id);
  if (r) {
    auto [base, variant] = kernels::split_kernel_name(n.kernel);
    if (r->kernel != n.kernel && r->kernel != base) r = nullptr;
  }
  return r;
}

namespace {

// "≤ 1", "≥ 1", "≈ 5.045 ± 0.1": the bound with the way the claim goes; the number alone for a result
// stored before claims said so.
std::string bound_with_direction(const nlohmann::json& c) {
  std::string bound = c.contains("bound") ? number_text(c["bound"]) : "";
  const std::string direction = c.contains("direction") && c["direction"].is_string() ? c["direction"].get<std::string>() : "";
  if (direction == "<=") return "\u2264 " + bound;
  if (direction == ">=") return "\u2265 " + bound;
  if (direction == "\u2248") return "\u2248 " + bound + (c.contains("tolerance") ? " \u00b1 " + number_text(c["tolerance"]) : "");
  return bound;
}

}  // namespace

TemplateValue Pages::kernel_result(const Note& n) const {
  const StoredKernelResult* r = last_result(n);
  if (!r)
    return TemplateValue::object()
        .set("state", "unchecked")
        .set("label", "not yet checked")
        .set("claims", TemplateValue::list())
        .set("compiler", false)
        .set("checked_at", false)
        .set("error", false);
  TemplateValue claims = TemplateValue::list();
  nlohmann::json parsed = nlohmann::json::parse(r->claims_json, nullptr, false);
  if (parsed.is_array())
    for (const auto& c : parsed) {
      if (!c.is_object()) continue;
      bool pass = c.value("pass", false);
      claims.push(TemplateValue::object()
                      .set("claim", c.contains("claim") ? number_text(c["claim"]) : "")
                      .set("measured", c.contains("measured") ? number_text(c["measured"]) : "")
                      .set("bound", bound_with_direction(c))
                      .set("pass", pass)
                      .set("verdict", pass ? "pass" : "fail"));
    }
  return TemplateValue::object()
      .set("state", r->pass ? "pass" : "fail")
      .set("label", r->pass ? "passed" : (r->error.empty() ? "failed" : "could not run"))
      .set("claims", std::move(claims))
      .set("compiler", TemplateValue::borrow(r->compiler))
      .set("checked_at", TemplateValue::borrow(r->checked_at))
      .set("error", TemplateValue::borrow(r->error));
}

TemplateValue Pages::kernel_section(std::size_t v, SiteFiles& extra) const {
  const Note& n = ctx_.graph().note(v);
  if (!shows_kernel(n)) return false;
  const kernels::KernelInfo* info = kernels::find_kernel(n.kernel);
  TemplateValue params = TemplateValue::list();
  for (const auto& [name, value] : n.kernel_params)
    params.push(TemplateValue::object().set("name", TemplateValue::borrow(name)).set("value", number_text(value)));
  TemplateValue k = TemplateValue::object();
  k.set("name", TemplateValue::borrow(n.kernel))
      .set("practice", info ? TemplateValue::borrow(info->practice) : false)
      .set("formula", info ? TemplateValue::borrow(info->formula) : false)
      .set("papers", info ? TemplateValue::borrow(info->papers) : false)
      .set("source", false)
      .set("lines", 0)
      .set("download_href", false)
      .set("download_name", false)
      .set("problem", false)
      .set("params", std::move(params))
      .set("result", kernel_result(n));
  try {
    kernels::KernelRequest request{n.id, n.title, n.kernel, n.kernel_params};
    std::string source = kernels::emit_kernel_source(request);
    std::string file = kernel_file(n.id, n.kernel);
    k.set("source", source);
    k.set("lines", std::count(source.begin(), source.end(), '\n'));
    k.set("download_href", file);
    k.set("download_name", file.substr(file.rfind('/') + 1));
    extra.push_back({file, std::move(source)});
  } catch (const std::exception& e) {
    k.set("problem", e.what());
  }
  return k;
}

TemplateValue Pages::backlinks(std::size_t v) const {
  const auto& all = ctx_.backlinks(v);
  TemplateValue list = TemplateValue::list();
  list.reserve(all.size());
  for (const Backlink& b : all) {
    std::string via;
    for (std::string_view kind : b.kinds) {
      std::string words = outgoing_label(kind);
      words[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(words[0])));
      via += (via.empty() ? "" : ", ") + words;
    }
    if (b.mentions) via += via.empty() ? "mentions" : ", mentions";
    list.push(ref(b.from).set("via", std::move(via)).set("excerpt", TemplateValue::borrow(b.excerpt)));
  }
  return list;
}

TemplateValue Pages::diagnostics_of(const Note& n) const {
  TemplateValue list = TemplateValue::list();
  for (const Diagnostic* d : ctx_.diagnostics_of(n.path)) {
    const RuleInfo* rule = find_rule(d->rule);
    list.push(TemplateValue::object()
                  .set("severity", severity_name(d->severity))
                  .set("rule", TemplateValue::borrow(d->rule))
                  .set("rule_name", rule ? std::string(rule->name) : "")
                  .set("line", d->where.line)
                  .set("message", shortened(d->message, 600))
                  .set("href", "provenance.html#d" + std::to_string(ctx_.diagnostic_index(d))));
  }
  return list;
}

// Every note that uses a TERM, by glossary match, by wikilink or by a typed relation, in id order: the
// first mentions_cap of them, then how many more (a common term is used by thousands of notes).
TemplateValue Pages::mentioned_in(std::size_t v, int& tip, std::size_t& total) const {
  std::vector<std::uint32_t> users;  // ranks
  for (std::uint32_t m : ctx_.mentioned_in(v)) users.push_back(ctx_.rank(m));
  for (const Backlink& b : ctx_.backlinks(v)) users.push_back(ctx_.rank(b.from));
  std::sort(users.begin(), users.end());
  users.erase(std::unique(users.begin(), users.end()), users.end());
  total = users.size();
  std::size_t cap = ctx_.options().mentions_cap;
  TemplateValue list = TemplateValue::list();
  for (std::size_t i = 0; i < users.size() && i < cap; ++i)
    list.push(term_ref(ctx_.vertices_by_id()[users[i]], "tip_m" + std::to_string(++tip)));
  return list;
}

std::string Pages::neighbourhood_svg(std::size_t v) const {
  const Graph& g = ctx_.graph();
  std::vector<std::size_t> near = ctx_.neighbourhood(v, ctx_.options().neighbourhood_cap);
  SvgOptions o;
  o.focus = v;
  o.id = "nbh";
  o.width = 560;
  o.height = near.size() > 16 ? 500 : 420;
  o.title = "The neighbourhood of " + g.note(v).id + ": " + std::to_string(near.size()) + " nodes within two steps";
  return graph_svg(ctx_, near, ctx_.layouts().layout(g, ctx_.adjacency(), near), o);
}

std::string Pages::node_page(std::size_t v, SiteFiles& extra) const {
  const Graph& g = ctx_.graph();
  const Note& n = g.note(v);
  std::string body_html = ctx_.render_body_of(v);
  std::string svg = neighbourhood_svg(v);
  bool term = n.kind == Kind::Term;
  const std::string& title = n.title.empty() ? n.id : n.title;
  TemplateValue aliases = TemplateValue::list();
  for (const std::string& a : n.aliases) aliases.push(TemplateValue::borrow(a));
  TemplateValue diagnostics = diagnostics_of(n);
  bool has_diagnostics = !diagnostics.empty_list();
  // A TERM's page shows who uses it under "Mentioned in" instead of its backlinks.
  TemplateValue links = term ? TemplateValue::list() : backlinks(v);
  std::size_t backlink_count = links.size();
  TemplateValue data = TemplateValue::object();
  data.set("id", TemplateValue::borrow(n.id))
      .set("title", TemplateValue::borrow(title))
      .set("kind", n.kind ? kind_name(*n.kind) : "?")
      .set("kind_class", TemplateValue::borrow(SiteContext::kind_class(n)))
      .set("listing_href", n.kind ? listing_file(*n.kind) : "index.html")
      .set("listing_title", n.kind ? listing_title(*n.kind) : "Home")
      .set("status", TemplateValue::borrow(n.status))
      .set("status_class", slugify(n.status))
      .set("reading_time", reading_time(n.word_count))
      .set("aliases", std::move(aliases))
      .set("citation", citation(v))
      .set("diagnostics", std::move(diagnostics))
      .set("properties", properties(v))
      .set("body_html", TemplateValue::borrow(body_html))
      .set("kernel", kernel_section(v, extra))
      .set("graph_svg_html", TemplateValue::borrow(svg))
      .set("backlinks", std::move(links))
      .set("is_term", term)
      .set("has_diagnostics", has_diagnostics)
      .set("backlink_count", backlink_count);
  std::string hover;
  if (term) {
    const GlossaryTerm* gt = ctx_.glossary().find(n.id);
    hover = gt ? gt->hover() : n.short_definition;
    data.set("short", TemplateValue::borrow(n.short_definition))
        .set("plain", TemplateValue::borrow(n.plain))
        .set("hover", TemplateValue::borrow(hover));
    TemplateValue related = TemplateValue::list();
    int tip = 0;
    std::set<std::string> seen;
    for (const Relation* r : n.relations_of("related")) {
      auto w = r->to.empty() ? std::nullopt : ctx_.vertex(r->to);
      if (!w || !seen.insert(r->to).second) continue;
      related.push(term_ref(*w, "tip_r" + std::to_string(++tip)));
    }
    data.set("related", std::move(related));
    std::size_t total = 0;
    data.set("mentioned_in", mentioned_in(v, tip, total));
    if (std::size_t more = total - std::min(total, ctx_.options().mentions_cap)) {
      data.set("mentioned_more", "\u2026 and " + std::to_string(more) + (more == 1 ? " more note mentions" : " more notes mention") +
                                     " this term");
      data.set("mentioned_more_href", "search.html?q=" + percent_encode(title));
    }
  }
  std::string content;
  content.reserve(body_html.size() + svg.size() + 8192);
  t_.render("node", data, content);
  Frame frame;
  frame.title = term ? title : n.id + ": " + title;
  frame.current = n.kind ? listing_file(*n.kind).substr(0, listing_file(*n.kind).size() - 5) : "";
  frame.body_class = "page-node kind-" + std::string(SiteContext::kind_class(n));
  return wrap(frame, content);
}

}  // namespace anth::site
