#include <catch2/catch.hpp>

#include "tests/index/index_test_support.h"
#include "tests/support/graph_facts.h"

using namespace anth;
using namespace anth::index_test;

// ---- benchmark (hidden: run with `anthology_tests "[index-bench]"`) ----

namespace {

std::string synthetic_note(int i, std::mt19937& random) {
  static const char* const words[] = {"attention", "logit",  "query",  "key",     "normalization", "softmax",
                                      "training",  "stable", "scale",  "layer",   "transformer",   "gradient",
                                      "loss",      "warmup", "weight", "decay",   "optimizer",     "batch",
                                      "token",     "embed",  "vision", "language", "model",         "bound"};
  std::string id = "LIT-" + std::to_string(i);
  std::string text = "---\nid: " + id + "\ntitle: Paper number " + std::to_string(i) +
                     " on attention\nauthors: [Alpha, Beta, Gamma]\nyear: " + std::to_string(2000 + i % 24) +
                     "\ntags: [attention-techniques, model-stability]\ncites: [LIT-" + std::to_string((i + 1) % 100000) +
                     ", LIT-" + std::to_string((i + 7) % 100000) + "]\n---\n";
  for (int w = 0; w < 400; ++w) {
    if (w % 80 == 79) text += "[[LIT-" + std::to_string(random() % 100000) + "]] ";
    else text += words[random() % std::size(words)];
    text += w % 16 == 15 ? ".\n" : " ";
  }
  return text;
}

}  // namespace

TEST_CASE("index: store() time for a large corpus", "[.][index-bench]") {
  int count = 100000;
  if (const char* env = std::getenv("ANTHOLOGY_BENCH_NOTES")) count = std::atoi(env);
  std::mt19937 random(1);
  std::vector<std::pair<std::string, std::string>> files;
  for (int i = 0; i < count; ++i) files.push_back({"lit/LIT-" + std::to_string(i) + ".md", synthetic_note(i, random)});
  // Wall time, and in brackets the CPU time of this process (what the wall time would be on an idle
  // machine, give or take I/O waits).
  auto cpu_now = [] {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  };
  auto t0 = std::chrono::steady_clock::now();
  double cpu0 = cpu_now();
  auto seconds = [&](auto from) {
    std::ostringstream out;
    out << std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count() << " s [cpu "
        << cpu_now() - cpu0 << " s]";
    return out.str();
  };
  auto restart = [&] {
    t0 = std::chrono::steady_clock::now();
    cpu0 = cpu_now();
  };
  Built b = build(files);
  WARN("parse + resolve: " << seconds(t0) << " for " << count << " notes");

  restart();
  std::vector<std::string> encoded;
  std::size_t bytes = 0;
  for (const ParsedNote& p : b.parses) {
    encoded.push_back(index::encode_parse(p));
    bytes += encoded.back().size();
  }
  WARN("encode_parse: " << seconds(t0) << ", " << bytes / (1 << 20) << " MiB");
  restart();
  for (const std::string& e : encoded) REQUIRE(index::decode_parse(e));
  WARN("decode_parse: " << seconds(t0));
  encoded.clear();

  TempDir dir;
  index::Index index = open_rw(index_path(dir));
  restart();
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  WARN("store, cold (every file changed): " << seconds(t0));

  restart();
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  WARN("store, warm (nothing changed): " << seconds(t0));

  // Every note's rows change (a new tag everywhere): the graph tables are refilled whole.
  for (Note& n : b.corpus.notes) n.tags.push_back("everywhere");
  restart();
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  WARN("store, every note's rows changed, no file changed: " << seconds(t0));

  // 1% of the notes edited.
  std::vector<index::Index::FileParse> some;
  for (std::size_t i = 0; i < b.parses.size(); i += 100) {
    b.parses[i].note.body += " edited";
    b.corpus.notes[i].body += " edited";
    some.push_back({&b.parses[i], index::CachedFile{b.parses[i].note.content_hash, 1, 1}});
  }
  restart();
  REQUIRE(index.store(b.corpus, some, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  WARN("store, 1% changed: " << seconds(t0));
  restart();
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  WARN("store, warm again: " << seconds(t0));

  // One note edited, as when a user saves a file.
  b.parses[5].note.body += " once more";
  b.corpus.notes[5].body += " once more";
  restart();
  REQUIRE(index.store(b.corpus, {{&b.parses[5], index::CachedFile{1, 2, 3}}}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  WARN("store, 1 note changed: " << seconds(t0));

  index = open_rw(dir.path() / "unused.db");
  restart();
  index::Index again = open_rw(index_path(dir));
  WARN("open (with quick_check) of " << fs::file_size(index_path(dir)) / (1 << 20) << " MiB: " << seconds(t0));
  restart();
  auto cached = again.cached_files();
  std::size_t decoded = 0;
  for (const auto& [path, file] : cached) decoded += again.load_parse(path) ? 1 : 0;
  WARN("cached_files + load_parse of all: " << seconds(t0));
  CHECK(decoded == cached.size());
}
