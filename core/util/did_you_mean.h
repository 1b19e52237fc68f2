#pragma once
// "Did you mean" suggestions for misspelt field names, commands and flags.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace anth::util {

// Levenshtein distance, case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b);
// The shortest candidate the word abbreviates ("--fmt": --format), else the closest within a third of
// the word's length (at least 2 edits), or nullopt.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace anth::util