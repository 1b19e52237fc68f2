#pragma once
// The words the query commands take, shared by the command line and the query blocks of notes
// (core/query/query_spec.h): a command line split into words as a shell splits it, the kinds and
// statuses a filter accepts, and the reason given for a value that is none of them.
#include <string>
#include <string_view>
#include <vector>

#include "core/util/expected.h"

namespace anth::query {

// "query --text \"entropy collapse\" --limit 5" as words: blanks separate words; '...' keeps its
// text as it is, "..." too but for \" and \\; a backslash outside quotes keeps the next character, or continues the line before a line break.
// Fails on an unclosed quote.
util::Expected<std::vector<std::string>> split_command_line(std::string_view line);

// "lit", "note", "sota", "theory", "term".
std::vector<std::string> kind_words();
// Every status any kind allows, each once, in schema order.
std::vector<std::string> status_words();

// "unknown kind 'sotaa'; did you mean 'sota'? (kinds: lit, note, ...)".
std::string not_one_of(const std::string& what, const std::string& value, const std::vector<std::string>& choices,
                       const std::string& plural = "");

// The values of a repeatable flag, each split at commas, empty items dropped.
std::vector<std::string> comma_list(const std::vector<std::string>& values);

}  // namespace anth::query
