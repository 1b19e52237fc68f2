#pragma once
// Page keys: a hash of everything a node's page is made from, so that a build can keep the page the
// current site holds instead of rendering it again when both keys agree.
//
// The key of a node's page is what every page shares (the program that renders, whose templates are
// built in; the site options; the node and edge counts of the footer; the glossary, whose terms are
// linked with their definitions in every body) and then each section's own key (node_section.h):
// each section hashes exactly what it renders from, of its note and of the notes it shows, a link to
// another note by what that link shows (shown()). A page with a kernel also depends on the kernel's
// last result; its kernel file is kept with it.
//
// The keys of a site live in the site itself (page_keys_file.h).
#include <cstdint>
#include <string_view>
#include <vector>

#include "render/site/node_section.h"
#include "render/site/site_context.h"

namespace anth::render::site {

class PageKeys {
 public:
  // `renderer` identifies the program rendering (empty: no page is ever kept).
  PageKeys(const SiteContext& context, std::string_view renderer);

  // The key of v's page (and of its kernel file); 0 when the page must be rendered whatever was
  // recorded.
  std::uint64_t node_page(std::size_t v) const;
  // One section's part of it (for tests): what section.key feeds a hasher, digested.
  std::uint64_t section(const NodeSection& section, std::size_t v) const;

  const SiteContext& context() const { return ctx_; }
  // The part every page shares (0: keys are off).
  std::uint64_t site() const { return site_; }
  // A hash of what a link to w shows (its id, title, label, file and kind).
  std::uint64_t shown(std::size_t w) const { return shown_[w]; }

 private:
  const SiteContext& ctx_;
  std::uint64_t site_ = 0;             // what every page shares; 0: keys are off
  std::vector<std::uint64_t> shown_;   // what a link to each vertex shows
};

}  // namespace anth::render::site
