#include "render/site/page_keys.h"

#include <algorithm>

#include "core/util/hasher.h"

namespace anth::site {

PageKeys::PageKeys(const SiteContext& context, std::string_view renderer) : ctx_(context) {
  if (renderer.empty()) return;
  const Graph& g = ctx_.graph();
  const SiteOptions& o = ctx_.options();
  Hasher site;
  site.text(renderer).text(ANTHOLOGY_VERSION).text(o.site_title).number(o.allow_raw_html);
  site.number(o.neighbourhood_cap).number(o.mentions_cap).number(o.excerpts_cap);
  site.number(g.vertex_count()).number(g.edge_count()).number(ctx_.glossary().fingerprint());
  site_ = site.digest();

  shown_.resize(g.vertex_count());
  for (std::size_t v = 0; v < shown_.size(); ++v) {
    const Note& n = g.note(v);
    shown_[v] = Hasher().text(n.id).text(n.title).text(ctx_.label(v)).text(ctx_.file(v)).text(SiteContext::kind_class(n)).digest();
  }
}

std::uint64_t PageKeys::node_page(std::size_t v) const {
  if (site_ == 0) return 0;
  const Graph& g = ctx_.graph();
  const Note& n = g.note(v);
  Hasher h;
  h.number(site_).number(shown_[v]).text(n.path).number(n.content_hash).number(ctx_.body_dependencies(v));
  if (const StoredKernelResult* r = n.kernel.empty() ? nullptr : ctx_.kernel_result(n.id))
    h.text(r->kernel).number(r->pass).text(r->claims_json).text(r->compiler).text(r->checked_at).text(r->error);
  // Relations both ways, as resolved this build.
  for (const Relation& r : n.relations) {
    h.text(r.kind).text(r.written).text(r.to);
    if (auto w = r.to.empty() ? std::nullopt : ctx_.vertex(r.to)) h.number(shown_[*w]);
  }
  h.text("in");
  for (const Edge& e : g.in_edges(v)) h.number(shown_[e.from]).text(e.relation->kind);
  h.text("backlinks");
  for (const Backlink& b : ctx_.backlinks(v)) {
    h.number(shown_[b.from]).number(b.mentions).text(b.excerpt);
    for (std::string_view kind : b.kinds) h.text(kind);
  }
  h.text("readings");
  for (std::size_t r : g.readings(v)) h.number(shown_[r]);
  h.text("mentioned in");
  const auto& mentions = ctx_.mentioned_in(v);
  h.number(mentions.size());
  for (std::uint32_t m : mentions) h.number(shown_[m]);
  // The neighbourhood drawing: its members, and the edges among them (which fix the layout).
  h.text("neighbourhood");
  std::vector<std::size_t> near = ctx_.neighbourhood(v, ctx_.options().neighbourhood_cap);
  for (std::size_t m : near) {
    h.number(shown_[m]);
    for (const OutEdge& e : ctx_.adjacency().out(m)) {
      auto it = std::find(near.begin(), near.end(), e.to);
      if (it != near.end()) h.number(it - near.begin()).number(e.mention);
    }
    h.text("");
  }
  h.text("diagnostics");
  for (const Diagnostic* d : ctx_.diagnostics_of(n.path)) {
    h.number(ctx_.diagnostic_index(d)).text(d->rule).number(static_cast<int>(d->severity)).text(d->message);
    h.number(d->where.line).number(d->where.column);
  }
  return h.digest();
}

}  // namespace anth::site
