#pragma once
// `anthology origin SOTA-…`: a practice's provenance as text or JSON.
#include <string>

#include "core/query/provenance.h"
#include "core/query/result_table.h"

namespace anth::render {

std::string origin_text(const query::Provenance& provenance);
std::string origin_json(const query::Provenance& provenance);
// Its linked papers, earliest first, as a table (a query block's answer): year, id, title, and how
// each is linked ("[origin]" first for the origin).
query::ResultTable origin_table(const query::Provenance& provenance);

}  // namespace anth::render
