// The dates in a node's header: created and updated as the frontmatter gives them; without an
// `updated`, the day of the file's last commit where ingest found one (Note::committed).
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const Note& n = pages.context().graph().note(v);
  const bool committed = n.updated.empty() && !n.committed.empty();
  const std::string& updated = committed ? n.committed : n.updated;
  if (n.created.empty() && updated.empty()) return;
  page.data.set("dates", TemplateValue::object()
                             .set("created", TemplateValue::borrow(n.created))
                             .set("updated", TemplateValue::borrow(updated))
                             .set("committed", committed));
}

void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const Note& n = keys.context().graph().note(v);
  h.text(n.created).text(n.updated).text(n.committed);
}

const NodeSectionRegistration registered{{"dates", 15, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
