// A resident site's patch of its context (site_render.h): the notes changed in place, the graph's
// vertices and edges as they were; what the context took of them is taken again, and the bodies that
// changed are passed again exactly as pass_bodies() passes one (site_body_pass.cpp).
#include <algorithm>

#include "render/site/embeds.h"
#include "render/site/markdown_assets.h"
#include "render/site/site_context.h"

namespace anth::render::site {

bool SiteContext::refresh_names(const std::vector<std::size_t>& changed) {
  const graph::Graph& g = input_.graph;
  // The glossary is made of the TERMs: only a TERM's change can change it.
  if (std::any_of(changed.begin(), changed.end(), [&](std::size_t v) { return g.note(v).kind == Kind::Term; }) &&
      Glossary(input_.corpus).fingerprint() != glossary_.fingerprint())
    return false;
  for (std::size_t v : changed) vertices_.refresh(input_.corpus, g, v);
  records_.refresh_diagnostics();
  return true;
}

std::optional<SiteContext::Repassed> SiteContext::repass(std::size_t v, const std::vector<std::uint32_t>& linked_before) {
  BodyPassCache* cache = input_.options.pass_cache.get();
  const Note& n = input_.graph.note(v);
  std::shared_ptr<const PassedNote> held = cache ? cache->held(n.path) : nullptr;
  if (!held) return std::nullopt;
  Repassed out;
  out.before = cache->unpack(*held);
  out.terms_before = term_vertices(held->terms);

  body_dependencies_[v] = dependencies_of(n);
  BodyText read;
  BodyView text = body_text(n, read);
  auto target = [this](std::string_view id) { return link_target(id); };
  FilledBody body = fill_body(n, text.html, target, glossary_, bodies_kept_, query_html(v), embed_source());
  auto fresh = std::make_shared<PassedNote>();
  fresh->key = pass_key(v, body_dependencies_[v], true);
  fresh->features = body_features(text.html);
  fresh->terms = std::move(body.terms);
  fresh->terms.shrink_to_fit();
  SearchDoc doc = search_doc(n, text.html, text.plain);
  DocTerms counted = count_terms(doc);
  out.after = search_entry(doc, std::move(counted));
  out.after.key = fresh->key;

  features_[v] = fresh->features;
  if (bodies_kept_) bodies_.put(v, body.html);
  out.terms_after = term_vertices(fresh->terms);
  backlinks_.patch_body(input_.graph, v, n, linked_before, out.terms_before, out.terms_after);
  cache->pack(*fresh, out.after);
  cache->put(n.path, std::move(fresh));
  return out;
}

SearchEntry SiteContext::snippet_of(std::size_t v) const {
  const Note& n = input_.graph.note(v);
  BodyText read;
  BodyView text = body_text(n, read);
  SearchEntry entry;
  make_snippet(search_doc(n, text.html, text.plain), entry);
  return entry;
}

std::vector<std::size_t> SiteContext::answer_queries_again() {
  QueryBlocks fresh(input_.graph, input_.options.query_db);
  std::vector<std::size_t> moved;
  for (std::size_t v = 0; v < input_.graph.vertex_count(); ++v)
    if (fresh.key(v) != queries_.key(v)) moved.push_back(v);
  queries_ = std::move(fresh);
  return moved;
}

std::uint8_t SiteContext::features_now() {
  any_features_ = 0;
  for (std::uint8_t f : features_) any_features_ |= f;
  return any_features_;
}

}  // namespace anth::render::site
