#pragma once
// One render of the site, and for a resident site (workspace/live_site.h) the same render kept and
// patched: build() makes every file (build_site is a SiteRender built once); patch(), after notes
// changed in place with the graph's vertices and edges as they were, makes again only what shows
// something of the notes that changed, with the same units (the context's pass of one body, the
// sections' pages, the search index's shards): the files it leaves equal those build() would make.
//
// What a patch renders again, found from the graph rather than from every page's key: the changed
// note's page; the pages showing what a link to it shows (its neighbours within two steps, the TERMs
// its body uses) when that changed; the pages its body links (their backlinks' excerpts) now or did;
// the TERMs its body starts or stops using; the bodies that draw on it (a link's title, an embed,
// as deep as embeds nest); the pages whose findings changed; then of these the pages whose key
// (page_keys.h) changed. And the site-wide pages, the search index's meta, the shards of the terms the
// changed bodies had or have and their snippet files. Anything else (a note added or gone, an edge or
// the glossary changed, a kind, tags, kernel, query block or attachment changed): patch() says so and
// the site is built anew.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <memory>
#include <string>
#include <vector>

#include "render/site/site_context.h"
#include "render/site/site_files.h"
#include "render/site/templates.h"

namespace anth::render::site {

// Removes a file of the current site (a patch); false when it could not.
using DropFile = std::function<bool(const std::string& path)>;

class Pages;

class SiteRender {
 public:
  // `resident`: the render is kept to be patched (it records what a patch compares against).
  SiteRender(const SiteInput& input, bool resident);
  ~SiteRender();
  SiteRender(const SiteRender&) = delete;
  SiteRender& operator=(const SiteRender&) = delete;

  // Every file of the site (build_site).
  bool build(const FileSink& sink, const KeepFile& keep);

  enum class Patched { done, rebuild, failed };
  // The files that changed since the last build or patch, after the input's notes changed in place.
  // `rebuild`: this change is not one a patch makes (nothing was written; build anew); `failed`: the
  // sink or drop refused a file.
  // `touched`: the only notes that may have changed (the workspace's, Workspace::touched_since); null:
  // every note is compared.
  Patched patch(const FileSink& sink, const DropFile& drop, const std::vector<const Note*>* touched = nullptr);
  // How many node pages the last patch rendered (tests, the log).
  std::size_t pages_rendered() const { return rendered_; }

 private:
  // What a patch compares against, per vertex, as the last render left it.
  struct Seen {
    std::uint64_t note = 0;         // the note as the site reads it (content, names, resolution)
    std::uint64_t shown = 0;        // what a link to it shows (PageKeys::shown)
    std::uint64_t fixed = 0;        // kind, tags, kernel, query blocks, attachments: a change rebuilds
    std::uint64_t diagnostics = 0;  // its findings, with their places in the list
    std::vector<std::uint32_t> linked;  // the vertices its body links
    std::uint64_t edges = 0;        // its edges out, with their kinds
    std::uint64_t status = 0;       // its status (the home page shows the top notes' own)
  };
  // What a patch changed that the site-wide pages show.
  struct SiteChange {
    bool names = false;        // what a link to a changed note shows
    bool findings = false;     // the diagnostics
    bool kernels = false;      // a changed note shows a kernel
    bool status = false;       // a changed note's status
    std::vector<std::size_t> notes;  // the changed notes (their listings' pages)
  };
  // The site-wide pages, one task each (the listings of a kind together, a tag page each); `by_tag`
  // holds the tag pages' members, by tag key, while the tasks run. With a `change`, only those that may show it
  // (null: a whole render, every page).
  static std::vector<std::function<void()>> site_page_tasks(const Pages& pages, const std::vector<std::size_t>& order,
                                                            const std::function<bool(const std::string&, std::string)>& put,
                                                            std::map<std::string, std::vector<std::size_t>>& by_tag,
                                                            const SiteChange* change);
  void remember();
  bool put_keys(const std::function<bool(const std::string&, std::string)>& put, const KeepFile& keep) const;
  // The context's pass over every body, each going into the search index, which is then written.
  bool pass_and_search(const std::function<bool(const std::string&, std::string)>& put, const KeepFile& keep);
  // A patch's steps (site_render_patch.cpp).
  struct PatchState {
    std::set<std::size_t> pages;                                    // node pages that may show the change
    std::unordered_map<std::size_t, SearchEntry> entries;           // the search entries made again
    std::unordered_map<std::size_t, std::vector<std::size_t>> uses;  // the TERMs each body used or uses
  };
  std::optional<std::vector<std::size_t>> changed_notes(const std::vector<const Note*>* touched) const;
  bool pass_again(const std::vector<std::size_t>& changed, const std::vector<std::size_t>& answered, PatchState& state);
  SiteChange site_change(const std::vector<std::size_t>& changed, bool names, std::set<std::size_t>& pages);
  bool patch_search(const std::unordered_map<std::size_t, SearchEntry>& entries, const FileSink& put, const DropFile& drop);
  std::vector<std::size_t> bodies_drawing_on(const std::vector<std::size_t>& changed) const;

  SiteInput input_;
  bool resident_;
  std::unique_ptr<SearchIndexBuilder> search_;
  std::unique_ptr<SiteContext> ctx_;
  std::unique_ptr<Templates> templates_;
  std::vector<std::uint64_t> key_of_;  // each vertex's page key
  std::vector<Seen> seen_;
  std::uint64_t findings_ = 0;         // every diagnostic
  std::size_t edges_count_ = 0;
  std::uint8_t features_ = 0;
  std::size_t rendered_ = 0;
};

}  // namespace anth::render::site
