// The site's render (site_render.h): build() makes every file; the patch is site_render_patch.cpp.
#include "render/site/site_render.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <mutex>

#include "core/model/tag_names.h"
#include "core/util/allocator.h"
#include "core/util/embedded_assets.h"
#include "core/util/phase_timer.h"
#include "core/util/thread_pool.h"
#include "render/site/body_pass_file.h"
#include "render/site/embeds.h"
#include "render/site/glossary_tips.h"
#include "render/site/html.h"
#include "render/site/markdown_assets.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"
#include "render/site/search_index.h"

namespace anth::render::site {

namespace {

constexpr std::string_view static_dir = "render/assets/site/static/";

using Put = std::function<bool(const std::string& path, std::string bytes)>;

}  // namespace

std::vector<std::function<void()>> SiteRender::site_page_tasks(const Pages& pages, const std::vector<std::size_t>& order, const Put& put,
                                                               std::map<std::string, std::vector<std::size_t>>& by_tag,
                                                               const SiteChange* change) {
  const graph::Graph& g = pages.context().graph();
  // A patch keeps the tags, kinds, glossary (TERMs) and the notes' count as they were: tags.html,
  // search.html and glossary.html show nothing else; the tag pages and the listings' other rows show
  // what links to their notes show; kernels.html the kernels' notes; provenance.html the findings and
  // what links to their notes show.
  const bool all = change == nullptr;
  const bool names = all || change->names;
  if (names)
    for (std::size_t v : order)
      for (const std::string& tag : g.note(v).tags) {
        auto& list = by_tag[tag_key(tag)];  // one page per tag whatever its case
        if (list.empty() || list.back() != v) list.push_back(v);
      }
  // The home page: the counts, the findings' and the kernels', and the top notes with their status.
  std::vector<std::function<void()>> site_pages;
  if (names || change->findings || change->kernels || change->status)
    site_pages.push_back([&] { put("index.html", pages.home_page()); });
  if (names || change->findings) site_pages.push_back([&] { put("provenance.html", pages.provenance_page()); });
  if (names || change->kernels) site_pages.push_back([&] { put("kernels.html", pages.kernels_page()); });
  if (all) {
    site_pages.push_back([&] { put("glossary.html", pages.glossary_page()); });
    site_pages.push_back([&] { put("tags.html", pages.tags_page()); });
    site_pages.push_back([&] { put("search.html", pages.search_page()); });
  }
  std::vector<Kind> listed = {Kind::Sota, Kind::Lit, Kind::Note, Kind::Theory};
  if (pages.context().has_pages()) listed.push_back(Kind::Page);
  const std::vector<std::size_t>* only = names ? nullptr : &change->notes;
  for (Kind kind : listed) {
    if (only && std::none_of(only->begin(), only->end(), [&](std::size_t v) { return g.note(v).kind == kind; })) continue;
    site_pages.push_back([&, kind, only] {
      pages.kind_listings(kind, [&](std::string file, std::string html) { put(file, std::move(html)); }, only);
    });
  }
  for (const auto& entry : by_tag)
    site_pages.push_back([&, tag = &entry] { put(tag_file(tag->first), pages.tag_page(tag->first, tag->second)); });
  return site_pages;
}

namespace {

// The markdown files a site needs (markdown_assets.h): none when no body uses them.
bool put_markdown_assets(const SiteInput& input, SiteContext& ctx, const Put& put) {
  auto asset = [&](std::string_view name) {
    return put(std::string(name), std::string(*util::embedded_asset(std::string(markdown_assets_dir) + std::string(name))));
  };
  if ((ctx.any_features() & uses_markdown_css) && !asset("markdown.css")) return false;
  if (!(ctx.any_features() & uses_math)) return true;
  std::optional<SiteFiles> katex = katex_files(input.options.katex_dir);
  if (!katex) {
    if (input.options.warn)
      input.options.warn("KaTeX not found at " + input.options.katex_dir.string() +
                         " (Debian's libjs-katex): math is shown as TeX");
    return true;
  }
  for (SiteFile& f : *katex)
    if (!put(f.path, std::move(f.bytes))) return false;
  ctx.set_katex(true);
  return asset("math.js");
}

}  // namespace

// The page keys of the site, and the body passes when the site keeps them (.anthology-pages, .anthology-passes).
bool SiteRender::put_keys(const Put& put, const KeepFile& keep) const {
  std::vector<std::pair<std::string, std::uint64_t>> recorded;
  recorded.reserve(key_of_.size());
  for (std::size_t v : ctx_->vertices_by_id()) recorded.emplace_back(ctx_->file(v), key_of_[v]);
  if (!put(page_keys_file, encode_page_keys(std::move(recorded)))) return false;
  if (!(input_.options.passes_in_site && input_.options.pass_cache)) return true;
  // The pages' buffers go back to the system before the passes are encoded (100 MB at 100,000 notes,
  // made a part at a time): the allocator keeps what the rendering threads freed, and the peak would be both.
  util::return_free_memory();
  const BodyPassCache& cache = *input_.options.pass_cache;
  const std::string& renderer = input_.options.renderer;
  if (!put(body_passes_file, cache.encode_index(renderer))) return false;
  return cache.encode_parts(
      renderer, [&](std::size_t k) { return keep && keep(body_pass_part_file(k)); },
      [&](std::size_t k, std::string bytes) { return put(body_pass_part_file(k), std::move(bytes)); });
}

bool SiteRender::pass_and_search(const Put& put, const KeepFile& keep) {
  search_ = std::make_unique<SearchIndexBuilder>(put, keep);
  // A build whose passes are kept in the site also keeps its shards' keys there (a resident site's
  // shards change by patches its cache does not follow: it writes them all).
  BodyPassCache* passes = input_.options.passes_in_site ? input_.options.pass_cache.get() : nullptr;
  if (passes) search_->set_recorded_shards(passes->shard_keys());
  ctx_ = std::make_unique<SiteContext>(input_, [&](std::size_t, const SearchEntry& entry) { search_->add(entry); });
  if (!search_->finish()) return false;
  if (passes) passes->set_shard_keys(search_->shard_keys());
  return true;
}

SiteRender::SiteRender(const SiteInput& input, bool resident) : input_(input), resident_(resident) {}

SiteRender::~SiteRender() = default;

bool SiteRender::build(const FileSink& sink, const KeepFile& keep) {
  const SiteInput& input = input_;
  util::PhaseTimer timer;
  std::atomic<bool> failed{false};
  Put put = [&](const std::string& path, std::string bytes) {
    if (failed) return false;
    if (!sink(path, std::move(bytes))) failed = true;
    return !failed;
  };

  // Stylesheet and scripts, as embedded.
  for (std::string_view path : util::embedded_asset_names(static_dir))
    if (!put(std::string(path.substr(static_dir.size())), std::string(*util::embedded_asset(path)))) return false;

  // Every body once: links, terms and excerpts for the context, text for the search index.
  const graph::Graph& g = input.graph;
  if (!pass_and_search(put, keep) || failed) return false;
  timer.mark("site: context, bodies and search index");
  SiteContext& ctx = *ctx_;
  if (!put_markdown_assets(input, ctx, put)) return false;
  // The glossary's definitions, shared by every page that links a term (a patch keeps the glossary).
  for (SiteFile& f : glossary_tip_files(ctx.glossary()))
    if (!put(f.path, std::move(f.bytes))) return false;
  // The attachments the bodies name, bytes unchanged: the one place the site reads files of the vault.
  if (!copy_attachments(input.corpus, input.options.max_attachment_bytes, put)) return false;
  timer.mark("site: assets, glossary and attachments");

  // A node page whose inputs are those of the current site's page is kept rather than rendered.
  templates_ = std::make_unique<Templates>();
  Pages pages(ctx, *templates_);
  const auto& order = ctx.vertices_by_id();
  PageKeys keys(ctx, keep ? input.options.renderer : "");
  key_of_.assign(order.size(), 0);
  std::atomic<std::size_t> kept{0}, done{0};
  auto node_page = [&](std::size_t i) {
    SiteFiles kernel_files;
    std::size_t v = order[i];
    key_of_[v] = keys.node_page(v);
    if (input.options.recorded.matches(ctx.file(v), key_of_[v])) {
      const Note& n = g.note(v);
      if ((!shows_kernel(n) || keep(kernel_file(n.id, n.kernel))) && keep(ctx.file(v))) {
        ++kept;
        return;
      }
    }
    std::string page = pages.node_page(v, kernel_files);
    put(ctx.file(v), std::move(page));
    for (SiteFile& f : kernel_files) put(f.path, std::move(f.bytes));
  };

  std::map<std::string, std::vector<std::size_t>> by_tag;
  std::vector<std::function<void()>> site_pages = site_page_tasks(pages, order, put, by_tag, nullptr);

  // Every page on every core: the whole graph first (its drawing takes longest), then the nodes' pages,
  // then the rest; a core that drew the graph takes fewer node pages.
  std::size_t tasks = 1 + order.size() + site_pages.size();
  util::parallel_for(
      tasks, ctx.threads(),
      [&](std::size_t i, unsigned) {
        if (i == 0) put("graph.html", pages.graph_page());
        else if (i <= order.size()) node_page(i - 1);
        else site_pages[i - 1 - order.size()]();
        if (input.options.progress) input.options.progress("pages", ++done, tasks);
      },
      [&] { return failed.load(); });
  if (failed) return false;
  if (keep) put_keys(put, keep);
  timer.mark("pages (" + std::to_string(kept.load()) + " kept)");
  ctx.layouts().save();
  if (failed) return false;
  if (!resident_) {
    ctx_.reset();
    search_.reset();
    return true;
  }
  input_.options.recorded = RecordedKeys();  // read by this build only
  remember();
  return true;
}

}  // namespace anth::render::site
