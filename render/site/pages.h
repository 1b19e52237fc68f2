#pragma once
// The pages of the site, each rendered from its template with data drawn from the SiteContext.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "render/site/site_context.h"
#include "render/site/site_files.h"
#include "render/site/templates.h"

namespace anth::render::site {

// The frame every page shares: header with navigation and search, main, footer.
struct Frame {
  std::string title;         // the page's own title ("" on the home page)
  std::string root;          // "" or "../"
  std::string current;       // the navigation entry to mark as the current page
  std::string body_class;
  std::vector<std::string> scripts;  // site-relative script paths, after site.js
  std::vector<std::string> styles;   // site-relative stylesheets, after style.css
  bool header_search = true;
};

// Whether a node's page shows a reference kernel (and comes with its source file, kernel_file()).
inline bool shows_kernel(const Note& n) { return !n.kernel.empty() && (n.kind == Kind::Sota || n.kind == Kind::Theory); }

class Pages {
 public:
  Pages(const SiteContext& context, const Templates& templates) : ctx_(context), t_(templates) {}

  // A node's page, made by the registered sections in order (node_section.h); for a SOTA or THEORY
  // with a kernel, also its kernel file (appended to `extra`).
  std::string node_page(std::size_t v, SiteFiles& extra) const;

  std::string home_page() const;
  // A kind's listing, in pages of options().listing_page_size rows, each handed to `emit` as soon as
  // it is rendered: ("papers.html", html), ("papers-2.html", html), ...
  // `only` (a patch, site_render.h): just the pages holding one of these vertices.
  void kind_listings(Kind kind, const std::function<void(std::string file, std::string html)>& emit,
                     const std::vector<std::size_t>* only = nullptr) const;
  std::string tags_page() const;
  std::string tag_page(const std::string& key, const std::vector<std::size_t>& vertices) const;  // a tag by its key (core/model/tag_names.h)
  std::string glossary_page() const;
  std::string graph_page() const;
  std::string provenance_page() const;
  std::string kernels_page() const;
  std::string search_page() const;

  // The file a kind's listing has ("practices.html") and its heading ("Practices").
  static std::string listing_file(Kind kind);
  static std::string listing_title(Kind kind);

  // What the sections of a node's page draw on (render/site/sections/).
  const SiteContext& context() const { return ctx_; }
  // A link to v, as the templates show one (id, title, label, href, kind); `root` prefixes its href.
  TemplateValue ref(std::size_t v, const std::string& root = "") const;
  // A link to v marked as a TERM's when it is one (`is_term`, `name`): site.js gives it the term's
  // definition on hover (glossary_tips.h).
  TemplateValue term_ref(std::size_t v, const std::string& root = "") const;
  // The Properties table of a node: its own fields and its typed relations both ways.
  TemplateValue properties(std::size_t v) const;
  // The last stored result of the node's kernel, or null; current or not (result_is_current).
  const index::StoredKernelResult* last_result(const Note& n) const;
  // That result as the templates show it: passed, failed, stale or not yet checked.
  TemplateValue kernel_result(const Note& n) const;

 private:
  std::string wrap(const Frame& frame, const std::string& content_html) const;

  const SiteContext& ctx_;
  const Templates& t_;
};

// Helpers shared by the pages, exposed for tests.
std::string authors_short(const std::vector<std::string>& authors);  // "Vaswani et al."
std::string authors_full(const std::vector<std::string>& authors);   // "A, B and C"
std::string reading_time(int words);                                 // "2 min read"
// At most about `limit` bytes of text, cut at a space (never inside a UTF-8 sequence), with "…".
std::string shortened(std::string_view text, std::size_t limit);
// 'Cited as “introduced by” by' for an incoming relation ("Cited by", "Contests", "Superseded by" where
// that form reads badly), "Introduced by" for an outgoing one.
std::string incoming_label(std::string_view kind);
std::string outgoing_label(std::string_view kind);

}  // namespace anth::render::site
