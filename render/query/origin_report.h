#pragma once
// `anthology origin SOTA-…`: a practice's provenance as text or JSON.
#include <string>

#include "core/query/provenance.h"
#include "core/query/result_table.h"

namespace anth::render::query {

std::string origin_text(const anth::query::Provenance& provenance);
std::string origin_json(const anth::query::Provenance& provenance);
// Its linked papers, earliest first, as a table (a query block's answer): year, id, title, and how
// each is linked ("[origin]" first for the origin).
anth::query::ResultTable origin_table(const anth::query::Provenance& provenance);

}  // namespace anth::render::query
