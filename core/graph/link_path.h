#pragma once
// The path arithmetic of links to notes, as Obsidian reads them: a markdown link's destination is
// percent-encoded ("Other%20note.md") and relative to the linking note's folder ("../People/Ada.md");
// a wikilink may start with "./" or "../" to mean the same. Pure string functions; nothing is read
// from the file system.
#include <string>
#include <string_view>

namespace anth::graph {

// "Other%20note.md" -> "Other note.md"; a '%' not followed by two hex digits is kept as written.
std::string percent_decode(std::string_view text);

// "People/Ada Lovelace.md" -> "People"; "" for a note at the vault's root.
std::string_view folder_of(std::string_view path);

// `relative` ("../Old/Roadmap", "./Note", "Note") read from `folder`, its "." and ".." steps taken:
// "Projects" + "../People/Ada" -> "People/Ada". A leading '/' means the vault's root; "" when ".."
// climbs above the root.
std::string join_relative(std::string_view folder, std::string_view relative);

// Whether a link names a file that is no note: its last segment ends in an attachment's extension
// (images, audio, video, PDF) or a canvas or base, the files Obsidian links to but which hold no note.
bool names_attachment(std::string_view written);

}  // namespace anth::graph