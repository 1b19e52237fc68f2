#pragma once
// The query commands answer from the index without reading notes again, as long as the index still
// describes the corpus. How hard to look (Freshness):
//  - Files: every .md file's size and mtime (ingest/scan.h) equal the ones in the `files` table: one
//    stat per note, about 2.5 ms per 1,000 notes here;
//  - Folders: every folder's mtime equals the one stamped in meta `folders` at the last ingest, which
//    catches notes added, removed or saved by rename (most editors), but not a note rewritten in place;
//    a few stats whatever the size;
//  - Auto: Files up to auto_files_limit notes, Folders above, so a query stays well under 100 ms;
//  - Off: the index as it is.
// Files and Folders also look at one stored parse: one made by another version of the parser (an
// upgraded binary) makes the index stale whatever the files.
// Ingest answers whether the index is stale, from the file system and the index's stamps; the caller
// decides what to do about it (cli's open_query_index runs an incremental ingest, then opens again).
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;

namespace anth::ingest {

enum class Freshness { Auto, Files, Folders, Off };
inline constexpr std::size_t auto_files_limit = 20000;

std::optional<Freshness> parse_freshness(std::string_view name);  // "auto", "files", "folders", "off"

// Empty when the open index is current for the corpus at root as far as `mode` looks; else why not
// ("sota/SOTA-192.md changed", "lit/LIT-900.md is new", "3 files removed", "a folder changed", "its notes were
// read by another version of anthology").
std::string staleness(sqlite3* db, const std::filesystem::path& root, Freshness mode = Freshness::Files);

}  // namespace anth::ingest
