#pragma once
// Obsidian's callout types: each name (and its aliases) with the colour family and icon the site
// shows. Unknown names look like a note.
#include <string_view>

namespace anth::ingest {

struct CalloutType {
  std::string_view name;    // the canonical type: "note", "abstract", ...
  std::string_view colour;  // the colour family markdown.css styles: "blue", "cyan", ...
  std::string_view icon;    // the inside of a 24x24 stroked <svg>
};

// The type of a callout's name (lower case), note's for a name Obsidian does not have.
const CalloutType& callout_type(std::string_view name);
// The icon as inline SVG, hidden from assistive technology (the title says what it is).
std::string_view callout_svg_open();

}  // namespace anth::ingest
