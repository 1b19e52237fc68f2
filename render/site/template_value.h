#pragma once
// The data a page template renders (templates.h): a flag, a text, a list or an object of named values.
// Built directly by the pages, with no JSON in between; a page's data lives only while it renders.
//
// Mustache rules the pages rely on: empty text is false (so that {{#field}} skips an empty field), and
// an object answers `has_X`, when it has no member of that name, with whether its list X has items.
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace anth::render::site {

class TemplateValue {
 public:
  using List = std::vector<TemplateValue>;
  // Keys are not copied: string literals, or strings that outlive the value.
  using Members = std::vector<std::pair<std::string_view, TemplateValue>>;

  TemplateValue() : v_(false) {}
  TemplateValue(bool flag) : v_(flag) {}
  TemplateValue(std::string text) : v_(false) {
    if (!text.empty()) v_ = std::move(text);
  }
  TemplateValue(const char* text) : TemplateValue(std::string(text)) {}
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  TemplateValue(T number) : v_(std::to_string(number)) {}
  template <class T>
  TemplateValue(const T*) = delete;  // not a flag by accident

  // Text kept by reference, for what outlives the page (a note's fields, a rendered body).
  static TemplateValue borrow(std::string_view text) {
    TemplateValue v;
    if (!text.empty()) v.v_ = text;
    return v;
  }
  static TemplateValue list() {
    TemplateValue v;
    v.v_ = List();
    return v;
  }
  static TemplateValue object() {
    TemplateValue v;
    Members members;
    members.reserve(8);  // most objects have a few members: one allocation, not four
    v.v_ = std::move(members);
    return v;
  }

  // An object's member, replaced when it exists. On a temporary, the chain stays a temporary, so
  // that it is moved, not copied, where it goes.
  TemplateValue& set(std::string_view key, TemplateValue value) &;
  TemplateValue&& set(std::string_view key, TemplateValue value) && { return std::move(set(key, std::move(value))); }
  // A list's next item.
  TemplateValue& push(TemplateValue item) & {
    std::get<List>(v_).push_back(std::move(item));
    return *this;
  }
  TemplateValue&& push(TemplateValue item) && { return std::move(push(std::move(item))); }
  void reserve(std::size_t n) { std::get<List>(v_).reserve(n); }

  bool is_false() const { return std::holds_alternative<bool>(v_) && !std::get<bool>(v_); }
  bool is_text() const { return std::holds_alternative<std::string>(v_) || std::holds_alternative<std::string_view>(v_); }
  bool is_list() const { return std::holds_alternative<List>(v_); }
  std::string_view text() const;
  const List& items() const { return std::get<List>(v_); }
  // An object's members in the order set; null for anything else.
  const Members* members() const { return std::get_if<Members>(&v_); }
  std::size_t size() const { return is_list() ? items().size() : 0; }
  bool empty_list() const { return is_list() && items().empty(); }
  // The member `key` of an object (or its has_ answer); null for anything else.
  const TemplateValue* get(std::string_view key) const;

 private:
  std::variant<bool, std::string, std::string_view, List, Members> v_;
};

}  // namespace anth::render::site
