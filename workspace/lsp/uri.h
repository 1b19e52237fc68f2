#pragma once
// file:// URIs (RFC 8089 as editors write them) to paths and back, percent-encoding what a URI cannot
// hold as is. Other schemes (untitled:, https:) are no file.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace anth::workspace::lsp {

// The absolute path of a file URI; nullopt for another scheme or a malformed one.
std::optional<std::filesystem::path> path_of_uri(std::string_view uri);
// The file URI of an absolute path.
std::string uri_of_path(const std::filesystem::path& path);

}  // namespace anth::workspace::lsp
