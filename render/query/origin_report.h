#pragma once
// `anthology origin SOTA-…`: a practice's provenance as text or JSON.
#include <string>

#include "core/query/provenance.h"

namespace anth::render {

std::string origin_text(const query::Provenance& provenance);
std::string origin_json(const query::Provenance& provenance);

}  // namespace anth::render
