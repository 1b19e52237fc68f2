#pragma once
// The page templates: mustache files under render/assets/site/templates/, embedded in the binary,
// parsed once and rendered straight from a TemplateValue. {{name}} escapes, and {{{name_html}}} is
// used only for HTML this renderer produced itself (a rendered body, an SVG), never for text from a
// note. The subset the templates use: variables, sections, inverted sections, dotted names, {{.}}
// and comments; lines that only held section tags are dropped the way kainjow mustache drops them.
#include <memory>
#include <string>
#include <string_view>

#include "render/site/template_value.h"

namespace anth::render::site {

class Templates {
 public:
  // Throws std::runtime_error naming the template when one is missing or does not parse.
  Templates();
  ~Templates();
  Templates(const Templates&) = delete;
  Templates& operator=(const Templates&) = delete;

  // Renders render/assets/site/templates/<name>.html with `data`, appending to `out`. Thread-safe.
  void render(std::string_view name, const TemplateValue& data, std::string& out) const;
  std::string render(std::string_view name, const TemplateValue& data) const;

  // A template given as text (tests).
  static std::string render_text(std::string_view text, const TemplateValue& data);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace anth::render::site
