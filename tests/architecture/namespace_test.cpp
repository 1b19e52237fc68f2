// Namespaces follow folders (ARCHITECTURE.md, "Namespaces"): every named namespace block in a stage's
// sources is its folder's namespace, or a `detail` inside it. Blocks that only forward-declare another
// folder's types are allowed (a header that names a type without including it), as is `std` for
// specialisations. Unnamed namespaces and aliases (`namespace fs = ...`) are not blocks of a folder.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/architecture/stage_sources.h"
#include "tests/support/test_support.h"

namespace anth::test {

namespace {

// The namespace of a repository-relative source path; "" for a file outside the stage folders.
std::string namespace_of(const std::string& path) {
  struct Row {
    const char* folder;
    const char* name;
  };
  // Longest folder first, so `render/site/sections/` wins over `render/site/`.
  static const Row rows[] = {
      {"core/model/", "anth"},
      {"core/util/", "anth::util"},
      {"core/graph/", "anth::graph"},
      {"core/rules/", "anth::rules"},
      {"core/query/", "anth::query"},
      {"core/index/", "anth::index"},
      {"ingest/", "anth::ingest"},
      {"render/lint/", "anth::render::lint"},
      {"render/query/", "anth::render::query"},
      {"render/site/sections/", "anth::render::site::sections"},
      {"render/site/", "anth::render::site"},
      {"render/kernels/", "anth::render::kernels"},
      {"render/exchange/", "anth::render::exchange"},
      {"workspace/lsp/", "anth::workspace::lsp"},
      {"workspace/", "anth::workspace"},
      {"cli/", "anth::cli"},
  };
  for (const Row& row : rows)
    if (path.rfind(row.folder, 0) == 0) return row.name;
  return {};
}

// The text between a block's `{` and its matching `}` (comments and strings are not special here:
// the sources hold no unbalanced brace in either at namespace scope).
std::string block_body(const std::string& text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return text.substr(open + 1, i - open - 1);
  }
  return text.substr(open + 1);
}

bool only_forward_declarations(const std::string& body) {
  static const std::regex declaration(R"re(^\s*((class|struct)\s+\w+\s*;\s*)?(//.*)?$)re");
  std::istringstream lines(body);
  for (std::string line; std::getline(lines, line);)
    if (!std::regex_match(line, declaration)) return false;
  return true;
}

// "file:line: namespace X in a folder of Y" for each block that breaks the rule, under `root`.
std::vector<std::string> misplaced_namespaces(const fs::path& root) {
  static const std::regex block(R"re(^[ \t]*namespace[ \t]+([A-Za-z_][\w:]*)[ \t]*\{)re", std::regex::multiline);
  std::vector<std::string> found;
  for_each_stage_source(root, [&](const fs::path& path, const std::string& rel) {
    const std::string expected = namespace_of(rel);
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), block); it != std::sregex_iterator(); ++it) {
      const std::string name = (*it)[1].str();
      if (name == expected || name == expected + "::detail" || name == "std") continue;
      const std::size_t open = static_cast<std::size_t>(it->position(0) + it->length(0) - 1);
      if (only_forward_declarations(block_body(text, open))) continue;
      const auto line = 1 + std::count(text.begin(), text.begin() + it->position(0), '\n');
      found.push_back(rel + ":" + std::to_string(line) + ": namespace " + name + " in a folder of " + expected);
    }
  });
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

TEST_CASE("namespaces follow folders: every block in the sources is its folder's", "[architecture]") {
  const auto found = misplaced_namespaces(source_dir());
  for (const auto& f : found) FAIL_CHECK(f);
  CHECK(found.empty());
}

TEST_CASE("namespaces follow folders: a misplaced block is named with file and line", "[architecture]") {
  TempDir tree;
  tree.write("core/graph/graph.h", "#pragma once\nnamespace anth::graph {\nclass Graph {};\n}\n");
  tree.write("core/graph/walk.cpp", "namespace anth {\nint walk() { return 1; }\n}\n");
  tree.write("core/index/parts.cpp", "namespace anth::index::detail {\nint part() { return 2; }\n}\n");
  tree.write("render/site/page.h",
             "namespace anth::util {\nclass Hasher;  // named, not included\n}\n"
             "namespace anth::site {\nstruct Page {};\n}\n");
  tree.write("render/site/sections/toc.cpp", "namespace anth::render::site::sections {\nnamespace {\n}\n}\n");
  tree.write("cli/main.cpp", "namespace fs = std::filesystem;\nnamespace anth::cli {\n}\n");
  CHECK(misplaced_namespaces(tree.path()) == std::vector<std::string>{
                                                 "core/graph/walk.cpp:1: namespace anth in a folder of anth::graph",
                                                 "render/site/page.h:4: namespace anth::site in a folder of anth::render::site",
                                             });
}

}  // namespace anth::test
