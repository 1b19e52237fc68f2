#include "render/site/template_value.h"

namespace anth::render::site {

TemplateValue& TemplateValue::set(std::string_view key, TemplateValue value) & {
  Members& members = std::get<Members>(v_);
  for (auto& [k, v] : members)
    if (k == key) {
      v = std::move(value);
      return *this;
    }
  members.emplace_back(key, std::move(value));
  return *this;
}

std::string_view TemplateValue::text() const {
  if (const auto* s = std::get_if<std::string>(&v_)) return *s;
  if (const auto* s = std::get_if<std::string_view>(&v_)) return *s;
  return {};
}

const TemplateValue* TemplateValue::get(std::string_view key) const {
  const auto* members = std::get_if<Members>(&v_);
  if (!members) return nullptr;
  for (const auto& [k, v] : *members)
    if (k == key) return &v;
  // {{#has_list}} tells whether a list has items, for headings and wrappers around it.
  static const TemplateValue yes(true), no(false);
  if (key.starts_with("has_"))
    if (const TemplateValue* list = get(key.substr(4)); list && list->is_list()) return list->items().empty() ? &no : &yes;
  return nullptr;
}

}  // namespace anth::render::site
