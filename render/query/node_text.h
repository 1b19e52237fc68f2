#pragma once
// Pieces shared by the reports of show, origin, path and neighbors: how a node, a citation, a relation
// and a stored lint finding read, as text and as JSON.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/query/node_details.h"

namespace anth::render::query {

using ordered_json = nlohmann::ordered_json;

// "Henry, Dachapally, Pawar and Chen (2020) — ARXIV-2010.04245"; parts that are missing are left out.
std::string citation(const std::vector<std::string>& authors, std::optional<int> year, const std::string& arxiv);

// "introduced_by" -> "introduced by".
std::string relation_words(std::string_view relation);
// The heading of outgoing relations of a kind: "Introduced by", "Compared against", "Mentions".
std::string outgoing_heading(std::string_view relation);
// The heading of incoming relations of a kind: "Cited as \"introduced by\" by", "Mentioned by".
std::string incoming_heading(std::string_view relation);

// "LIT-640 — Query-Key Normalization for Transformers" (just the id when the title is empty).
std::string ref_text(const anth::query::NodeRef& ref);

// Lint's text form, one line each (and one per related location), each line prefixed by indent.
std::string finding_lines(const std::vector<anth::query::StoredFinding>& findings, const std::string& indent);

ordered_json ref_json(const anth::query::NodeRef& ref);
// The shape of a diagnostic in `anthology lint --format json`.
ordered_json finding_json(const anth::query::StoredFinding& finding);
ordered_json findings_json(const std::vector<anth::query::StoredFinding>& findings);

// JSON text as every query command prints it: two-space indent, a final newline.
std::string dump(const ordered_json& value);

}  // namespace anth::render::query
