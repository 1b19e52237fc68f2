// The table of contents of a note with two or more headings (render/site/toc.h), linking to their ids.
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"
#include "render/site/toc.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  // The body section, which runs first, has the filled body in the page: read it there rather than
  // filling it twice; alone (a test of this section) it is filled here.
  const TemplateValue* shown = page.data.get("body_html");
  std::string filled = shown && shown->is_text() ? std::string() : pages.context().render_body_of(v);
  std::vector<TocEntry> entries = toc_entries(shown && shown->is_text() ? shown->text() : std::string_view(filled));
  if (entries.size() < 2) return;
  TemplateValue list = TemplateValue::list();
  for (TocEntry& e : entries)
    list.push(TemplateValue::object().set("level", e.level).set("id", std::move(e.id)).set("text", std::move(e.text)));
  page.data.set("toc", TemplateValue::object().set("entries", std::move(list)));
}

// What the body shows (the body section's key): the headings are the body's.
void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  h.number(keys.context().graph().note(v).content_hash).number(keys.context().body_dependencies(v));
}

const NodeSectionRegistration registered{{"contents", 52, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
