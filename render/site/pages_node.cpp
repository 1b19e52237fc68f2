// The page of one node: header and citation, Properties, body, kernel, Graph View, Backlinks; and
// for a TERM its plain words, related terms and where it is mentioned.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>

#include "core/model/schema.h"
#include "core/rules/rule_catalog.h"
#include "render/kernels/kernel_library.h"
#include "render/site/graph_svg.h"
#include "render/site/html.h"
#include "render/site/pages.h"

namespace anth::site {

namespace {

// Relations shown elsewhere on the page rather than as a Properties row.
bool shown_elsewhere(std::string_view kind) { return kind == "mentions" || kind == "read_as"; }

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

nlohmann::json Pages::properties(std::size_t v) const {
  const Graph& g = ctx_.graph();
  const Note& n = g.note(v);
  nlohmann::json rows = nlohmann::json::array();
  auto row = [](std::string label) {
    return nlohmann::json{{"label", std::move(label)}, {"text", ""}, {"tags", nlohmann::json::array()},
                          {"refs", nlohmann::json::array()}};
  };
  if (!n.status.empty()) {
    nlohmann::json r = row("Status");
    r["text"] = capitalize(n.status);
    rows.push_back(r);
  }
  if (n.version > 1 || n.field("version")) {
    nlohmann::json r = row("Version");
    r["text"] = std::to_string(n.version);
    rows.push_back(r);
  }
  if (!n.tags.empty()) {
    nlohmann::json r = row("Tags");
    for (const std::string& t : n.tags) r["tags"].push_back({{"name", t}, {"href", tag_file(t)}});
    rows.push_back(r);
  }
  if (!n.promote_when.empty()) {
    nlohmann::json r = row("Promote when");
    r["text"] = n.promote_when;
    rows.push_back(r);
  }

  // Outgoing typed relations, in schema order; targets in the order written, once each.
  for (std::string_view kind : relation_kinds()) {
    if (shown_elsewhere(kind) || (n.kind == Kind::Term && kind == "related")) continue;
    nlohmann::json r = row(outgoing_label(kind));
    std::set<std::string> seen;
    for (const Relation* rel : n.relations_of(kind)) {
      std::string key = rel->to.empty() ? "?" + rel->written : rel->to;
      if (!seen.insert(key).second) continue;
      if (auto w = rel->to.empty() ? std::nullopt : g.vertex(rel->to)) {
        r["refs"].push_back(ref(*w));
      } else {
        r["refs"].push_back({{"id", ""}, {"title", ""}, {"label", rel->written}, {"href", ""}, {"kind", ""},
                             {"kind_class", ""}, {"unresolved", true}, {"written", rel->written}});
      }
    }
    if (!r["refs"].empty()) rows.push_back(r);
  }

  // Incoming typed relations, grouped by relation, groups and entries in alphabetical order.
  std::map<std::string, std::set<std::pair<std::string, std::size_t>>> incoming;
  for (const Edge& e : g.in_edges(v)) {
    if (e.from == v || shown_elsewhere(e.relation->kind)) continue;
    incoming[incoming_label(e.relation->kind)].insert({g.note(e.from).id, e.from});
  }
  for (const auto& [label, sources] : incoming) {
    nlohmann::json r = row(label);
    for (const auto& [id, from] : sources) r["refs"].push_back(ref(from));
    rows.push_back(r);
  }
  return {{"count", rows.size()}, {"rows", rows}};
}

nlohmann::json Pages::citation(std::size_t v) const {
  const Graph& g = ctx_.graph();
  const Note& n = g.note(v);
  if (n.kind != Kind::Lit) return false;
  nlohmann::json c = {{"authors", authors_short(n.authors)},
                      {"year", n.year > 0 ? std::to_string(n.year) : ""},
                      {"arxiv", n.arxiv},
                      {"arxiv_href", n.arxiv.empty() ? "" : "https://arxiv.org/abs/" + percent_encode(n.arxiv)},
                      {"byline_authors", n.authors.size() > 2 ? authors_full(n.authors) : ""},
                      {"venue", n.venue},
                      {"doi", n.doi},
                      {"doi_href", n.doi.empty() ? "" : "https://doi.org/" + percent_encode(n.doi)},
                      {"url", is_safe_url(n.url) && n.url.rfind("http", 0) == 0 ? n.url : ""},
                      {"readings", nlohmann::json::array()}};
  for (std::size_t r : g.readings(v)) c["readings"].push_back(ref(r));
  c["has_byline"] = !c["byline_authors"].get<std::string>().empty() || !n.venue.empty() || !n.doi.empty() ||
                    !c["url"].get<std::string>().empty();
  return c;
}

nlohmann::json Pages::kernel_result_json(const Note& n) const {
  const StoredKernelResult* r = ctx_.kernel_result(n.id);
  if (r) {
    auto [base, variant] = kernels::split_kernel_name(n.kernel);
    if (r->kernel != n.kernel && r->kernel != base) r = nullptr;
  }
  if (!r) return {{"state", "unchecked"}, {"label", "not yet checked"}, {"claims", nlohmann::json::array()},
                  {"compiler", ""}, {"checked_at", ""}, {"error", ""}};
  nlohmann::json claims = nlohmann::json::array();
  nlohmann::json parsed = nlohmann::json::parse(r->claims_json, nullptr, false);
  if (parsed.is_array())
    for (const auto& c : parsed) {
      if (!c.is_object()) continue;
      bool pass = c.value("pass", false);
      claims.push_back({{"claim", c.contains("claim") ? number_text(c["claim"]) : ""},
                        {"measured", c.contains("measured") ? number_text(c["measured"]) : ""},
                        {"bound", c.contains("bound") ? number_text(c["bound"]) : ""},
                        {"pass", pass},
                        {"verdict", pass ? "pass" : "fail"}});
    }
  return {{"state", r->pass ? "pass" : "fail"},
          {"label", r->pass ? "passed" : (r->error.empty() ? "failed" : "could not run")},
          {"claims", claims},
          {"compiler", r->compiler},
          {"checked_at", r->checked_at},
          {"error", r->error}};
}

nlohmann::json Pages::kernel_section(std::size_t v, SiteFiles& extra) const {
  const Note& n = ctx_.graph().note(v);
  if (n.kernel.empty() || (n.kind != Kind::Sota && n.kind != Kind::Theory)) return false;
  auto [base, variant] = kernels::split_kernel_name(n.kernel);
  const kernels::KernelInfo* info = kernels::find_kernel(n.kernel);
  nlohmann::json k = {{"name", n.kernel},
                      {"practice", info ? info->practice : ""},
                      {"formula", info ? info->formula : ""},
                      {"papers", info ? info->papers : ""},
                      {"source", ""},
                      {"lines", 0},
                      {"download_href", ""},
                      {"download_name", ""},
                      {"problem", ""},
                      {"params", nlohmann::json::array()},
                      {"result", kernel_result_json(n)}};
  for (const auto& [name, value] : n.kernel_params) k["params"].push_back({{"name", name}, {"value", number_text(value)}});
  try {
    kernels::KernelRequest request{n.id, n.title, n.kernel, n.kernel_params};
    std::string source = kernels::emit_kernel_source(request);
    std::string file = kernel_file(n.id, n.kernel);
    k["source"] = source;
    k["lines"] = std::count(source.begin(), source.end(), '\n');
    k["download_href"] = file;
    k["download_name"] = file.substr(file.rfind('/') + 1);
    extra.push_back({file, std::move(source)});
  } catch (const std::exception& e) {
    k["problem"] = e.what();
  }
  return k;
}

nlohmann::json Pages::backlinks(std::size_t v) const {
  nlohmann::json list = nlohmann::json::array();
  for (const Backlink& b : ctx_.backlinks(v)) {
    std::string via;
    for (const std::string& kind : b.kinds) {
      std::string words = outgoing_label(kind);
      words[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(words[0])));
      via += (via.empty() ? "" : ", ") + words;
    }
    if (b.mentions) via += via.empty() ? "mentions" : ", mentions";
    nlohmann::json item = ref(b.from);
    item["via"] = via;
    item["excerpt"] = b.excerpt;
    list.push_back(item);
  }
  return list;
}

nlohmann::json Pages::diagnostics_of(const Note& n) const {
  nlohmann::json list = nlohmann::json::array();
  for (const Diagnostic* d : ctx_.diagnostics_of(n.path)) {
    const RuleInfo* rule = find_rule(d->rule);
    list.push_back({{"severity", severity_name(d->severity)},
                    {"rule", d->rule},
                    {"rule_name", rule ? std::string(rule->name) : ""},
                    {"line", d->where.line},
                    {"message", shortened(d->message, 600)},
                    {"href", "provenance.html#d" + std::to_string(ctx_.diagnostic_index(d))}});
  }
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
  return graph_svg(g, near, ctx_.layouts().layout(g, near), o);
}

std::string Pages::node_page(std::size_t v, SiteFiles& extra) const {
  const Graph& g = ctx_.graph();
  const Note& n = g.note(v);
  RenderedBody body = ctx_.render_body_of(v);
  bool term = n.kind == Kind::Term;
  nlohmann::json data = {
      {"id", n.id},
      {"title", n.title.empty() ? n.id : n.title},
      {"kind", n.kind ? kind_name(*n.kind) : "?"},
      {"kind_class", SiteContext::kind_class(n)},
      {"listing_href", n.kind ? listing_file(*n.kind) : "index.html"},
      {"listing_title", n.kind ? listing_title(*n.kind) : "Home"},
      {"status", n.status},
      {"status_class", slugify(n.status)},
      {"reading_time", reading_time(n.word_count)},
      {"aliases", n.aliases},
      {"citation", citation(v)},
      {"diagnostics", diagnostics_of(n)},
      {"properties", properties(v)},
      {"body_html", body.html},
      {"kernel", kernel_section(v, extra)},
      {"graph_svg_html", neighbourhood_svg(v)},
      {"backlinks", backlinks(v)},
      {"is_term", term},
  };
  data["has_diagnostics"] = !data["diagnostics"].empty();
  data["backlink_count"] = data["backlinks"].size();
  if (term) {
    const GlossaryTerm* gt = ctx_.glossary().find(n.id);
    data["short"] = n.short_definition;
    data["plain"] = n.plain;
    data["hover"] = gt ? gt->hover() : n.short_definition;
    nlohmann::json related = nlohmann::json::array();
    int tip = 0;
    std::set<std::string> seen;
    for (const Relation* r : n.relations_of("related")) {
      auto w = r->to.empty() ? std::nullopt : g.vertex(r->to);
      if (!w || !seen.insert(r->to).second) continue;
      related.push_back(term_ref(*w, "tip_r" + std::to_string(++tip)));
    }
    data["related"] = related;
    nlohmann::json mentioned = nlohmann::json::array();
    // Every note that uses the term: by glossary match, by wikilink or by a typed relation.
    std::set<std::pair<std::string, std::size_t>> users;
    for (std::size_t m : ctx_.mentioned_in(v)) users.insert({g.note(m).id, m});
    for (const Backlink& b : ctx_.backlinks(v)) users.insert({g.note(b.from).id, b.from});
    for (const auto& [id, m] : users) mentioned.push_back(term_ref(m, "tip_m" + std::to_string(++tip)));
    data["mentioned_in"] = mentioned;
  }
  std::string content = t_.render("node", data);
  Frame frame;
  frame.title = n.id + ": " + (n.title.empty() ? n.id : n.title);
  if (term) frame.title = n.title.empty() ? n.id : n.title;
  frame.current = n.kind ? listing_file(*n.kind).substr(0, listing_file(*n.kind).size() - 5) : "";
  frame.body_class = "page-node kind-" + SiteContext::kind_class(n);
  return wrap(frame, content);
}

}  // namespace anth::site
