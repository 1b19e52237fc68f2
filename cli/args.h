#pragma once
// A small command-line parser: each command declares its flags; unknown flags get a "did you mean".
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/util/expected.h"

namespace anth::cli {

struct FlagSpec {
  std::string name;        // "--format"
  bool takes_value = false;
  bool repeatable = false;
  std::string help;        // "text|json|sarif  the output format"
};

struct Args {
  std::map<std::string, std::vector<std::string>> values;  // flag -> values ("" for a switch)
  std::vector<std::string> positionals;

  bool has(const std::string& flag) const { return values.count(flag) > 0; }
  std::optional<std::string> get(const std::string& flag) const;
  std::vector<std::string> all(const std::string& flag) const;
};

// Parses argv after the command name. `--flag=value` and `--flag value` both work; `--` ends flags.
// The common flags (--corpus, --index, --help) are accepted by every command.
Expected<Args> parse_args(const std::vector<std::string>& argv, const std::vector<FlagSpec>& specs);

// How many words at the start of argv are common options that take a value, with their values
// (--corpus X, --index=Y, --color never): they may come before the command (anthology --corpus X show ID).
std::size_t leading_common_options(const std::vector<std::string>& argv);

// The usage text of a command: its synopsis, description, flags and examples.
std::string usage_text(const std::string& command, const std::string& synopsis, const std::string& description,
                       const std::vector<FlagSpec>& specs, const std::vector<std::string>& examples);

}  // namespace anth::cli
