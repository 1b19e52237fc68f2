#pragma once
// The one natural order of ids, used everywhere ids are listed: the site's listings, query sorting,
// the index's `natural_id` SQL collation. Digit runs compare as numbers ("LIT-9" < "LIT-10",
// "v2-LIT-9" < "v10-LIT-1"), everything else bytewise.
#include <string_view>

namespace anth::util {

// Negative, zero or positive like strcmp. Ids equal as numbers but written differently ("LIT-08",
// "LIT-8") are told apart bytewise, so only equal strings compare equal.
int natural_compare(std::string_view a, std::string_view b);

inline bool natural_less(std::string_view a, std::string_view b) { return natural_compare(a, b) < 0; }

}  // namespace anth::util