#pragma once
// Helpers the rule files share: naming a node with its year, and finding where a field's value was
// written. Private to core/rules/.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/graph.h"
#include "core/model/diagnostic.h"

namespace anth::rules {

// Line 1, column 1 of a note's file: where a whole-file finding sits.
Location file_start(const Note& note);
// Where the first value of a field was written; its key when it has no value; else the file start.
Location value_location(const Note& note, std::string_view key);

bool is_kind(const graph::Graph& graph, std::size_t v, Kind kind);
// "LIT-088 (2023)", or "LIT-088" when the year is unknown.
std::string with_year(const graph::Graph& graph, std::size_t v);
// The target of the first edge of `kind` leaving v, if any.
std::optional<std::size_t> first_target(const graph::Graph& graph, std::size_t v, std::string_view kind);
// The first edge of `kind` leaving v, if any.
std::optional<graph::Edge> first_edge(const graph::Graph& graph, std::size_t v, std::string_view kind);

// "a, b, c".
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");
// A number as written by a person: "3", "0.5", "1e-06".
std::string format_number(double value);

}  // namespace anth::rules
