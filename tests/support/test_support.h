#pragma once
// Helpers shared by the tests: the source tree, scratch folders, writing fixture corpora, running the binary.
#include <filesystem>
#include <map>
#include <string>

namespace anth::test {

namespace fs = std::filesystem;

// The repository root (tests read fixtures and golden files from it).
fs::path source_dir();
// The built `anthology` binary.
fs::path anthology_binary();

// A fresh empty folder under the system temp folder, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  // Writes a file (creating its folders) relative to this folder and returns its full path.
  fs::path write(const std::string& relative, const std::string& content) const;

 private:
  fs::path path_;
};

std::string read_file(const fs::path& path);

// Runs a shell command; returns its exit status and what it printed on stdout (and stderr when asked).
struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};
RunResult run(const std::string& command);
// Runs `anthology ARGS` with the corpus folder as the working directory.
RunResult run_anthology(const std::string& args, const fs::path& cwd = fs::current_path());

// Compares text with a golden file under tests/golden/; with ANTHOLOGY_UPDATE_GOLDEN=1 rewrites it instead.
bool matches_golden(const std::string& actual, const std::string& golden_relative);

}  // namespace anth::test
