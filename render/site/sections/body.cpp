// The note's body as HTML: ingest's rendering with its links and glossary terms filled in.
#include "core/util/hasher.h"
#include "render/site/markdown_assets.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const SiteContext& ctx = pages.context();
  page.data.set("body_html", ctx.render_body_of(v));
  // Obsidian's markdown: its stylesheet, and KaTeX with its loader where there is math (markdown_assets.h).
  std::uint8_t f = ctx.features(v);
  if (f & uses_markdown_css) page.frame.styles.push_back("markdown.css");
  if ((f & uses_math) && ctx.katex()) {
    page.frame.styles.push_back("katex/katex.min.css");
    page.frame.scripts.push_back("katex/katex.min.js");
    page.frame.scripts.push_back("math.js");
  }
}

// The body as written (its content hash), what its links resolved to, with those notes' titles and
// kinds (SiteContext::body_dependencies), and its query blocks' answers (query_blocks.h); the glossary
// and allow_raw_html are every page's.
void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  h.number(keys.context().graph().note(v).content_hash).number(keys.context().body_dependencies(v));
  h.number(keys.context().queries().key(v));
  h.number(keys.context().katex());
}

const NodeSectionRegistration registered{{"body", 50, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
