// A TERM's definition: its short definition, its plain words, and the hover text links to it show.
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const Note& n = pages.context().graph().note(v);
  if (n.kind != Kind::Term) return;
  const GlossaryTerm* gt = pages.context().glossary().find(n.id);
  page.data.set("short", TemplateValue::borrow(n.short_definition))
      .set("plain", TemplateValue::borrow(n.plain))
      .set("hover", gt ? gt->hover() : n.short_definition);
}

// The glossary (hover texts) is every page's.
void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const Note& n = keys.context().graph().note(v);
  h.number(n.kind == Kind::Term);
  if (n.kind == Kind::Term) h.text(n.id).text(n.short_definition).text(n.plain);
}

const NodeSectionRegistration registered{{"term definition", 55, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
