#pragma once
// The node page's Properties table, formatted from the one builder of a node's properties
// (core/query/node_properties.h, which `anthology show` formats too): the typed rows, then outgoing
// relations in schema order, then incoming ones grouped by their label, groups in alphabetical order.
#include <functional>
#include <optional>
#include <string_view>

#include "core/query/node_properties.h"
#include "render/site/template_value.h"

namespace anth::render::site {

// `ref` gives a linked node's entry (Pages::ref), nullopt when the id is no node of the site: the
// target is then shown as written. The result copies what it shows: `properties` may go first.
using RefOf = std::function<std::optional<TemplateValue>(std::string_view id)>;
TemplateValue properties_table(const anth::query::NodeProperties& properties, const RefOf& ref);

}  // namespace anth::render::site
