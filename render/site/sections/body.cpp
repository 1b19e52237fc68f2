// The note's body as HTML: ingest's rendering with its links and glossary terms filled in.
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) { page.data.set("body_html", pages.context().render_body_of(v)); }

// The body as written (its content hash), what its links resolved to, with those notes' titles and
// kinds (SiteContext::body_dependencies), and its query blocks' answers (query_blocks.h); the glossary
// and allow_raw_html are every page's.
void key(const PageKeys& keys, std::size_t v, Hasher& h) {
  h.number(keys.context().graph().note(v).content_hash).number(keys.context().body_dependencies(v));
  h.number(keys.context().queries().key(v));
}

const NodeSectionRegistration registered{{"body", 50, render, key}};

}  // namespace

}  // namespace anth::site::sections
