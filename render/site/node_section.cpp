// The section registry: each section file registers itself before main() (node_section.h); the first
// read sorts them by order and freezes the list, which pages read from many threads after that.
#include "render/site/node_section.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace anth::site {

namespace {

struct Registry {
  std::vector<NodeSection> sections;
  bool frozen = false;
};

Registry& registry() {
  static Registry r;
  return r;
}

[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "anthology: node section registry: %s\n", why.c_str());
  std::abort();
}

}  // namespace

NodeSectionRegistration::NodeSectionRegistration(NodeSection section) {
  if (!section.render || !section.key) fail(std::string(section.name) + " registered without its render and key");
  if (registry().frozen) fail(std::string(section.name) + " registered after the sections were read");
  registry().sections.push_back(section);
}

const std::vector<NodeSection>& node_sections() {
  static const std::vector<NodeSection>& sections = []() -> const std::vector<NodeSection>& {
    Registry& r = registry();
    std::sort(r.sections.begin(), r.sections.end(), [](const NodeSection& a, const NodeSection& b) { return a.order < b.order; });
    for (std::size_t i = 1; i < r.sections.size(); ++i) {
      if (r.sections[i].order == r.sections[i - 1].order)
        fail(std::string(r.sections[i].name) + " and " + std::string(r.sections[i - 1].name) + " share an order");
      for (std::size_t j = 0; j < i; ++j)
        if (r.sections[i].name == r.sections[j].name) fail(std::string(r.sections[i].name) + " registered twice");
    }
    r.frozen = true;
    return r.sections;
  }();
  return sections;
}

}  // namespace anth::site
