#include "render/site/page_keys.h"

#include "core/util/hasher.h"

namespace anth::render::site {

PageKeys::PageKeys(const SiteContext& context, std::string_view renderer) : ctx_(context) {
  if (renderer.empty()) return;
  const graph::Graph& g = ctx_.graph();
  const SiteOptions& o = ctx_.options();
  util::Hasher site;
  site.text(renderer).text(ANTHOLOGY_VERSION).text(o.site_title).number(o.allow_raw_html);
  site.number(o.neighborhood_cap).number(o.mentions_cap).number(o.excerpts_cap);
  site.number(g.vertex_count()).number(g.edge_count()).number(ctx_.glossary().fingerprint()).number(ctx_.kinds_present());
  site_ = site.digest();

  shown_.resize(g.vertex_count());
  for (std::size_t v = 0; v < shown_.size(); ++v) {
    const Note& n = g.note(v);
    shown_[v] = util::Hasher().text(n.id).text(n.title).text(ctx_.label(v)).text(ctx_.file(v)).text(SiteContext::kind_class(n)).digest();
  }
}

std::uint64_t PageKeys::node_page(std::size_t v) const {
  if (site_ == 0) return 0;
  util::Hasher h;
  h.number(site_);
  for (const NodeSection& s : node_sections()) {
    h.text(s.name);
    s.key(*this, v, h);
  }
  return h.digest();
}

std::uint64_t PageKeys::section(const NodeSection& section, std::size_t v) const {
  util::Hasher h;
  section.key(*this, v, h);
  return h.digest();
}

}  // namespace anth::render::site
