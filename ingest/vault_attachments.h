#pragma once
// A vault's attachments as the corpus holds them (core/model/corpus.h, Attachment): the files the scan
// listed that are not notes, each with why the site must not copy it (over the note size limit, or a
// symbolic link that leads outside the vault), and Obsidian's attachment folder, read from
// `.obsidian/app.json` (`attachmentFolderPath`) through core/util/contained_file. No attachment is read.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/model/corpus.h"
#include "ingest/scan.h"

namespace anth::ingest {

std::vector<Attachment> vault_attachments(const std::filesystem::path& root_real, const std::vector<SourceFile>& listed,
                                          std::uint64_t max_bytes);

// `attachmentFolderPath` of `.obsidian/app.json`, as Corpus::attachment_folder holds it: "" when the
// file is missing, unreadable, not JSON, or names the vault's root.
std::string attachment_folder(const std::filesystem::path& root_real);

}  // namespace anth::ingest
