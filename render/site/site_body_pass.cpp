// The one pass over every body: filled in on every core (body_fill.h), then used in id order as each
// comes: its search document, what it draws from other notes (body_dependencies), its links and
// terms for the backlinks and mentions, and its HTML kept for its page.
#include <xxhash.h>

#include "core/util/thread_pool.h"
#include "render/site/embeds.h"
#include "render/site/html.h"
#include "render/site/markdown_assets.h"
#include "render/site/site_context.h"

namespace anth::site {

namespace {

constexpr std::size_t body_window = 256;  // bodies read ahead of their use, at most

// A body's pass result.
struct PassedBody {
  FilledBody body;
  std::uint8_t features = 0;
  SearchDoc doc;  // when the search index is built
  DocTerms terms;
};

// What a body draws from other notes: each link's resolved id and what a link to it shows, the
// attachment it names, and for an embed of a note that note's content and, as deep as embeds nest
// (embeds.h), what its own body draws.
template <class Target, class NoteOf>
void add_dependencies(const Note& n, const Target& target, const NoteOf& note_of, std::size_t depth, std::string& made_of) {
  for (const BodyLink& l : n.rendered.links) {
    LinkTarget t = l.resolved.empty() ? LinkTarget{} : target(l.resolved);
    made_of.append(l.resolved).append(1, '\0').append(t.title).append(1, '\0').append(t.kind).append(1, '\0');
    made_of.append(l.attachment).append(1, '\0');
    if (!l.embed || l.resolved.empty() || l.resolved == n.id || depth >= max_embed_depth) continue;
    if (const Note* e = note_of(l.resolved)) {
      made_of.append(std::to_string(e->content_hash)).append(1, '{');
      add_dependencies(*e, target, note_of, depth + 1, made_of);
      made_of.append(1, '}');
    }
  }
}

SearchDoc search_doc(const Note& n, std::string_view html, std::string_view plain) {
  std::string aliases, text;
  // Aliases and authors are searched with the title's weight (search.js ranks them after the title).
  for (const auto* names : {&n.aliases, &n.authors})
    for (const std::string& a : *names) aliases += a + " ";
  for (const std::string* part : {&n.short_definition, &n.plain})
    if (!part->empty()) text += *part + "\n";
  std::vector<SearchHeading> headings = locate_headings(html, plain);
  for (SearchHeading& h : headings) h.at += text.size();
  text += plain;
  return {n.id, n.title.empty() ? n.id : n.title, aliases, n.kind ? kind_name(*n.kind) : "?", node_file(n.id), std::move(text),
          std::move(headings)};
}

}  // namespace

std::uint64_t SiteContext::dependencies_of(const Note& n) const {
  auto target = [this](std::string_view id) { return link_target(id); };
  auto note_of = [this](std::string_view id) -> const Note* {
    std::optional<std::size_t> w = vertex(id);
    return w ? &input_.graph.note(*w) : nullptr;
  };
  std::string made_of;
  add_dependencies(n, target, note_of, 1, made_of);
  return XXH3_64bits(made_of.data(), made_of.size());
}

void SiteContext::pass_bodies(const DocUse& on_doc) {
  const Graph& g = input_.graph;
  const std::size_t count = g.vertex_count();
  body_dependencies_.assign(count, 0);
  features_.assign(count, 0);
  // When the current site recorded keys for most pages, most pages will be kept (page_keys.h): the
  // pass then fills in no HTML, only the terms, and the few pages rendered fill their bodies again.
  bodies_kept_ = input_.options.recorded.size() < count / 2;
  auto target = [this](std::string_view id) { return link_target(id); };
  const EmbedSource embeds = embed_source();
  const auto& by_id = vertices_.by_id();
  ordered_parallel<PassedBody>(
      count, threads_, body_window,
      [&](std::size_t i) {
        const Note& n = g.note(by_id[i]);
        BodyText read;  // the body's text, when the index keeps it: held only while it is used
        BodyView text = body_text(n, read);
        PassedBody p;
        p.body = fill_body(n, text.html, target, glossary_, bodies_kept_, query_html(by_id[i]), embeds);
        p.features = body_features(text.html);
        if (on_doc) {
          p.doc = search_doc(n, text.html, text.plain);
          p.terms = count_terms(p.doc);
        }
        return p;
      },
      [&](std::size_t i, PassedBody& p) {
        if (input_.options.progress) input_.options.progress("bodies", i + 1, count);
        std::size_t v = by_id[i];
        const Note& n = g.note(v);
        body_dependencies_[v] = dependencies_of(n);
        features_[v] = p.features;
        any_features_ |= p.features;
        if (bodies_kept_) bodies_.put(v, p.body.html);
        if (on_doc) on_doc(v, p.doc, p.terms);
        std::vector<std::size_t> terms;
        for (std::size_t term : p.body.terms)
          if (auto t = vertex(glossary_.terms()[term].id)) terms.push_back(*t);
        backlinks_.add_body(v, n, terms);
      });
}

}  // namespace anth::site
