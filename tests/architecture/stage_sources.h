// The C++ sources of the stage folders, for the tests that read the architecture from them
// (include direction, namespaces).
#pragma once

#include <filesystem>
#include <string>

namespace anth::test {

// Calls `visit(path, repository-relative path)` for every .h and .cpp under core, ingest, render,
// workspace and cli of `root`. Kernel templates and mutants are sources the binary embeds and emits,
// not part of the build, so they are left out.
template <typename Visit>
void for_each_stage_source(const std::filesystem::path& root, Visit visit) {
  namespace fs = std::filesystem;
  for (const char* top : {"core", "ingest", "render", "workspace", "cli"}) {
    if (!fs::is_directory(root / top)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
      const fs::path& path = entry.path();
      std::string rel = path.lexically_relative(root).generic_string();
      if (rel.rfind("render/kernels/templates/", 0) == 0 || rel.rfind("render/kernels/mutants/", 0) == 0) continue;
      if (!entry.is_regular_file() || (path.extension() != ".h" && path.extension() != ".cpp")) continue;
      visit(path, rel);
    }
  }
}

}  // namespace anth::test
