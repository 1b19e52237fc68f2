// The one pass over every body: filled in on every core (body_fill.h), then used in id order as each
// comes: its search document, what it draws from other notes (body_dependencies), its links and
// terms for the backlinks and mentions, and its HTML kept for its page.
#include <xxhash.h>

#include <functional>

#include "core/util/hasher.h"
#include "core/util/thread_pool.h"
#include "render/site/embeds.h"
#include "render/site/html.h"
#include "render/site/markdown_assets.h"
#include "render/site/site_context.h"

namespace anth::render::site {

namespace {

constexpr std::size_t body_window = 256;  // bodies read ahead of their use, at most

// A body's pass result: its HTML when the pass keeps it; the rest made now (fresh, with its search
// entry) or as a resident site cached it (with only its snippet made when its snippet file is).
struct PassedBody {
  std::string html;
  std::shared_ptr<PassedNote> fresh;
  SearchEntry entry;  // of a fresh pass
  std::shared_ptr<const PassedNote> cached;
};

// The search entry of a pass: made now, or the cached one with its snippet when that was made again.
SearchEntry search_entry_of(const BodyPassCache* cache, PassedBody& p) {
  if (!p.cached) return std::move(p.entry);
  SearchEntry entry = cache->numbered(*p.cached);
  if (p.entry.snippet_made) {
    entry.snippet = std::move(p.entry.snippet);
    entry.heads = std::move(p.entry.heads);
    entry.snippet_made = true;
  }
  return entry;
}

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

}  // namespace

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

namespace {

// The key of each snippet file (search_chunk_key), into `chunk_keys`, and whether each is kept as the
// site holds it: its key is the one the cache wrote last and every note of it has its pass cached.
std::vector<bool> kept_chunks(const BodyPassCache& cache, const std::vector<std::uint64_t>& keys,
                              const std::function<const std::string&(std::size_t)>& path_of, bool keep_any,
                              std::vector<std::uint64_t>& chunk_keys) {
  std::vector<bool> kept;
  for (std::size_t c = 0; c * search_chunk_size < keys.size(); ++c) {
    std::size_t first = c * search_chunk_size, n = std::min(search_chunk_size, keys.size() - first);
    chunk_keys.push_back(search_chunk_key(keys.data() + first, n, c));
    bool k = keep_any && c < cache.chunk_keys().size() && cache.chunk_keys()[c] == chunk_keys.back();
    for (std::size_t i = first; k && i < first + n; ++i) k = cache.find(path_of(i), keys[i]) != nullptr;
    kept.push_back(k);
  }
  return kept;
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

std::vector<std::size_t> SiteContext::term_vertices(const std::vector<std::uint32_t>& terms) const {
  std::vector<std::size_t> out;
  for (std::size_t term : terms)  // a term past the glossary: a damaged .anthology-passes
    if (term < term_vertex_.size() && term_vertex_[term]) out.push_back(*term_vertex_[term]);
  return out;
}

// The key of a note's pass (body_pass_cache.h).
std::uint64_t SiteContext::pass_key(std::size_t v, std::uint64_t dependencies, bool search) const {
  const Note& n = input_.graph.note(v);
  return util::Hasher()
      .text(n.path)
      .text(n.id)
      .number(n.content_hash)
      .number(dependencies)
      .number(glossary_.fingerprint())
      .number(queries_.key(v))
      .number(search)
      .number(input_.options.allow_raw_html)
      .digest();
}

void SiteContext::pass_bodies(const DocUse& on_doc) {
  const graph::Graph& g = input_.graph;
  const std::size_t count = g.vertex_count();
  body_dependencies_.assign(count, 0);
  features_.assign(count, 0);
  // When the current site recorded keys for most pages, most pages will be kept (page_keys.h): the
  // pass then fills in no HTML, only the terms, and the few pages rendered fill their bodies again.
  bodies_kept_ = input_.options.recorded.size() < count / 2;
  const auto& by_id = vertices_.by_id();
  for (std::size_t v = 0; v < count; ++v) body_dependencies_[v] = dependencies_of(g.note(v));

  // With a cache, a note's pass is taken from it when its key is unchanged; its text is read for its
  // snippet only when its snippet file is made again (a note of it changed or moved).
  BodyPassCache* cache = input_.options.pass_cache.get();
  std::vector<std::uint64_t> keys(cache ? count : 0), chunk_keys;
  std::vector<bool> chunk_kept;
  if (cache) {
    for (std::size_t i = 0; i < count; ++i) keys[i] = pass_key(by_id[i], body_dependencies_[by_id[i]], bool(on_doc));
    auto path_of = [&](std::size_t i) -> const std::string& { return g.note(by_id[i]).path; };
    chunk_kept = kept_chunks(*cache, keys, path_of, !bodies_kept_, chunk_keys);
  }
  std::unordered_map<std::string, std::shared_ptr<const PassedNote>> passes;
  term_vertex_.clear();  // each glossary term's vertex, found once
  for (const auto& term : glossary_.terms()) term_vertex_.push_back(vertex(term.id));
  auto target = [this](std::string_view id) { return link_target(id); };
  const EmbedSource embeds = embed_source();
  util::ordered_parallel<PassedBody>(
      count, threads_, body_window,
      [&](std::size_t i) {
        std::size_t v = by_id[i];
        const Note& n = g.note(v);
        PassedBody p;
        p.cached = cache && !bodies_kept_ ? cache->find(n.path, keys[i]) : nullptr;
        if (p.cached && (!on_doc || chunk_kept[i / search_chunk_size])) {
          p.entry.snippet_made = false;  // its snippet file is kept
          return p;
        }
        BodyText read;  // the body's text, when the index keeps it: held only while it is used
        BodyView text = body_text(n, read);
        if (p.cached) {  // its snippet file is made again: its text is read, nothing else made
          make_snippet(search_doc(n, text.html, text.plain), p.entry);
          return p;
        }
        FilledBody body = fill_body(n, text.html, target, glossary_, bodies_kept_, query_html(v), embeds);
        p.fresh = std::make_shared<PassedNote>();
        p.fresh->key = cache ? keys[i] : 0;
        p.fresh->features = body_features(text.html);
        p.fresh->terms = std::move(body.terms);
        p.fresh->terms.shrink_to_fit();  // kept for the whole build, 100,000 of them
        if (on_doc) {
          SearchDoc doc = search_doc(n, text.html, text.plain);
          DocTerms counted = count_terms(doc);
          p.entry = search_entry(doc, std::move(counted));
          p.entry.key = p.fresh->key;
        }
        p.html = std::move(body.html);
        return p;
      },
      [&](std::size_t i, PassedBody& p) {
        if (input_.options.progress) input_.options.progress("bodies", i + 1, count);
        std::size_t v = by_id[i];
        const Note& n = g.note(v);
        const PassedNote& passed = p.cached ? *p.cached : *p.fresh;
        features_[v] = passed.features;
        any_features_ |= passed.features;
        if (bodies_kept_) bodies_.put(v, p.html);
        if (on_doc) {
          SearchEntry entry = search_entry_of(cache, p);
          if (cache && p.fresh) cache->pack(*p.fresh, entry);
          on_doc(v, entry);
        }
        backlinks_.add_body(v, n, term_vertices(passed.terms));
        if (!cache) return;
        passes.emplace(n.path, p.cached ? std::move(p.cached) : std::shared_ptr<const PassedNote>(std::move(p.fresh)));
      });
  if (cache) cache->replace(std::move(passes), std::move(chunk_keys));
}

}  // namespace anth::render::site
