#pragma once
// Embeds on a page (docs/site.md, "Embeds and attachments"): an attachment an embed or link names is
// copied into the site under attachments/, keeping its vault path, and shown as the matching element
// (an image with its size and text, audio and video with controls, a PDF or any other file as a link);
// a note's embed shows the part of the target's body it names, as ingest made it: the whole body, a
// heading's section, or a block. No markdown is parsed here; the transcluded HTML is the target's
// stored body, filled in by body_fill.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/model/corpus.h"
#include "render/site/site_files.h"

namespace anth::render::site {

// Embeds nest at most this deep (a note embedding one that embeds another ...); past it, and for a
// note already being embedded (a cycle), a link is shown instead.
inline constexpr std::size_t max_embed_depth = 4;

// "attachments/Folder/a b.png" percent-encoded for an href; the file is "attachments/" + the vault path.
std::string attachment_file(std::string_view vault_path);
std::string attachment_href(std::string_view vault_path);

// The element an attachment's embed shows: `shown` is its text as the marker holds it (HTML-escaped).
void append_attachment_embed(std::string& out, const BodyLink& link, std::string_view shown);

// The part of a body's HTML (as ingest made it) an embed names by the anchor the resolver found: the
// heading's section (to the next heading of its level or above), or the element with the block's id;
// the whole body when `anchor` is empty; "" when the anchor is not in it.
std::string_view embedded_part(std::string_view html, std::string_view anchor);

// Copies every attachment a note in the graph links to or embeds (BodyLink::attachment) into the
// site, bytes unchanged, read only through core/util/contained_file (at most `max_bytes`). False
// when the sink refused a file; an attachment that cannot be read is left out.
bool copy_attachments(const Corpus& corpus, std::uint64_t max_bytes, const FileSink& sink);

}  // namespace anth::render::site
