#include "render/site/properties_table.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "render/site/html.h"
#include "render/site/pages.h"

namespace anth::render::site {

namespace {

TemplateValue row(std::string label) {
  return TemplateValue::object()
      .set("label", std::move(label))
      .set("text", false)
      .set("tags", TemplateValue::list())
      .set("refs", TemplateValue::list());
}

// A written property the table shows (a vault page's frontmatter): its values as written, joined.
TemplateValue written_row(const anth::query::Property& w) {
  std::string text;
  for (const anth::query::PropertyValue& v : w.values) {
    if (!text.empty()) text += ", ";
    if (v.item) text += *v.item + ": ";
    text += v.text.value_or("");
  }
  return row(w.label).set("text", std::move(text));
}

TemplateValue typed_row(const anth::query::Property& t) {
  if (t.key != "tags") return row(t.label).set("text", t.values.front().text.value_or(""));
  TemplateValue tags = TemplateValue::list();
  for (const anth::query::PropertyValue& tag : t.values)
    tags.push(TemplateValue::object().set("name", *tag.text).set("href", tag_file(*tag.text)));
  return row(t.label).set("tags", std::move(tags));
}

// The other ends of a relation group, each linked, or as written when it names no node.
TemplateValue refs_of(const anth::query::Property& group, const RefOf& ref) {
  TemplateValue refs = TemplateValue::list();
  for (const anth::query::PropertyValue& value : group.values) {
    if (!value.in_table) continue;
    if (auto linked = value.target.id.empty() ? std::nullopt : ref(value.target.id)) {
      refs.push(std::move(*linked));
      continue;
    }
    refs.push(TemplateValue::object()
                  .set("id", false)
                  .set("title", false)
                  .set("label", value.text.value_or(""))
                  .set("href", false)
                  .set("kind", false)
                  .set("kind_class", false)
                  .set("unresolved", true)
                  .set("written", value.text.value_or("")));
  }
  return refs;
}

}  // namespace

TemplateValue properties_table(const anth::query::NodeProperties& p, const RefOf& ref) {
  TemplateValue rows = TemplateValue::list();
  for (const anth::query::Property& t : p.typed) rows.push(typed_row(t));
  for (const anth::query::Property& w : p.written)
    if (w.in_table) rows.push(written_row(w));
  for (const anth::query::Property& group : p.outgoing) {
    if (!group.in_table) continue;  // before building its refs: a note's mentions can be thousands
    if (TemplateValue refs = refs_of(group, ref); !refs.empty_list())
      rows.push(row(outgoing_label(group.key)).set("refs", std::move(refs)));
  }
  std::vector<std::pair<std::string, const anth::query::Property*>> incoming;  // label, group
  for (const anth::query::Property& group : p.incoming)
    if (group.in_table) incoming.emplace_back(incoming_label(group.key), &group);
  std::stable_sort(incoming.begin(), incoming.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [label, group] : incoming)
    if (TemplateValue refs = refs_of(*group, ref); !refs.empty_list()) rows.push(row(label).set("refs", std::move(refs)));
  std::size_t count = rows.size();
  return TemplateValue::object().set("count", count).set("rows", std::move(rows));
}

}  // namespace anth::render::site
