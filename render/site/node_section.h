#pragma once
// A node-page section is one unit that declares both what it shows and what its page key must hash,
// so that a kept page can never miss an input the section renders from. Each section is one file
// under render/site/sections/ that registers itself with one line at namespace scope:
//
//   const NodeSectionRegistration registered{{"backlinks", 80, render, key}};
//
// The node page (Pages::node_page) renders by running every registered section in order into the
// page's template data; its page key (PageKeys::node_page) is the site-wide part plus every
// section's key. The sections are linked as object files (CMake target anthology_site_sections),
// never from an archive, so that no registration is dropped; a new section is a new file and its
// test, with no list to edit (tests/site/node_sections_test.cpp checks every registered section).
#include <cstddef>
#include <string_view>
#include <vector>

#include "render/site/site_files.h"
#include "render/site/template_value.h"

namespace anth::util {
class Hasher;
}

namespace anth::render::site {

class Pages;
class PageKeys;
struct Frame;

// What the sections of one node's page make together.
struct NodePage {
  TemplateValue& data;  // the fields of the node template (render/assets/site/templates/node.html)
  Frame& frame;         // the page's title, navigation mark and body class
  SiteFiles& extra;     // files that come with the page (a kernel's source)
  // Blocks of HTML shown after the built-in sections of the main column, in section order: a
  // section the node template has no place for puts its own markup here.
  TemplateValue& blocks;
};

struct NodeSection {
  std::string_view name;  // unique; names the section in test failures and in the key
  int order;              // unique; the order the sections run in (top of the page first)
  // Adds what the section shows of vertex v to the page.
  void (*render)(const Pages& pages, std::size_t v, NodePage& page);
  // Feeds `h` exactly what render() reads of v and of the notes it shows (through keys.shown(w) for
  // a link to w); what every page shares (the options, the glossary, the renderer) is already in.
  void (*key)(const PageKeys& keys, std::size_t v, util::Hasher& h);
};

// One per section file, at namespace scope: registers the section before main() runs.
class NodeSectionRegistration {
 public:
  explicit NodeSectionRegistration(NodeSection section);
};

// Every registered section, by order.
const std::vector<NodeSection>& node_sections();

}  // namespace anth::render::site
