#pragma once
// The rule docs (docs/rules/*.md, embedded) as files the language server's diagnostics link to, in a
// folder beside the index. The folder is written only when it is ours: made here and marked, or marked
// before; never a symlink (a cloned corpus may ship `.anthology/rules` pointing anywhere), and no file
// in it that is not a regular file is replaced.
#include <filesystem>
#include <string>

namespace anth::cli {

inline constexpr const char* rule_docs_marker = ".anthology-rule-docs";

// The folder's file:// URI ending in '/', or "" when the folder is not ours or cannot be written
// (the diagnostics then carry no link).
std::string write_rule_docs(const std::filesystem::path& folder);

}  // namespace anth::cli
