#pragma once
// The inside of a wikilink, [[target#heading|display]], split the way Obsidian splits it. Shared by the
// two scanners that read wikilinks (ingest's body scan and the site's markdown), so that they agree.
#include <string_view>

namespace anth {

struct WikilinkText {
  std::string_view target;   // trimmed; empty for [[#heading]]
  std::string_view heading;  // trimmed; empty when none
  std::string_view display;  // trimmed; empty when none was given
};

// Splits at the first '|' and then the first '#'. Inside a table Obsidian writes the bar as "\|"
// ([[LIT-2\|text]]), so a backslash just before the bar belongs to the bar, not to the target.
WikilinkText split_wikilink(std::string_view inside);

}  // namespace anth
