#pragma once
// CORPUS/anthology.toml (cli.md, "Configuration"): every setting optional.
//
//   [lint]      severity.P011 = "off"       (or [lint.severity] P011 = "off")
//   [site]      title = "...", base_url = "...", out = "site"
//   [ingest]    max_note_bytes = 4194304
//   [kernels]   compiler = "c++", flags = ["-std=c++17", "-O2"]
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/model/diagnostic.h"
#include "core/util/expected.h"

namespace anth {

struct Config {
  std::map<std::string, Severity> severities;  // rule id -> severity overriding the default
  std::string site_title = "Anthology";
  std::string base_url;
  std::string out_dir;  // empty: the command's default
  std::uint64_t max_note_bytes = 4 * 1024 * 1024;
  std::string kernel_compiler;  // empty: $CXX, then c++
  std::vector<std::string> kernel_flags = {"-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror"};
};

// Reads CORPUS/anthology.toml; a missing file gives the defaults. A file that does not parse, or names
// an unknown rule or severity, is a failure with a one-line reason ("anthology.toml:3:1: ...").
Expected<Config> load_config(const std::filesystem::path& corpus_root);

// The severity a rule has under this configuration.
Severity effective_severity(const Config& config, const std::string& rule, Severity default_severity);

}  // namespace anth
