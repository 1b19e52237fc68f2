// libFuzzer target: a whole small corpus through ingest and the graph rules.
// The input is split into files at lines of the form "@@ PATH" (the text before the first such line is
// dropped); each file is written under a scratch corpus folder, then load_corpus (no index), resolve,
// Graph and check_graph run over it, plus a few graph queries the commands use. PATHs are sanitised so
// the fuzzer can only write inside the scratch folder: [A-Za-z0-9._-] components, no "." or "..", at
// most 3 levels; the corpus holds at most 16 files.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/graph.h"
#include "core/rules/rule.h"
#include "ingest/load_corpus.h"

#include "tests/fuzz/fuzz_support.h"

namespace fuzz_ingest_detail {

namespace fs = std::filesystem;

const fs::path& scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("anthology-fuzz-ingest-" + std::to_string(::getpid()));
    fs::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(scratch(), ec);
    });
    return d;
  }();
  return dir;
}

std::string sanitize(std::string_view raw, std::size_t n) {
  std::string out, part;
  int depth = 0;
  auto flush = [&] {
    if (!part.empty() && part != "." && part != ".." && depth < 3) {
      if (!out.empty()) out += '/';
      out += part.substr(0, 40);
      ++depth;
    }
    part.clear();
  };
  for (char c : raw) {
    if (c == '/') flush();
    else if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-') part += c;
  }
  flush();
  if (out.empty()) out = "note" + std::to_string(n) + ".md";
  return out;
}

struct File {
  std::string path;
  std::string_view content;
};

std::vector<File> split(std::string_view input) {
  std::vector<File> files;
  std::size_t pos = 0;
  // Find every line start that begins with "@@ ".
  std::vector<std::size_t> heads;
  while (pos < input.size()) {
    if (input.substr(pos, 3) == "@@ ") heads.push_back(pos);
    std::size_t nl = input.find('\n', pos);
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  for (std::size_t h = 0; h < heads.size() && files.size() < 16; ++h) {
    std::size_t name_end = input.find('\n', heads[h]);
    if (name_end == std::string_view::npos) name_end = input.size();
    std::size_t content_start = std::min(name_end + 1, input.size());
    std::size_t content_end = h + 1 < heads.size() ? heads[h + 1] : input.size();
    files.push_back({sanitize(input.substr(heads[h] + 3, name_end - heads[h] - 3), h),
                     input.substr(content_start, content_end - content_start)});
  }
  return files;
}

}  // namespace fuzz_ingest_detail

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fuzz_ingest_detail;
  const fs::path& root = scratch();
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec)) fs::remove_all(entry.path(), ec);

  std::set<std::string> written;
  for (const File& f : split(std::string_view(reinterpret_cast<const char*>(data), size))) {
    fs::path full = root / f.path;
    fs::create_directories(full.parent_path(), ec);
    if (ec || fs::is_directory(full, ec)) continue;
    std::ofstream out(full, std::ios::binary | std::ios::trunc);
    if (!out) continue;
    out.write(f.content.data(), static_cast<std::streamsize>(f.content.size()));
    written.insert(f.path);
  }

  anth::ingest::LoadOptions options;
  options.root = root;
  options.max_note_bytes = 1 << 16;
  options.threads = 1;
  auto loaded = anth::ingest::load_corpus(options, nullptr);
  FUZZ_REQUIRE(loaded.has_value());
  const anth::Corpus& corpus = loaded->corpus;
  for (const anth::Note& n : corpus.notes) FUZZ_REQUIRE(written.count(n.path) == 1);

  anth::graph::Graph graph(corpus);
  std::vector<anth::Diagnostic> found = anth::rules::check_graph(corpus, graph);
  for (const anth::Diagnostic& d : found) {
    FUZZ_REQUIRE(d.where.line >= 1 && d.where.column >= 1);
    FUZZ_REQUIRE(written.count(d.where.file) == 1);
  }
  for (const anth::Diagnostic& d : corpus.diagnostics) FUZZ_REQUIRE(written.count(d.where.file) == 1);

  std::size_t vertices = graph.vertex_count();
  for (std::size_t v = 0; v < vertices; ++v) {
    FUZZ_REQUIRE(!graph.neighborhood(v, {.depth = 2}).empty());
    (void)graph.year(v);
  }
  if (vertices >= 2) (void)graph.shortest_path(0, vertices - 1);
  (void)graph.cyclic_components({"cites", "supersedes"});
  return 0;
}
