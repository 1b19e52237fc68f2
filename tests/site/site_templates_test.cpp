// The site's mustache renderer: variables, escaping, sections, inverted sections, has_ answers,
// dotted names, lookups through enclosing sections, and kainjow mustache's rule for dropping lines
// that only held section tags (the pages were kainjow's output, byte for byte). Where kainjow is
// installed, every case is also rendered by it and must come out the same.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <stdexcept>

#include "render/site/html.h"
#include "render/site/templates.h"

#if __has_include(<kainjow/mustache.hpp>)
#include <kainjow/mustache.hpp>
#define HAVE_KAINJOW 1
#endif

using namespace anth::render::site;
using nlohmann::json;

namespace {

// Test data is written as JSON; the renderer gets it as a TemplateValue (keys point into the JSON).
TemplateValue value_of(const json& j) {
  switch (j.type()) {
    case json::value_t::object: {
      TemplateValue v = TemplateValue::object();
      for (auto it = j.begin(); it != j.end(); ++it) v.set(it.key(), value_of(it.value()));
      return v;
    }
    case json::value_t::array: {
      TemplateValue v = TemplateValue::list();
      for (const json& item : j) v.push(value_of(item));
      return v;
    }
    case json::value_t::string: return TemplateValue(j.get<std::string>());
    case json::value_t::boolean: return TemplateValue(j.get<bool>());
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return TemplateValue(j.get<long long>());
    default: return TemplateValue(false);
  }
}

std::string render(const std::string& text, const json& data) { return Templates::render_text(text, value_of(data)); }

#ifdef HAVE_KAINJOW
// The data kainjow rendered the pages from: empty text as false, and has_X beside every list X.
kainjow::mustache::data kainjow_data(const json& j) {
  namespace mustache = kainjow::mustache;
  switch (j.type()) {
    case json::value_t::object: {
      mustache::data d{mustache::data::type::object};
      for (auto it = j.begin(); it != j.end(); ++it) {
        d.set(it.key(), kainjow_data(it.value()));
        if (it.value().is_array() && !j.contains("has_" + it.key())) d.set("has_" + it.key(), mustache::data{!it.value().empty()});
      }
      return d;
    }
    case json::value_t::array: {
      mustache::data d{mustache::data::type::list};
      for (const json& item : j) d.push_back(kainjow_data(item));
      return d;
    }
    case json::value_t::string:
      return j.get<std::string>().empty() ? mustache::data{false} : mustache::data{j.get<std::string>()};
    case json::value_t::boolean: return mustache::data{j.get<bool>()};
    case json::value_t::null: return mustache::data{false};
    default: return mustache::data{j.dump()};
  }
}

std::string kainjow_render(const std::string& text, const json& data) {
  kainjow::mustache::mustache t(text);
  t.set_custom_escape([](const std::string& s) { return anth::util::escape_html(s); });
  return t.render(kainjow_data(data));
}
#endif

struct Case {
  std::string text;
  json data;
  std::string expected;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"Hello {{name}}!", {{"name", "<b>&'\""}}, "Hello &lt;b&gt;&amp;&#39;&quot;!"},
      {"{{{html}}} {{&html}} {{ html }}", {{"html", "<i>"}}, "<i> <i> &lt;i&gt;"},
      {"[{{missing}}][{{flag}}][{{list}}]", {{"flag", true}, {"list", json::array({"a"})}}, "[][][]"},
      {"{{n}} {{m}}", {{"n", 0}, {"m", 12345678901LL}}, "0 12345678901"},
      {"{{#empty}}x{{/empty}}{{^empty}}y{{/empty}}", {{"empty", ""}}, "y"},
      {"{{#text}}<{{text}}>{{/text}}", {{"text", "t"}}, "<t>"},
      {"{{#items}}<{{.}}>{{/items}}", {{"items", {"a", "b"}}}, "<a><b>"},
      {"{{#has_items}}yes{{/has_items}}{{^has_items}}no{{/has_items}}", {{"items", json::array()}}, "no"},
      {"{{#has_items}}yes{{/has_items}}{{^has_items}}no{{/has_items}}", {{"items", {"a"}}}, "yes"},
      {"{{#has_items}}yes{{/has_items}}", {{"items", json::array()}, {"has_items", true}}, "yes"},
      {"{{#has_name}}yes{{/has_name}}{{^has_name}}no{{/has_name}}", {{"name", "x"}}, "no"},
      {"{{a.b}} {{#a}}{{b}}{{/a}} {{a.c}}", {{"a", {{"b", "c"}}}}, "c c "},
      {"{{#list}}{{name}}-{{title}};{{/list}}", {{"title", "T"}, {"list", {{{"name", "x"}}, {{"name", "y"}, {"title", "U"}}}}}, "x-T;y-U;"},
      {"{{#obj}}{{x}}{{/obj}}{{^obj}}none{{/obj}}", {{"obj", json::object()}}, ""},
      {"{{^nothing}}none{{/nothing}}{{^no}}no{{/no}}{{^l}}empty{{/l}}", {{"no", false}, {"l", json::array()}}, "nonenoempty"},
      {"a\n{{#yes}}\nb\n{{/yes}}\nc\n", {{"yes", true}}, "a\nb\nc\n"},
      {"a\n{{#yes}}\nb\n{{/yes}}\nc\n", {{"yes", false}}, "a\n\nc\n"},
      {"{{^nothing}}\nnone\n{{/nothing}}\n", json::object(), "none\n"},
      {"x {{#yes}}y{{/yes}}\n", {{"yes", true}}, "x y\n"},
      {"  {{#yes}}{{/yes}}  \nz", {{"yes", true}}, "z"},
      {"\t{{#yes}}{{v}}{{/yes}}\nz", {{"yes", true}, {"v", "\n"}}, "\t\n\nz"},
      {"{{#l}}\n- {{.}}\n{{/l}}\n", {{"l", {"a", "b"}}}, "- a\n- b\n"},
      {"{{#l}}{{.}}{{/l}}\r\nend", {{"l", {"a"}}}, "a\r\nend"},
      {"{{! a comment }}x", json::object(), "x"},
      {"{ {x} }{{x}}", {{"x", "1"}}, "{ {x} }1"},
  };
  return all;
}

}  // namespace

TEST_CASE("site: templates render variables, sections and lines as the pages were rendered", "[site][templates]") {
  for (const Case& c : cases()) {
    INFO(c.text << "\n" << c.data.dump());
    CHECK(render(c.text, c.data) == c.expected);
#ifdef HAVE_KAINJOW
    CHECK(kainjow_render(c.text, c.data) == c.expected);
#endif
  }
}

TEST_CASE("site: a template that does not parse is refused", "[site][templates]") {
  for (const char* bad : {"{{#a}}x", "{{/a}}", "{{#a}}{{/b}}", "{{x", "{{{x}}", "{{>partial}}", "{{=<% %>=}}"}) {
    INFO(bad);
    CHECK_THROWS_AS(Templates::render_text(bad, TemplateValue::object()), std::runtime_error);
  }
}

TEST_CASE("site: every page template parses", "[site][templates]") {
  Templates t;
  for (const char* name : {"layout", "node", "home", "listing", "glossary", "graph", "provenance", "kernels", "search", "tag", "tags"})
    CHECK_NOTHROW(t.render(name, TemplateValue::object()));
  CHECK_THROWS_AS(t.render("no-such-page", TemplateValue::object()), std::runtime_error);
}
