#include "render/site/site_builder.h"

#include <algorithm>
#include <map>

#include "render/embedded_assets.h"
#include "render/site/html.h"
#include "render/site/pages.h"
#include "render/site/search_index.h"

namespace anth::site {

namespace {

constexpr std::string_view static_dir = "render/assets/site/static/";

}  // namespace

SiteFiles build_site(const SiteInput& input) {
  Templates templates;
  SiteContext ctx(input);
  Pages pages(ctx, templates);
  const Graph& g = input.graph;
  SiteFiles files;

  // Stylesheet and scripts, as embedded.
  for (std::string_view path : embedded_asset_names(static_dir))
    files.push_back({std::string(path.substr(static_dir.size())), std::string(*embedded_asset(path))});

  // One page per node.
  SiteFiles kernel_files;
  for (std::size_t v : ctx.vertices_by_id()) files.push_back({node_file(g.note(v).id), pages.node_page(v, kernel_files)});
  files.insert(files.end(), kernel_files.begin(), kernel_files.end());

  files.push_back({"index.html", pages.home_page()});
  for (Kind kind : {Kind::Sota, Kind::Lit, Kind::Note, Kind::Theory})
    files.push_back({Pages::listing_file(kind), pages.kind_listing(kind)});
  files.push_back({"glossary.html", pages.glossary_page()});

  std::map<std::string, std::vector<std::size_t>> by_tag;
  for (std::size_t v : ctx.vertices_by_id())
    for (const std::string& t : g.note(v).tags) {
      auto& list = by_tag[t];
      if (list.empty() || list.back() != v) list.push_back(v);
    }
  files.push_back({"tags.html", pages.tags_page()});
  for (const auto& [tag, vertices] : by_tag) files.push_back({tag_file(tag), pages.tag_page(tag, vertices)});

  files.push_back({"graph.html", pages.graph_page()});
  files.push_back({"provenance.html", pages.provenance_page()});
  files.push_back({"kernels.html", pages.kernels_page()});
  files.push_back({"search.html", pages.search_page()});

  std::vector<SearchDoc> docs;
  for (std::size_t v : ctx.vertices_by_id()) {
    const Note& n = g.note(v);
    std::string aliases;
    for (const std::string& a : n.aliases) aliases += a + " ";
    std::string text;
    for (const std::string* part : {&n.short_definition, &n.plain})
      if (!part->empty()) text += *part + "\n";
    text += ctx.body(v).plain;
    docs.push_back({n.id, n.title.empty() ? n.id : n.title, aliases, n.kind ? kind_name(*n.kind) : "?", node_file(n.id),
                    std::move(text)});
  }
  SiteFiles search = search_files(docs);
  files.insert(files.end(), search.begin(), search.end());

  // Two names for one file would make the output depend on order: the first keeps it.
  std::stable_sort(files.begin(), files.end(), [](const SiteFile& a, const SiteFile& b) { return a.path < b.path; });
  files.erase(std::unique(files.begin(), files.end(), [](const SiteFile& a, const SiteFile& b) { return a.path == b.path; }),
              files.end());
  return files;
}

}  // namespace anth::site
