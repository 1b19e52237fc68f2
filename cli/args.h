#pragma once
// A small command-line parser: each command declares its flags; unknown flags get a "did you mean".
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/util/expected.h"

namespace anth::cli {

// What the shell completion offers at a place on the command line (an option's value or an operand).
struct Completion {
  enum class What { nothing, words, ids, tags, directories, files, executables };
  What what = What::nothing;
  std::vector<std::string> words;  // the fixed words; for ids, the kinds they are limited to (none: all)

  static Completion none() { return {}; }
  static Completion fixed(std::vector<std::string> words) { return {What::words, std::move(words)}; }
  static Completion node_ids(std::vector<std::string> kinds = {}) { return {What::ids, std::move(kinds)}; }
  static Completion node_tags() { return {What::tags, {}}; }
  static Completion dirs() { return {What::directories, {}}; }
  static Completion paths() { return {What::files, {}}; }
  static Completion programs() { return {What::executables, {}}; }
};

struct FlagSpec {
  std::string name;      // "--format"
  std::string value;     // its value's placeholder in the help ("FORMAT"); empty for a switch
  std::string help;      // "text (default), json or sarif"; more lines continue under the first
  Completion completes;  // what completes its value
  bool repeatable = false;

  bool takes_value() const { return !value.empty(); }
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
util::Expected<Args> parse_args(const std::vector<std::string>& argv, const std::vector<FlagSpec>& specs);

// How many words at the start of argv are common options that take a value, with their values
// (--corpus X, --index=Y, --color never): they may come before the command (anthology --corpus X show ID).
std::size_t leading_common_options(const std::vector<std::string>& argv);

// The options every command accepts (--corpus, --index, --color, --help).
const std::vector<FlagSpec>& common_flags();

// The usage text of a command: its synopsis, description, flags and examples.
std::string usage_text(const std::string& command, const std::string& synopsis, const std::string& description,
                       const std::vector<FlagSpec>& specs, const std::vector<std::string>& examples);

}  // namespace anth::cli
