#pragma once
// What every page of the site draws on, computed once per build: the corpus and its graph, the
// vertices by name and what a link to each shows (site_vertices.h), the glossary, the edges out of
// each vertex, the backlinks and mentions of each node (site_backlinks.h), what the checks recorded
// (site_records.h), every body filled in once (site_body_pass.cpp), and the layouts of the drawings.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/index/index.h"
#include "core/model/diagnostic.h"
#include "render/site/adjacency.h"
#include "render/site/body_fill.h"
#include "render/site/body_pass_cache.h"
#include "render/site/body_store.h"
#include "render/site/glossary.h"
#include "render/site/layout_cache.h"
#include "render/site/page_keys_file.h"
#include "render/site/query_blocks.h"
#include "render/site/search_index.h"
#include "render/site/site_backlinks.h"
#include "render/site/site_records.h"
#include "render/site/site_vertices.h"

namespace anth::util {
class Hasher;
}

namespace anth::render::site {

struct SiteOptions {
  std::string site_title = "Anthology";
  bool allow_raw_html = false;
  std::size_t neighborhood_cap = 24;   // nodes drawn in a page's Graph View (depth 2, nearest first)
  std::size_t whole_graph_cap = 2000;   // nodes drawn on graph.html
  std::size_t listing_page_size = 1000; // rows per listing page
  std::size_t findings_cap = 2000;      // findings per severity on provenance.html
  std::size_t mentions_cap = 100;       // notes listed under a TERM's "Mentioned in", then "and N more"
  std::size_t excerpts_cap = 100;       // backlinks of a node shown with an excerpt (all are listed)
  std::filesystem::path layout_cache;   // where layouts are remembered between builds; empty: nowhere
  std::string renderer;                 // identifies the program rendering; empty: no page is kept and
                                        // no body cache is used
  RecordedKeys recorded;                // the page keys of the current site (page_keys.h)
  unsigned threads = 0;                 // 0: one per core
  // The html and plain of a body the index keeps (RenderedBody::stored), read as the site needs them
  // so that a build never holds them all; from any thread. Empty, or nullopt: the body is empty.
  std::function<std::optional<BodyText>(const Note&)> stored_body;
  sqlite3* query_db = nullptr;          // the index as stored for this build, read-only, which answers
                                        // the query blocks (query_blocks.h); nullptr: none
  // Told how far a phase ("bodies", "pages") has come; from any thread. Empty: nobody is told.
  std::function<void(std::string_view phase, std::size_t done, std::size_t total)> progress;
  // Where Debian's libjs-katex is, for pages with math (markdown_assets.h); told the one-line
  // warning when math cannot be rendered with it.
  std::filesystem::path katex_dir = "/usr/share/javascript/katex";
  std::function<void(std::string_view)> warn;
  // The attachments the bodies name are copied into the site, each read up to this size (embeds.h).
  std::uint64_t max_attachment_bytes = 32u << 20;
  // A resident site's passes of the bodies from its last render (body_pass_cache.h), used and replaced
  // by this one; null: every body is filled in.
  std::shared_ptr<BodyPassCache> pass_cache;
  // The passes of this build go into the site as .anthology-passes (body_pass_file.h), for the next
  // build to load as its pass_cache.
  bool passes_in_site = false;
};

struct SiteInput {
  const Corpus& corpus;
  const graph::Graph& graph;
  const std::vector<Diagnostic>& diagnostics;
  const std::vector<index::StoredKernelResult>& kernel_results;
  SiteOptions options;
};

class SiteContext {
 public:
  // Fills in every body once (body_fill.h), calling `on_doc` in id order with each note as the search
  // index takes it (made on the rendering threads).
  using DocUse = std::function<void(std::size_t v, const SearchEntry& entry)>;
  explicit SiteContext(const SiteInput& input, const DocUse& on_doc = {});

  const Corpus& corpus() const { return input_.corpus; }
  const graph::Graph& graph() const { return input_.graph; }
  const SiteOptions& options() const { return input_.options; }
  const Glossary& glossary() const { return glossary_; }
  const Adjacency& adjacency() const { return adjacency_; }
  const std::vector<Diagnostic>& diagnostics() const { return input_.diagnostics; }
  unsigned threads() const { return threads_; }
  // Whether the corpus has pages (notes of no typed kind): only then has the site a "Pages" listing.
  bool has_pages() const { return has(Kind::Page); }
  // Whether the site lists a kind: the anthology's own site lists all five typed kinds, even when one is
  // empty; a vault (a corpus with pages) only the kinds it has, so that its menu leads to no empty table.
  bool lists(Kind kind) const { return has_pages() ? has(kind) : is_typed(kind); }
  // Whether the site links its kernels page: with the kinds whose notes hold kernels.
  bool lists_kernels() const { return lists(Kind::Sota) || lists(Kind::Theory); }
  // The kinds the corpus has, one bit each (page keys: every page's menu shows them).
  std::uint32_t kinds_present() const { return kinds_present_; }

  // Every vertex, ordered by id, and a vertex's place in that order.
  const std::vector<std::size_t>& vertices_by_id() const { return vertices_.by_id(); }
  std::uint32_t rank(std::size_t v) const { return vertices_.rank(v); }
  // The spelling a tag is listed under, by its key (core/model/tag_names.h). A patch never moves it:
  // it follows no change of tags, nor a tagged note's move (site_render_patch.cpp, fixed_print).
  const std::string& tag_name(const std::string& key) const { return tag_names_.at(key); }
  // A vertex's page ("LIT-523.html") and how a link to it reads ("LIT-523 \u2014 Title"; a TERM by its name).
  const std::string& file(std::size_t v) const { return vertices_.file(v); }
  const std::string& label(std::size_t v) const { return vertices_.label(v); }

  // The vertex of an id, or nullopt.
  std::optional<std::size_t> vertex(std::string_view id) const { return vertices_.vertex(id); }
  // The in-graph note a corpus-relative path belongs to, or nullptr.
  const Note* note_at(std::string_view path) const { return vertices_.note_at(path); }

  // The body of a vertex as HTML, for its page: as the context pass filled it in (body_store.h).
  std::string render_body_of(std::size_t v) const;
  // A hash of everything a vertex's body draws from other notes: the id each of its links resolved to
  // (at ingest), and that note's title and kind. With the note's own content and the glossary, it
  // determines the body's HTML (page_keys.h).
  std::uint64_t body_dependencies(std::size_t v) const { return body_dependencies_[v]; }
  // What a vertex's body needs of the markdown files (markdown_assets.h), and what any body does.
  std::uint8_t features(std::size_t v) const { return features_[v]; }
  std::uint8_t any_features() const { return any_features_; }
  // Whether the site holds KaTeX (set by the builder before pages render).
  bool katex() const { return katex_; }
  void set_katex(bool present) { katex_ = present; }
  // Every note linking to v, by id.
  const std::vector<Backlink>& backlinks(std::size_t v) const { return backlinks_.of(v); }
  // Vertices whose bodies link this TERM by glossary match, ordered by id.
  const std::vector<std::uint32_t>& mentioned_in(std::size_t v) const { return backlinks_.mentioned_in(v); }
  // The vertices of v's Graph View: v, its neighbors by id, then neighbors of neighbors (through
  // the least connected first), at most `cap`.
  std::vector<std::size_t> neighborhood(std::size_t v, std::size_t cap) const;
  // Relations touching a vertex, both ways.
  std::size_t degree(std::size_t v) const { return backlinks_.degree(v); }
  // Diagnostics about a file, in report order.
  std::vector<const Diagnostic*> diagnostics_of(std::string_view path) const { return records_.diagnostics_of(path); }
  // The position of a diagnostic in diagnostics(), for anchors on provenance.html.
  std::size_t diagnostic_index(const Diagnostic* d) const { return records_.diagnostic_index(d); }
  // Whether provenance.html lists the diagnostic: the first findings_cap of its severity are; links
  // to the others would name an anchor that is not there.
  bool diagnostic_listed(const Diagnostic* d) const { return records_.severity_rank(d) < options().findings_cap; }
  // Feeds `h` what a note's page shows of one of its findings (its place in the report, rule, severity,
  // message, line, and whether the report lists it): the diagnostics section's key and a patch's
  // print of a note's findings hash it alike.
  void hash_diagnostic(util::Hasher& h, const Diagnostic* d) const;
  // The last stored kernel result of a node, or nullptr.
  const index::StoredKernelResult* kernel_result(std::string_view id) const { return records_.kernel_result(id); }
  LayoutCache& layouts() const { return *layouts_; }
  // The answers of the bodies' query blocks.
  const QueryBlocks& queries() const { return queries_; }

  static std::string_view kind_class(const Note& n) { return kind_class_of(n); }

  // A resident site's patch (site_render.h; site_context_patch.cpp), once notes changed in place with
  // the graph's vertices and edges (and the notes' kinds) as they were. refresh_names() takes the
  // changed notes' names and the findings again; false when the glossary changed (a TERM changed: the
  // site is then built anew).
  bool refresh_names(const std::vector<std::size_t>& changed);
  // What v's body draws from other notes, as it is now (body_dependencies() is the last pass's).
  std::uint64_t dependencies_now(std::size_t v) const { return dependencies_of(input_.graph.note(v)); }
  // v's body passed again, as pass_bodies() passes it: its features, its kept HTML, its pass in the
  // cache, the backlinks of the notes it links (`linked_before`: the vertices it linked at the last
  // pass) and the TERMs it uses. Its search entries, the one replaced (from the cache) and the new one
  // with its snippet; nullopt without a resident cache holding its last pass.
  struct Repassed {
    SearchEntry before, after;
    std::vector<std::size_t> terms_before, terms_after;  // vertices of the TERMs its body used and uses
  };
  std::optional<Repassed> repass(std::size_t v, const std::vector<std::uint32_t>& linked_before);
  // The search entry of v with only its snippet and headings (for a snippet file made again).
  SearchEntry snippet_of(std::size_t v) const;
  // The features of every body ORed again (any_features()).
  std::uint8_t features_now();
  // Every query block answered again, from the index as it is now (a resident site's index is stored
  // again after a change): the vertices whose answers moved, whose bodies must be passed again.
  std::vector<std::size_t> answer_queries_again();

 private:
  bool has(Kind kind) const { return (kinds_present_ >> static_cast<int>(kind) & 1) != 0; }
  // Fills in every body once, on every core, using each in id order (site_body_pass.cpp).
  void pass_bodies(const DocUse& on_doc);
  LinkTarget link_target(std::string_view id) const { return vertices_.link_target(id); }
  // Views of the note's body text: its own, or read through options.stored_body into `read`.
  struct BodyView {
    std::string_view html, plain;
  };
  BodyView body_text(const Note& n, BodyText& read) const;
  // The notes embeds transclude, their bodies read as the site reads any (body_text).
  EmbedSource embed_source() const;
  // The key of v's body pass in a resident site's cache (body_pass_cache.h).
  std::uint64_t pass_key(std::size_t v, std::uint64_t dependencies, bool search) const;
  // What v's body draws from other notes (body_dependencies).
  std::uint64_t dependencies_of(const Note& n) const;
  // The vertices of the TERMs a pass's glossary terms are (a term past the glossary is left out).
  std::vector<std::size_t> term_vertices(const std::vector<std::uint32_t>& terms) const;
  QueryBlockHtml query_html(std::size_t v) const {
    return [this, v](std::size_t b) -> const std::string& { return queries_.html(v, b); };
  }

  const SiteInput& input_;
  Glossary glossary_;
  Adjacency adjacency_;
  unsigned threads_;
  SiteVertices vertices_;
  SiteBacklinks backlinks_;
  SiteRecords records_;
  std::unique_ptr<LayoutCache> layouts_;
  QueryBlocks queries_;
  bool bodies_kept_ = false;  // whether the pass kept the bodies' HTML for their pages
  std::vector<std::uint64_t> body_dependencies_;
  std::vector<std::uint8_t> features_;
  std::uint8_t any_features_ = 0;
  bool katex_ = false;
  std::uint32_t kinds_present_ = 0;
  std::map<std::string, std::string> tag_names_;  // each tag's key -> its shown spelling
  BodyStore bodies_;
  std::vector<std::optional<std::size_t>> term_vertex_;  // each glossary term's vertex
};

// A note's document for the search index, from its body's text (site_body_pass.cpp).
SearchDoc search_doc(const Note& n, std::string_view html, std::string_view plain);

}  // namespace anth::render::site
