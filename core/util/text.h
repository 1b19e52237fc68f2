#pragma once
// Small text helpers shared by ingest and render: UTF-8 checks, columns in code points, trimming, the case fold.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/util/case_fold.h"
#include "core/util/utf8.h"  // find_invalid_utf8

namespace anth::util {

// 1-based column of byte offset `offset` within `line`, counted in code points.
int column_of(std::string_view line, std::size_t offset);
std::string_view trim(std::string_view s);
// The number of whitespace-separated words.
int count_words(std::string_view text);
// How many times `what` occurs in `text`, not overlapping: to reserve for what a scan will find.
std::size_t count_of(std::string_view text, std::string_view what);

}  // namespace anth::util