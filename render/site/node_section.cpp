// The section registry: each section file registers itself before main() (node_section.h); the first
// read sorts them by order and freezes the list, which pages read from many threads after that.
#include "render/site/node_section.h"

#include <string>

#include "core/util/static_registry.h"

namespace anth::render::site {

namespace {

util::StaticRegistry<NodeSection>& registry() {
  static util::StaticRegistry<NodeSection> r("node section");
  return r;
}

}  // namespace

NodeSectionRegistration::NodeSectionRegistration(NodeSection section) {
  if (!section.render || !section.key) registry().fail(std::string(section.name) + " registered without its render and key");
  registry().add(section, section.name);
}

const std::vector<NodeSection>& node_sections() {
  static const std::vector<NodeSection>& sections = registry().freeze(
      [](const NodeSection& a, const NodeSection& b) { return a.order < b.order; },
      [](const std::vector<NodeSection>& sorted) {
        for (std::size_t i = 1; i < sorted.size(); ++i) {
          if (sorted[i].order == sorted[i - 1].order)
            return std::string(sorted[i].name) + " and " + std::string(sorted[i - 1].name) + " share an order";
          for (std::size_t j = 0; j < i; ++j)
            if (sorted[i].name == sorted[j].name) return std::string(sorted[i].name) + " registered twice";
        }
        return std::string();
      });
  return sections;
}

}  // namespace anth::render::site
