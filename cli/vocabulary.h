#pragma once
// The words of the note format that commands take as values (kinds, statuses, relations), from the
// schema (core/model), for checking a value and for the completion scripts.
#include <string>
#include <vector>

#include "core/query/query_words.h"

namespace anth::cli {

// The kinds and statuses, as the query filters take them.
using query::kind_words;
using query::status_words;
// Every relation name, then "mentions".
std::vector<std::string> relation_words();

}  // namespace anth::cli
