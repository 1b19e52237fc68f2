#pragma once
// `anthology show ID`: one node as text (headed sections, for reading) or JSON (for scripts).
#include <string>

#include "core/query/node_details.h"

namespace anth::render::query {

std::string show_text(const anth::query::NodeDetails& details);
std::string show_json(const anth::query::NodeDetails& details);

}  // namespace anth::render::query
