#pragma once
// Page keys: a hash of everything a node's page is made from, so that a build can keep the page the
// current site holds instead of rendering it again when both keys agree.
//
// A node's page shows its own note; what a link to each note it names shows (id, title, kind); the
// relations both ways, the backlinks with their excerpts, the readings and, for a TERM, who mentions
// it; the edges among its neighbourhood; its diagnostics with their places in the provenance report;
// what its body's references resolved to (SiteContext::body_dependencies); and what every page
// shares: the program that renders (its templates are built in), the site options, the node and edge
// counts of the footer, and the glossary (its terms are linked with their definitions in every body).
// A page with a kernel also depends on the kernel's last result; its kernel file is kept with it.
//
// The keys of a site live in the site itself (page_keys_file.h).
#include <cstdint>
#include <string_view>
#include <vector>

#include "render/site/site_context.h"

namespace anth::site {

class PageKeys {
 public:
  // `renderer` identifies the program rendering (empty: no page is ever kept).
  PageKeys(const SiteContext& context, std::string_view renderer);

  // The key of v's page (and of its kernel file); 0 when the page must be rendered whatever was
  // recorded.
  std::uint64_t node_page(std::size_t v) const;

 private:
  const SiteContext& ctx_;
  std::uint64_t site_ = 0;             // what every page shares; 0: keys are off
  std::vector<std::uint64_t> shown_;   // what a link to each vertex shows
};

}  // namespace anth::site
