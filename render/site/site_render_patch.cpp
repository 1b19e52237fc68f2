// A resident site's patch (site_render.h): what changed is found from the notes and the graph, and
// made again with the units build() uses.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <iterator>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "core/util/hasher.h"
#include "core/util/phase_timer.h"
#include "core/util/thread_pool.h"
#include "render/site/body_pass_file.h"
#include "render/site/embeds.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"
#include "render/site/site_render.h"

namespace anth::render::site {

namespace {

constexpr std::size_t most_patched = 64;  // more notes changed at once: the site is built anew

// The note as the site reads it: its file (content hash), path, names, and what the resolver made of it.
std::uint64_t note_print(const Note& n) {
  util::Hasher h;
  h.number(n.content_hash).text(n.path).text(n.id).number(n.in_graph).text(n.committed);
  for (const Relation& r : n.relations) h.text(r.kind).text(r.written).text(r.to);
  h.text("links");
  for (const BodyLink& l : n.rendered.links) h.text(l.resolved).text(l.anchor).text(l.attachment);
  return h.digest();
}

// What a patch does not follow: the kind (its listings, the id patterns), tags (tag pages and counts)
// and a tagged note's path (a tag's listed spelling goes with it, core/model/tag_names.h), the kernel
// (its file), the query blocks (answered once) and the attachments (copied once).
std::uint64_t fixed_print(const Note& n) {
  util::Hasher h;
  h.number(n.kind ? static_cast<int>(*n.kind) : -1).number(n.tags.size());
  for (const std::string& t : n.tags) h.text(t);
  if (!n.tags.empty()) h.text(n.path);
  h.number(shows_kernel(n)).text(n.kernel).number(n.rendered.queries.size());
  for (const QueryBlock& q : n.rendered.queries) h.text(q.text);
  for (const BodyLink& l : n.rendered.links) h.text(l.attachment);
  return h.digest();
}

// v's edges out, with their kinds: a note whose print is unchanged makes the same edges.
std::uint64_t edges_print(const graph::Graph& g, std::size_t v) {
  util::Hasher h;
  for (const graph::Edge& e : g.out_edges(v)) h.number(e.to).text(e.relation->kind);
  return h.digest();
}

std::uint64_t findings_print(const std::vector<Diagnostic>& all) {
  util::Hasher h;
  for (const Diagnostic& d : all) h.text(d.where.file).number(d.where.line).text(d.rule).number(static_cast<int>(d.severity)).text(d.message);
  return h.digest();
}

// Each vertex's findings with their places in the list and whether provenance.html lists them (the
// diagnostics section's key).
std::vector<std::uint64_t> diagnostic_prints(const SiteContext& ctx) {
  std::unordered_map<std::string_view, util::Hasher> by_file;
  const std::vector<Diagnostic>& all = ctx.diagnostics();
  for (const Diagnostic& d : all) ctx.hash_diagnostic(by_file[d.where.file], &d);
  const graph::Graph& g = ctx.graph();
  std::vector<std::uint64_t> out(g.vertex_count(), 0);
  for (std::size_t v = 0; v < out.size(); ++v)
    if (auto it = by_file.find(g.note(v).path); it != by_file.end()) out[v] = it->second.digest();
  return out;
}

// The vertices v's body links.
std::vector<std::uint32_t> linked_of(const SiteContext& ctx, std::size_t v) {
  std::vector<std::uint32_t> out;
  for (const BodyLink& l : ctx.graph().note(v).rendered.links)
    if (!l.resolved.empty())
      if (auto w = ctx.vertex(l.resolved)) out.push_back(static_cast<std::uint32_t>(*w));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The vertices within two steps of v, either way.
void near_of(const graph::Graph& g, std::size_t v, std::set<std::size_t>& out) {
  auto step = [&](std::size_t from, const auto& then) {
    for (const graph::Edge& e : g.out_edges(from)) then(e.to);
    for (const graph::Edge& e : g.in_edges(from)) then(e.from);
  };
  step(v, [&](std::size_t w) {
    out.insert(w);
    step(w, [&](std::size_t u) { out.insert(u); });
  });
}

}  // namespace

void SiteRender::remember() {
  const graph::Graph& g = input_.graph;
  PageKeys keys(*ctx_, "shown");
  std::vector<std::uint64_t> diagnostics = diagnostic_prints(*ctx_);
  seen_.assign(g.vertex_count(), {});
  for (std::size_t v = 0; v < seen_.size(); ++v)
    seen_[v] = {note_print(g.note(v)), keys.shown(v), fixed_print(g.note(v)), diagnostics[v], linked_of(*ctx_, v), edges_print(g, v),
                util::hash_text(g.note(v).status)};
  findings_ = findings_print(ctx_->diagnostics());
  features_ = ctx_->any_features();
  edges_count_ = g.edge_count();
}

// The bodies that link a changed note (what the link shows is its title and kind), and those that embed
// them, as deep as embeds nest: their bodies may draw on it (SiteContext::body_dependencies).
std::vector<std::size_t> SiteRender::bodies_drawing_on(const std::vector<std::size_t>& changed) const {
  const graph::Graph& g = input_.graph;
  std::unordered_set<std::string_view> names;
  for (std::size_t x : changed) names.insert(g.note(x).id);
  std::vector<bool> found(g.vertex_count(), false);
  std::vector<std::size_t> out;
  for (std::size_t depth = 0; depth <= max_embed_depth && !names.empty(); ++depth) {
    std::unordered_set<std::string_view> next;
    for (std::size_t v = 0; v < g.vertex_count(); ++v) {
      const Note& n = g.note(v);
      for (const BodyLink& l : n.rendered.links) {
        if (l.resolved.empty() || (depth > 0 && !l.embed) || !names.count(l.resolved)) continue;
        next.insert(n.id);
        if (!found[v]) found[v] = true, out.push_back(v);
        break;
      }
    }
    names = std::move(next);
  }
  return out;
}

// The vertices whose notes changed for the site, sorted; nullopt when the change is one a patch does not make.
std::optional<std::vector<std::size_t>> SiteRender::changed_notes(const std::vector<const Note*>* touched) const {
  const graph::Graph& g = input_.graph;
  const std::size_t count = g.vertex_count();
  if (count != seen_.size() || g.edge_count() != edges_count_) return std::nullopt;
  std::vector<std::size_t> changed;
  if (touched) {
    for (const Note* n : *touched)
      if (auto v = n->in_graph ? g.vertex(n->id) : std::nullopt; v && &g.note(*v) == n && note_print(*n) != seen_[*v].note)
        changed.push_back(*v);
    std::sort(changed.begin(), changed.end());
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
  } else {
    for (std::size_t v = 0; v < count; ++v)
      if (note_print(g.note(v)) != seen_[v].note) changed.push_back(v);
  }
  if (changed.size() > most_patched) return std::nullopt;
  for (std::size_t x : changed)
    if (fixed_print(g.note(x)) != seen_[x].fixed || edges_print(g, x) != seen_[x].edges) return std::nullopt;
  return changed;
}

// The bodies passed again: the changed notes', those whose query blocks' answers moved (`answered`),
// and those that draw on them and came out otherwise; each one's pages (what it links, the TERMs it
// starts or stops using) and search entry. False without a resident cache.
bool SiteRender::pass_again(const std::vector<std::size_t>& changed, const std::vector<std::size_t>& answered, PatchState& state) {
  std::vector<std::size_t> passed = changed;
  passed.insert(passed.end(), answered.begin(), answered.end());
  for (std::size_t y : bodies_drawing_on(changed))
    if (ctx_->dependencies_now(y) != ctx_->body_dependencies(y)) passed.push_back(y);
  std::sort(passed.begin(), passed.end());
  passed.erase(std::unique(passed.begin(), passed.end()), passed.end());
  std::sort(passed.begin(), passed.end(), [&](std::size_t a, std::size_t b) { return ctx_->rank(a) < ctx_->rank(b); });
  std::set<std::size_t>& pages = state.pages;
  for (std::size_t v : passed) {
    std::optional<SiteContext::Repassed> r = ctx_->repass(v, seen_[v].linked);
    if (!r) return false;
    pages.insert(v);
    // The notes it links show its excerpt among their backlinks; the TERMs it starts or stops using
    // list it.
    std::vector<std::uint32_t> linked = linked_of(*ctx_, v);
    pages.insert(seen_[v].linked.begin(), seen_[v].linked.end());
    pages.insert(linked.begin(), linked.end());
    seen_[v].linked = std::move(linked);
    std::sort(r->terms_before.begin(), r->terms_before.end());
    std::sort(r->terms_after.begin(), r->terms_after.end());
    std::set_symmetric_difference(r->terms_before.begin(), r->terms_before.end(), r->terms_after.begin(), r->terms_after.end(),
                                  std::inserter(pages, pages.end()));
    std::vector<std::size_t>& used = state.uses[v];
    std::set_union(r->terms_before.begin(), r->terms_before.end(), r->terms_after.begin(), r->terms_after.end(), std::back_inserter(used));
    search_->replace(ctx_->rank(v), r->before, r->after);
    state.entries.emplace(v, std::move(r->after));
  }
  return true;
}

// The search index: the snippet files of the bodies passed again, meta.js and their terms' shards.
bool SiteRender::patch_search(const std::unordered_map<std::size_t, SearchEntry>& entries, const FileSink& put, const DropFile& drop) {
  const graph::Graph& g = input_.graph;
  const std::size_t count = g.vertex_count();
  BodyPassCache& cache = *input_.options.pass_cache;
  const std::vector<std::size_t>& order = ctx_->vertices_by_id();
  std::set<std::size_t> chunks;
  for (const auto& entry : entries) chunks.insert(ctx_->rank(entry.first) / search_chunk_size);
  for (std::size_t c : chunks) {
    const std::size_t first = c * search_chunk_size, end = std::min(count, first + search_chunk_size);
    std::vector<SearchEntry> made(end - first);
    std::vector<const SearchEntry*> chunk;
    std::vector<std::uint64_t> chunk_keys;
    for (std::size_t i = first; i < end; ++i) {
      std::size_t v = order[i];
      auto it = entries.find(v);
      if (it == entries.end()) made[i - first] = ctx_->snippet_of(v);
      chunk.push_back(it == entries.end() ? &made[i - first] : &it->second);
      std::shared_ptr<const PassedNote> held = cache.held(g.note(v).path);
      chunk_keys.push_back(held ? held->key : 0);
    }
    if (!SearchIndexBuilder::put_chunk(put, c, chunk)) return false;
    cache.set_chunk_key(c, search_chunk_key(chunk_keys.data(), chunk_keys.size(), c));
  }
  return search_->finish_patch(put, drop);
}

// The pages whose findings changed (into `pages`), and what the site-wide pages may show of the change.
SiteRender::SiteChange SiteRender::site_change(const std::vector<std::size_t>& changed, bool names, std::set<std::size_t>& pages) {
  const graph::Graph& g = input_.graph;
  std::vector<std::uint64_t> diagnostics = diagnostic_prints(*ctx_);
  for (std::size_t v = 0; v < diagnostics.size(); ++v)
    if (diagnostics[v] != seen_[v].diagnostics) pages.insert(v), seen_[v].diagnostics = diagnostics[v];
  SiteChange change;
  change.names = names;
  const std::uint64_t findings = findings_print(ctx_->diagnostics());
  change.findings = findings != findings_;
  findings_ = findings;
  for (std::size_t x : changed) {
    change.kernels = change.kernels || shows_kernel(g.note(x));
    change.status = change.status || util::hash_text(g.note(x).status) != seen_[x].status;
    seen_[x].status = util::hash_text(g.note(x).status);
    // A listing's row shows its note, what links to others show, and a practice's year, its paper's.
    change.notes.push_back(x);
    for (const graph::Edge& e : g.out_edges(x))
      if (g.note(e.to).kind == Kind::Sota) change.notes.push_back(e.to);
    for (const graph::Edge& e : g.in_edges(x))
      if (g.note(e.from).kind == Kind::Sota) change.notes.push_back(e.from);
  }
  return change;
}

SiteRender::Patched SiteRender::patch(const FileSink& sink, const DropFile& drop, const std::vector<const Note*>* touched) {
  util::PhaseTimer timer;
  rendered_ = 0;
  if (!ctx_ || !search_ || !templates_) return Patched::rebuild;
  const graph::Graph& g = input_.graph;
  std::optional<std::vector<std::size_t>> found = changed_notes(touched);
  if (!found) return Patched::rebuild;
  const std::vector<std::size_t>& changed = *found;
  timer.mark("site patch: notes compared");
  // From here the context is patched: a rebuild after this point discards it.
  if (!ctx_->refresh_names(changed)) return Patched::rebuild;
  timer.mark("site patch: names");

  // The index under the query blocks was stored again: their answers may have moved with any note.
  std::vector<std::size_t> answered = ctx_->answer_queries_again();
  timer.mark("site patch: query blocks answered again");

  PatchState state{std::set<std::size_t>(changed.begin(), changed.end()), {}, {}};
  if (!pass_again(changed, answered, state)) return Patched::rebuild;
  std::set<std::size_t>& pages = state.pages;
  if (ctx_->features_now() != features_) return Patched::rebuild;
  timer.mark("site patch: bodies passed again");

  // What a link to a changed note shows, changed: every page within two steps shows it (Graph View,
  // backlinks, properties, readings, a TERM's related), and the TERMs its body uses list it.
  PageKeys keys(*ctx_, input_.options.renderer.empty() ? "shown" : input_.options.renderer);
  bool names_changed = false;
  for (std::size_t x : changed) {
    if (keys.shown(x) == seen_[x].shown) continue;
    names_changed = true;
    near_of(g, x, pages);
    pages.insert(state.uses[x].begin(), state.uses[x].end());
  }
  SiteChange change = site_change(changed, names_changed, pages);
  timer.mark("site patch: pages found");

  // Of those, the pages whose key changed, rendered as build() renders them.
  std::atomic<bool> failed{false};
  std::function<bool(const std::string&, std::string)> put = [&](const std::string& path, std::string bytes) {
    if (failed) return false;
    if (!sink(path, std::move(bytes))) failed = true;
    return !failed;
  };
  Pages p(*ctx_, *templates_);
  const bool keyed = !input_.options.renderer.empty();
  std::vector<std::size_t> list(pages.begin(), pages.end());
  std::atomic<std::size_t> rendered{0};
  util::parallel_for(
      list.size(), ctx_->threads(),
      [&](std::size_t i, unsigned) {
        std::size_t v = list[i];
        std::uint64_t key = keyed ? keys.node_page(v) : 0;
        if (key != 0 && key == key_of_[v]) return;
        SiteFiles kernel_files;
        put(ctx_->file(v), p.node_page(v, kernel_files));
        for (SiteFile& f : kernel_files) put(f.path, std::move(f.bytes));
        key_of_[v] = key;
        ++rendered;
      },
      [&] { return failed.load(); });
  rendered_ = rendered;
  if (failed) return Patched::failed;
  timer.mark("site patch: " + std::to_string(rendered_) + " of " + std::to_string(list.size()) + " node pages");

  if (!patch_search(state.entries, put, drop)) return Patched::failed;
  timer.mark("site patch: search");

  // The site-wide pages that may show what changed.
  const std::vector<std::size_t>& order = ctx_->vertices_by_id();
  std::map<std::string, std::vector<std::size_t>> by_tag;
  std::vector<std::function<void()>> tasks = site_page_tasks(p, order, put, by_tag, &change);
  if (names_changed) tasks.push_back([&] { put("graph.html", p.graph_page()); });
  util::parallel_for(
      tasks.size(), ctx_->threads(), [&](std::size_t i, unsigned) { tasks[i](); }, [&] { return failed.load(); });
  if (failed) return Patched::failed;
  if (keyed && !put_keys(put, {})) return Patched::failed;
  for (std::size_t x : changed) seen_[x].note = note_print(g.note(x)), seen_[x].shown = keys.shown(x);
  ctx_->layouts().save();
  timer.mark("site patch: site pages");
  return Patched::done;
}

}  // namespace anth::render::site
