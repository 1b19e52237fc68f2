// The compiler: which one to use (find_compiler), what it says it is (compiler_version), and how its
// command splits into words.
#include "render/kernels/kernel_runner.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "render/kernels/child_process.h"

namespace anth::render::kernels {

namespace fs = std::filesystem;

namespace {

bool is_executable_file(const fs::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// Whether the first word of a command names an executable (a path, or a name found on PATH).
bool resolves(const std::string& command) {
  const auto words = split_command(command);
  if (words.empty()) return false;
  const std::string& program = words.front();
  if (program.find('/') != std::string::npos) return is_executable_file(program);
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (is_executable_file(fs::path(dir.empty() ? "." : dir) / program)) return true;
  return false;
}

}  // namespace

std::string compiler_version(const std::string& compiler) {
  std::vector<std::string> command = split_command(compiler);
  if (command.empty()) return {};
  command.push_back("--version");
  const ProcessOutcome ran = run_process(command, 20, 1 << 16);
  if (!ran.started || ran.timed_out || ran.exit_code != 0) return {};
  return first_lines(ran.out, 1, 200);
}

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : command) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
    } else if (c == '"' || c == '\'') {
      quote = c, in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word), word.clear(), in_word = false;
    } else {
      word += c, in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

std::optional<std::string> find_compiler(const std::string& requested) {
  if (!split_command(requested).empty()) return resolves(requested) ? std::optional(requested) : std::nullopt;
  for (const char* name : {"c++", "g++", "clang++"})
    if (resolves(name)) return std::string(name);
  return std::nullopt;
}

}  // namespace anth::render::kernels
