#include "render/site/site_context.h"

#include "core/model/tag_names.h"
#include "core/util/hasher.h"
#include "core/util/thread_pool.h"

namespace anth::render::site {

SiteContext::SiteContext(const SiteInput& input, const DocUse& on_doc)
    : input_(input),
      glossary_(input.corpus),
      adjacency_(input.graph),
      threads_(input.options.threads ? input.options.threads : util::worker_count()),
      vertices_(input.corpus, input.graph),
      backlinks_(input.graph, vertices_, input.options.excerpts_cap),
      records_(input.diagnostics, input.kernel_results),
      layouts_(input.options.layout_cache.empty() ? std::make_unique<LayoutCache>()
                                                  : std::make_unique<LayoutCache>(input.options.layout_cache)),
      queries_(input.graph, input.options.query_db),
      bodies_(input.graph.vertex_count()) {
  TagNames tags;  // every note of the graph has its say in a tag's listed spelling
  for (std::size_t v = 0; v < input.graph.vertex_count(); ++v) {
    const Note& n = input.graph.note(v);
    if (n.kind) kinds_present_ |= 1u << static_cast<int>(*n.kind);
    tags.add(n.path, n.tags);
  }
  tag_names_ = tags.names();
  pass_bodies(on_doc);
}

std::string SiteContext::render_body_of(std::size_t v) const {
  if (bodies_kept_)
    if (std::optional<std::string> kept = bodies_.get(v)) return std::move(*kept);
  // Not kept: filled in again.
  const Note& n = input_.graph.note(v);
  BodyText read;
  return std::move(fill_body(n, body_text(n, read).html, [this](std::string_view id) { return link_target(id); }, glossary_, true,
                             query_html(v), embed_source())
                       .html);
}

EmbedSource SiteContext::embed_source() const {
  return [this](std::string_view id) -> std::optional<EmbeddedNote> {
    std::optional<std::size_t> w = vertex(id);
    if (!w) return std::nullopt;
    EmbeddedNote e;
    e.note = &input_.graph.note(*w);
    BodyText read;
    e.html = std::string(body_text(*e.note, read).html);
    return e;
  };
}

SiteContext::BodyView SiteContext::body_text(const Note& n, BodyText& read) const {
  if (!n.rendered.stored) return {n.rendered.html, n.rendered.plain};
  if (input_.options.stored_body)
    if (std::optional<BodyText> got = input_.options.stored_body(n)) read = std::move(*got);
  return {read.html, read.plain};
}

std::vector<std::size_t> SiteContext::neighborhood(std::size_t v, std::size_t cap) const {
  graph::Graph::NeighborhoodOptions o;
  o.depth = 2;
  o.cap = cap;
  o.expand = graph::Graph::NeighborhoodOptions::Expand::SparseFirst;
  std::vector<std::size_t> out;
  for (const graph::Graph::Reached& r : input_.graph.neighborhood(v, o)) out.push_back(r.vertex);
  return out;
}

void SiteContext::hash_diagnostic(util::Hasher& h, const Diagnostic* d) const {
  h.number(diagnostic_index(d)).text(d->rule).number(static_cast<int>(d->severity)).text(d->message);
  h.number(d->where.line).number(diagnostic_listed(d));
}

}  // namespace anth::render::site
