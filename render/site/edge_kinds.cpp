#include "render/site/edge_kinds.h"

#include <algorithm>

#include "core/model/schema.h"

namespace anth::render::site {

EdgeKind edge_kind(std::string_view relation) {
  const auto& kinds = relation_kinds();
  auto it = std::find(kinds.begin(), kinds.end(), relation);
  return static_cast<EdgeKind>(it - kinds.begin());  // the end: other
}

EdgeKind edge_kind_other() { return static_cast<EdgeKind>(relation_kinds().size()); }
EdgeKind edge_kind_count() { return static_cast<EdgeKind>(edge_kind_other() + 1); }

namespace {

std::string name_of(EdgeKind kind, char space) {
  std::string name(kind < edge_kind_other() ? relation_kinds()[kind] : "other");
  std::replace(name.begin(), name.end(), '_', space);
  return name;
}

}  // namespace

std::string edge_class(EdgeKind kind) { return "e-" + name_of(kind, '-'); }

std::string edge_legend_html(std::uint32_t drawn) {
  std::string out;
  for (EdgeKind k = 0; k < edge_kind_count(); ++k)
    if (drawn & (1u << k)) out += "<li><span class=\"edge-key " + edge_class(k) + "\"></span>" + name_of(k, ' ') + "</li>";
  return out;
}

}  // namespace anth::render::site
