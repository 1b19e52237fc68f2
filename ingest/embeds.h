#pragma once
// Obsidian's embeds as the body's rewrite marks them (docs/format.md, "Embeds"): `![[Note]]`,
// `![[Note#Heading]]`, `![[Note#^block]]` and `![[image.png|300x200]]` are wikilinks flagged as
// embeds (BodyLink::embed), with the size an attachment's embed may give; the site shows them in
// place (render/site/embeds.h). An embed alone in its paragraph stands as a block of its own, so
// that a transcluded note's blocks are not put inside a <p>.
#include <cmark-gfm.h>

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace anth::ingest {

// "300" -> {300, 0}, "300x200" -> {300, 200}; nullopt when the text is no size (then it is the
// embed's text). At most 5 digits each.
std::optional<std::pair<int, int>> embed_size(std::string_view display);

// Each paragraph that holds only embeds (and line breaks or spaces between them) becomes a block
// with no <p> around them. `embeds` are the embeds' inline nodes.
void unwrap_embed_paragraphs(const std::vector<cmark_node*>& embeds);

}  // namespace anth::ingest
