#pragma once
// CORPUS/anthology.toml (docs/configuration.md): every setting optional. The settings, parsed from
// text; the file is ingest's to read.
//
//   [lint]      severity.P011 = "off"       (or [lint.severity] P011 = "off")
//   [site]      title = "...", base_url = "...", out = "site"   (out: inside the corpus)
//   [ingest]    max_note_bytes = 4194304, untyped = "page", glossary = "terms", typed_folders = ["lit"]
//
// A cloned corpus is untrusted input: nothing in it chooses a program to run. `[kernels] compiler`
// and `flags` are ignored with a finding; the compiler comes from --cxx / $CXX (cli/toolchain.h).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/diagnostic.h"
#include "core/util/expected.h"

namespace anth {

// How a note that is none of the five typed kinds is taken (docs/format.md, "Pages").
struct TypingPolicy {
  bool untyped_pages = true;               // untyped = "page" (default), or "error": S005 as for a bad id
  std::string glossary = "terms";          // the folder whose notes are TERMs by their file name
  std::vector<std::string> typed_folders;  // folders whose notes must be typed (S005 otherwise)
  bool operator==(const TypingPolicy&) const = default;
};

struct Config {
  std::map<std::string, Severity> severities;  // rule id -> severity overriding the default
  std::string site_title = "Anthology";
  std::string base_url;
  std::string out_dir;  // empty: the command's default; relative to the corpus
  Location out_dir_at;  // where out_dir was written
  std::uint64_t max_note_bytes = 4 * 1024 * 1024;
  TypingPolicy typing;
  // Findings about anthology.toml itself, at its line and column: a setting of the wrong type or out of
  // range (S003, the default is kept), an unknown table or key, or one that is ignored (S004).
  std::vector<Diagnostic> findings;
};

inline constexpr const char* config_file_name = "anthology.toml";

// The text of anthology.toml (ingest/config_file.h reads the file). Text that does not parse, or names
// an unknown rule or severity, is a failure with a one-line reason ("anthology.toml:3:1: ..."); every
// other problem is a finding in `findings`, sorted.
util::Expected<Config> parse_config(std::string_view text);

// The severity a rule has under this configuration.
Severity effective_severity(const Config& config, const std::string& rule, Severity default_severity);

}  // namespace anth
