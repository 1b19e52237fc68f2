#include "render/site/site_builder.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>

#include "render/embedded_assets.h"
#include "render/site/html.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"
#include "render/site/parallel.h"
#include "render/site/search_index.h"
#include "core/util/phase_timer.h"

namespace anth::site {

namespace {

constexpr std::string_view static_dir = "render/assets/site/static/";

}  // namespace

bool build_site(const SiteInput& input, const FileSink& sink, const KeepFile& keep) {
  PhaseTimer timer;
  std::atomic<bool> failed{false};
  auto put = [&](const std::string& path, std::string bytes) {
    if (failed) return false;
    if (!sink(path, std::move(bytes))) failed = true;
    return !failed;
  };

  // Stylesheet and scripts, as embedded.
  for (std::string_view path : embedded_asset_names(static_dir))
    if (!put(std::string(path.substr(static_dir.size())), std::string(*embedded_asset(path)))) return false;

  // Every body once: links, terms and excerpts for the context, text for the search index.
  const Graph& g = input.graph;
  SearchIndexBuilder search(put);
  SiteContext ctx(input, [&](std::size_t, const SearchDoc& doc, const DocTerms& terms) { search.add(doc, terms); });
  if (failed || !search.finish()) return false;
  timer.mark("site context and search");

  // One page per node, on every core; a page whose inputs are those of the current site's is kept.
  Templates t;
  Pages pages(ctx, t);
  const auto& order = ctx.vertices_by_id();
  PageKeys keys(ctx, keep ? input.options.renderer : "");
  std::vector<std::uint64_t> key_of(order.size());
  std::atomic<std::size_t> kept{0}, done{0};
  auto progress = [&] {
    if (input.options.progress) input.options.progress("pages", ++done, order.size());
  };
  parallel_for(
      order.size(), ctx.threads(),
      [&](std::size_t i, unsigned) {
        SiteFiles kernel_files;
        std::size_t v = order[i];
        key_of[i] = keys.node_page(v);
        if (input.options.recorded.matches(ctx.file(v), key_of[i])) {
          const Note& n = g.note(v);
          bool kernel = !n.kernel.empty() && (n.kind == Kind::Sota || n.kind == Kind::Theory);
          if ((!kernel || keep(kernel_file(n.id, n.kernel))) && keep(ctx.file(v))) {
            ++kept;
            progress();
            return;
          }
        }
        std::string page = pages.node_page(v, kernel_files);
        progress();
        put(ctx.file(v), std::move(page));
        for (SiteFile& f : kernel_files) put(f.path, std::move(f.bytes));
      },
      [&] { return failed.load(); });
  if (failed) return false;
  timer.mark("node pages (" + std::to_string(kept.load()) + " kept)");
  if (keep) {
    std::vector<std::pair<std::string, std::uint64_t>> recorded;
    recorded.reserve(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) recorded.emplace_back(ctx.file(order[i]), key_of[i]);
    put(page_keys_file, encode_page_keys(std::move(recorded)));
  }

  put("index.html", pages.home_page());
  for (Kind kind : {Kind::Sota, Kind::Lit, Kind::Note, Kind::Theory})
    for (auto& [file, html] : pages.kind_listings(kind)) put(file, std::move(html));
  put("glossary.html", pages.glossary_page());

  std::map<std::string, std::vector<std::size_t>> by_tag;
  for (std::size_t v : order)
    for (const std::string& tag : g.note(v).tags) {
      auto& list = by_tag[tag];
      if (list.empty() || list.back() != v) list.push_back(v);
    }
  put("tags.html", pages.tags_page());
  for (const auto& [tag, vertices] : by_tag) put(tag_file(tag), pages.tag_page(tag, vertices));

  put("graph.html", pages.graph_page());
  put("provenance.html", pages.provenance_page());
  put("kernels.html", pages.kernels_page());
  put("search.html", pages.search_page());
  timer.mark("site pages");
  ctx.layouts().save();
  return !failed;
}

SiteFiles build_site(const SiteInput& input) {
  SiteFiles files;
  std::mutex mutex;
  build_site(input, [&](const std::string& path, std::string bytes) {
    std::lock_guard lock(mutex);
    files.push_back({path, std::move(bytes)});
    return true;
  });
  std::stable_sort(files.begin(), files.end(), [](const SiteFile& a, const SiteFile& b) { return a.path < b.path; });
  files.erase(std::unique(files.begin(), files.end(), [](const SiteFile& a, const SiteFile& b) { return a.path == b.path; }),
              files.end());
  return files;
}

}  // namespace anth::site
