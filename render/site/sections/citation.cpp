// A paper's citation under its title: authors, year, arXiv id, venue, DOI, URL, and the readings of it.
#include "core/util/hasher.h"
#include "render/site/html.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const graph::Graph& g = pages.context().graph();
  const Note& n = g.note(v);
  if (n.kind != Kind::Lit) {
    page.data.set("citation", false);
    return;
  }
  std::string byline_authors = n.authors.size() > 2 ? authors_full(n.authors) : "";
  bool url = util::is_safe_url(n.url) && n.url.rfind("http", 0) == 0;
  bool has_byline = !byline_authors.empty() || !n.venue.empty() || !n.doi.empty() || (url && !n.url.empty());
  TemplateValue readings = TemplateValue::list();
  for (std::size_t r : g.readings(v)) readings.push(pages.ref(r));
  page.data.set("citation", TemplateValue::object()
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
                                .set("has_byline", has_byline));
}

void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const graph::Graph& g = keys.context().graph();
  const Note& n = g.note(v);
  h.number(n.kind == Kind::Lit);
  if (n.kind != Kind::Lit) return;
  h.number(n.authors.size());
  for (const std::string& a : n.authors) h.text(a);
  h.number(n.year).text(n.arxiv).text(n.venue).text(n.doi).text(n.url);
  for (std::size_t r : g.readings(v)) h.number(keys.shown(r));
}

const NodeSectionRegistration registered{{"citation", 20, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
