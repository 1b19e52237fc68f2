#pragma once
// The words of the note format that commands take as values (kinds, statuses, relations), from the
// schema (core/model), for checking a value and for the completion scripts.
#include <string>
#include <vector>

namespace anth::cli {

// "lit", "note", "sota", "theory", "term".
std::vector<std::string> kind_words();
// Every status any kind allows, each once, in schema order.
std::vector<std::string> status_words();
// Every relation name, then "mentions".
std::vector<std::string> relation_words();

}  // namespace anth::cli
