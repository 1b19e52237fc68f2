// The pipeline's direction, read from the sources: model <- core <- ingest <- render <- workspace <- cli, and render
// never includes ingest (ARCHITECTURE.md, "Build targets"). The per-stage include roots of
// cmake/stages.cmake make most back-edges fail to compile; this test names every one, with file:line
// and the two stages, including those the compiler would let through by a path relative to the
// including file's folder ("../../ingest/scan.h").
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/architecture/stage_sources.h"
#include "tests/support/test_support.h"

namespace anth::test {

namespace {

enum class Stage { Model, Core, Ingest, Render, Workspace, Cli };

const char* name_of(Stage s) {
  static const char* const names[] = {"model", "core", "ingest", "render", "workspace", "cli"};
  return names[static_cast<int>(s)];
}

// Which stage a repository-relative path belongs to; the same folders as cmake/stages.cmake.
std::optional<Stage> stage_of(const std::string& path) {
  auto under = [&](const char* folder) { return path.rfind(folder, 0) == 0; };
  if (under("core/model/") || under("core/util/")) return Stage::Model;
  if (under("core/")) return Stage::Core;
  if (under("ingest/")) return Stage::Ingest;
  if (under("render/")) return Stage::Render;
  if (under("workspace/")) return Stage::Workspace;
  if (under("cli/")) return Stage::Cli;
  return std::nullopt;
}

bool allowed(Stage from, Stage to) {
  if (from == Stage::Render && to == Stage::Ingest) return false;  // render reads what ingest made, via core
  return static_cast<int>(to) <= static_cast<int>(from);
}

// Includes allowed against the direction: none. (An entry that no longer occurs fails the test, so one
// added for a transition cannot linger.)
const std::set<std::pair<std::string, std::string>> interim_allowed = {};

struct Edge {
  std::string file;  // repository-relative, '/'-separated
  int line = 0;
  std::string target;  // the included file, resolved to a repository-relative path
  Stage from{}, to{};
  std::string where() const { return file + ":" + std::to_string(line); }
};

// Resolves `#include "spelled"` the way the compiler looks: the including file's folder first, then
// the repository root. Returns the repository-relative path, or "" when neither has the file.
std::string resolve(const fs::path& root, const fs::path& includer, const std::string& spelled) {
  for (const fs::path& base : {includer.parent_path(), root}) {
    fs::path candidate = (base / spelled).lexically_normal();
    if (fs::is_regular_file(candidate)) return candidate.lexically_relative(root).generic_string();
  }
  return {};
}

// Every quote-include between files of the four stage folders, resolved to its target.
std::vector<Edge> stage_includes(const fs::path& root) {
  static const std::regex include_line(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<Edge> edges;
  for_each_stage_source(root, [&](const fs::path& path, const std::string& rel) {
    std::ifstream in(path);
    int number = 0;
    for (std::string text; std::getline(in, text);) {
      ++number;
      std::smatch m;
      if (!std::regex_search(text, m, include_line)) continue;
      std::string target = resolve(root, path, m[1].str());
      auto from = stage_of(rel), to = stage_of(target);
      if (from && to) edges.push_back({rel, number, target, *from, *to});
    }
  });
  return edges;
}

// "file:line: model includes core (core/model/rule_catalog.h)" for each include against the direction.
std::vector<std::string> back_edges(const fs::path& root, std::set<std::pair<std::string, std::string>>* used_allowances) {
  std::vector<std::string> found;
  for (const Edge& e : stage_includes(root)) {
    if (allowed(e.from, e.to)) continue;
    if (interim_allowed.count({e.file, e.target})) {
      if (used_allowances) used_allowances->insert({e.file, e.target});
      continue;
    }
    found.push_back(e.where() + ": " + name_of(e.from) + " includes " + name_of(e.to) + " (" + e.target + ")");
  }
  std::sort(found.begin(), found.end());  // directory walks have no order
  return found;
}

}  // namespace

TEST_CASE("include direction: no stage includes a stage above it", "[architecture]") {
  std::set<std::pair<std::string, std::string>> used;
  const auto found = back_edges(source_dir(), &used);
  for (const auto& edge : found) FAIL_CHECK("back-edge " << edge);
  CHECK(found.empty());
  for (const auto& [file, target] : interim_allowed)
    if (!used.count({file, target}))
      FAIL_CHECK("interim allowance no longer needed, remove it: " << file << " -> " << target);
  // The walk saw the tree: every stage includes something.
  std::set<Stage> seen;
  for (const Edge& e : stage_includes(source_dir())) seen.insert(e.from);
  CHECK(seen.size() == 6);
}

TEST_CASE("include direction: planted back-edges are named with file, line and stages", "[architecture]") {
  TempDir tree;
  tree.write("core/model/note.h", "#pragma once\n");
  tree.write("core/index/index.h", "#pragma once\n");
  tree.write("ingest/scan.h", "#pragma once\n#include \"core/model/note.h\"\n");
  tree.write("render/site/page.cpp", "#include \"core/index/index.h\"\n\n#include \"ingest/scan.h\"\n");
  // Relative to the including file's folder, where the compiler looks first, so no include root stops it.
  tree.write("core/index/index.cpp", "#include \"index.h\"\n#include \"../../ingest/scan.h\"\n");
  tree.write("core/model/note.cpp", "  #  include \"core/index/index.h\"  // a comment\n");
  const auto found = back_edges(tree.path(), nullptr);
  CHECK(found == std::vector<std::string>{
                     "core/index/index.cpp:2: core includes ingest (ingest/scan.h)",
                     "core/model/note.cpp:1: model includes core (core/index/index.h)",
                     "render/site/page.cpp:3: render includes ingest (ingest/scan.h)",
                 });
}

}  // namespace anth::test
