#pragma once
// The page templates: mustache files under render/assets/site/templates/, embedded in the binary.
// Data comes in as JSON; {{name}} escapes, and {{{name_html}}} is used only for HTML this renderer
// produced itself (a rendered body, an SVG), never for text from a note.
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace anth::site {

class Templates {
 public:
  // Throws std::runtime_error naming the template when one is missing or does not parse.
  Templates();
  ~Templates();
  Templates(const Templates&) = delete;
  Templates& operator=(const Templates&) = delete;

  // Renders render/assets/site/templates/<name>.html with `data`.
  std::string render(std::string_view name, const nlohmann::json& data) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace anth::site
