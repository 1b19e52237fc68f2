#include "tests/support/test_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

namespace anth::test {

fs::path source_dir() { return ANTHOLOGY_SOURCE_DIR; }
fs::path anthology_binary() { return ANTHOLOGY_BINARY; }

TempDir::TempDir() {
  std::random_device rd;
  path_ = fs::temp_directory_path() / ("anthology-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  // Tests may leave read-only folders behind; make them writable so they can be removed.
  for (auto it = fs::recursive_directory_iterator(path_, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
  fs::remove_all(path_, ec);
}

fs::path TempDir::write(const std::string& relative, const std::string& content) const {
  fs::path p = path_ / relative;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << content;
  return p;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

RunResult run(const std::string& command) {
  TempDir tmp;
  fs::path out = tmp.path() / "out", err = tmp.path() / "err";
  std::string full = "(" + command + ") >'" + out.string() + "' 2>'" + err.string() + "' </dev/null";
  int raw = std::system(full.c_str());
  RunResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

RunResult run_anthology(const std::string& args, const fs::path& cwd) {
  return run("cd '" + cwd.string() + "' && NO_COLOR=1 '" + anthology_binary().string() + "' " + args);
}

bool matches_golden(const std::string& actual, const std::string& golden_relative) {
  fs::path golden = source_dir() / "tests" / "golden" / golden_relative;
  const char* update = std::getenv("ANTHOLOGY_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    fs::create_directories(golden.parent_path());
    std::ofstream(golden, std::ios::binary) << actual;
    return true;
  }
  return fs::exists(golden) && read_file(golden) == actual;
}

}  // namespace anth::test
