// The body passes a build keeps in its site (render/site/body_pass_file.h): the next build reads no
// body of a note whose pass is unchanged, and its site equals one built from nothing, after a body,
// a title or the glossary changed. In-process, with the bodies served by a counting reader as the
// index serves them to `anthology build`.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <atomic>
#include <bit>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

#include "core/graph/graph.h"
#include "core/rules/rule.h"
#include "ingest/load_corpus.h"
#include "render/site/body_pass_file.h"
#include "render/site/page_keys_file.h"
#include "render/site/site_manifest.h"
#include "render/site/site_builder.h"
#include "tests/site/site_test_support.h"

using namespace anth;
using namespace anth::test;
using anth::test::site::snapshot;
namespace sv = anth::render::site;

namespace {

using Site = std::map<std::string, std::string>;

struct Built {
  Site site;
  std::size_t body_reads = 0, notes = 0;
  std::set<std::string> kept;  // files carried over from `last`
};

// A site's file from the map of its files.
sv::ReadSiteFile reader(const Site& site) {
  return [&site](const std::string& name) -> std::optional<std::string> {
    auto it = site.find(name);
    return it == site.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

// Builds `corpus` as `anthology build` would on top of `last` (empty: from nothing), with its
// .anthology-pages and .anthology-passes, counting the bodies read. The passes are split in parts of
// about `per_part` notes (a build's 1,024 would make one part of this corpus).
Built build(const fs::path& corpus, const Site& last, std::size_t per_part = 16) {
  ingest::LoadOptions options{corpus};
  options.bodies = true;
  auto loaded = ingest::load_corpus(options, nullptr);
  REQUIRE(loaded.has_value());
  // The bodies held apart, as the index holds them: the site must ask for each one it reads.
  std::map<std::string, BodyText> held;
  for (Note& n : loaded->corpus.notes) {
    held[n.path] = {std::move(n.rendered.html), std::move(n.rendered.plain)};
    n.rendered.html.clear();
    n.rendered.plain.clear();
    n.rendered.stored = true;
  }
  graph::Graph graph(loaded->corpus);
  std::vector<Diagnostic> diagnostics = loaded->corpus.diagnostics;
  for (Diagnostic& d : rules::check_graph(loaded->corpus, graph)) diagnostics.push_back(std::move(d));
  std::vector<index::StoredKernelResult> results;
  sv::SiteInput input{loaded->corpus, graph, diagnostics, results, {}};
  input.options.threads = 2;
  input.options.renderer = "test";
  std::atomic<std::size_t> reads{0};
  input.options.stored_body = [&](const Note& n) -> std::optional<BodyText> {
    ++reads;
    return held.at(n.path);
  };
  auto at = [&](const char* file) { return last.count(file) ? last.at(file) : std::string(); };
  input.options.recorded = sv::RecordedKeys::parse(at(sv::page_keys_file));
  input.options.pass_cache = sv::load_body_passes(reader(last), input.options.renderer);
  input.options.pass_cache->set_notes_per_part(per_part);
  input.options.passes_in_site = true;
  Built out;
  std::mutex mutex;
  auto sink = [&](const std::string& path, std::string bytes) {
    std::lock_guard lock(mutex);
    out.site.emplace(path, std::move(bytes));
    return true;
  };
  auto keep = [&](const std::string& path) {
    auto it = last.find(path);
    if (it == last.end()) return false;
    std::lock_guard lock(mutex);
    out.site.emplace(path, it->second);
    out.kept.insert(path);
    return true;
  };
  REQUIRE(sv::build_site(input, sink, keep));
  out.body_reads = reads;
  out.notes = graph.vertex_count();
  return out;
}

// How many of `names` are term shards (search/t-*.js).
std::size_t shards_in(const std::set<std::string>& names) {
  std::size_t n = 0;
  for (const std::string& name : names) n += name.rfind("search/t-", 0) == 0;
  return n;
}

std::set<std::string> names_of(const Site& site) {
  std::set<std::string> names;
  for (const auto& entry : site) names.insert(entry.first);
  return names;
}

void edit(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

void check_same(const Site& incremental, const Site& scratch) {
  CHECK(incremental.size() == scratch.size());
  for (const auto& [path, bytes] : scratch) {
    INFO("file: " << path);
    auto it = incremental.find(path);
    REQUIRE(it != incremental.end());
    CHECK(it->second == bytes);
  }
}

}  // namespace

TEST_CASE("site: a build on its last site reads only the bodies whose passes changed, and equals a build from nothing",
          "[site][body-passes]") {
  TempDir dir;
  fs::path corpus = dir.path() / "corpus";
  fs::copy(source_dir() / "data", corpus, fs::copy_options::recursive);
  // More notes than two snippet files hold, so that a body read for a snippet file is not every body.
  for (int i = 0; i < 2 * static_cast<int>(sv::search_chunk_size); ++i)
    std::ofstream(corpus / "guides" / ("Page " + std::to_string(i) + ".md"))
        << "Page " << i << " on entropy collapse, after [[LIT-101]] and [[LIT-100]].\n";
  Built first = build(corpus, {});
  REQUIRE(first.site.count(sv::body_passes_file));
  CHECK(first.body_reads >= first.notes);  // every body, once at least
  REQUIRE(first.notes > 2 * sv::search_chunk_size);  // a snippet file is not every body

  SECTION("nothing changed: no body is read") {
    Built again = build(corpus, first.site);
    CHECK(again.body_reads == 0);
    check_same(again.site, first.site);
  }
  SECTION("a body changed: its own, and its snippet file's, at most; one part of the passes written again") {
    std::ofstream(corpus / "lit" / "LIT-100.md", std::ios::app) << "\nA sentence added to the body.\n";
    Built again = build(corpus, first.site);
    CHECK(again.body_reads > 0);
    CHECK(again.body_reads <= sv::search_chunk_size + 2);
    // Every other part is carried over, and the site is byte for byte one built from nothing.
    const std::size_t parts = std::bit_ceil((first.notes + 15) / 16);
    REQUIRE(parts >= 8);
    const std::string changed = sv::body_pass_part_file(sv::BodyPassCache::part_of("lit/LIT-100.md", parts));
    for (std::size_t k = 0; k < parts; ++k) {
      INFO("part " << k);
      REQUIRE(again.site.count(sv::body_pass_part_file(k)));
      CHECK(again.kept.count(sv::body_pass_part_file(k)) == (sv::body_pass_part_file(k) != changed));
    }
    CHECK_FALSE(again.site.count(sv::body_pass_part_file(parts)));
    // The term shards: those holding none of the note's terms are carried over, not written out.
    const std::size_t shards = shards_in(names_of(again.site));
    REQUIRE(shards > 20);
    CHECK(shards_in(again.kept) > shards / 2);
    CHECK(shards_in(again.kept) < shards);
    check_same(again.site, build(corpus, {}).site);
  }
  SECTION("a damaged part: its notes' bodies are read again, the others' are not") {
    Site damaged = first.site;
    std::string& part = damaged.at(sv::body_pass_part_file(3));
    part[part.size() / 2] = static_cast<char>(part[part.size() / 2] ^ 0x5a);
    Built again = build(corpus, damaged);
    CHECK(again.body_reads > 0);  // at least its notes' (and those of the snippet files they are in)
    CHECK_FALSE(again.kept.count(sv::body_pass_part_file(3)));
    CHECK(again.kept.count(sv::body_pass_part_file(4)));
    check_same(again.site, first.site);
  }
  SECTION("the notes split in another number of parts (as when the corpus doubles): every part written, no body read") {
    Built again = build(corpus, first.site, 64);
    CHECK(again.body_reads == 0);
    for (std::size_t k = 0; k < 4; ++k) CHECK_FALSE(again.kept.count(sv::body_pass_part_file(k)));
    check_same(again.site, build(corpus, {}, 64).site);
  }
  SECTION("without the passes file, every body is read again") {
    Site without = first.site;
    without.erase(sv::body_passes_file);
    std::ofstream(corpus / "lit" / "LIT-100.md", std::ios::app) << "\nA sentence added to the body.\n";
    Built again = build(corpus, without);
    CHECK(again.body_reads >= again.notes);
    CHECK(shards_in(again.kept) == 0);  // without their keys, every shard is written
    check_same(again.site, build(corpus, {}).site);
  }
  SECTION("a title changed, then the glossary: the site equals one built from nothing") {
    edit(corpus / "lit" / "LIT-101.md", "title: ", "title: Retitled ");
    Built retitled = build(corpus, first.site);
    check_same(retitled.site, build(corpus, {}).site);
    edit(corpus / "terms" / "attention-entropy.md", "aliases: [", "aliases: [focus spread, ");
    Built glossary = build(corpus, retitled.site);
    CHECK(glossary.body_reads >= glossary.notes);  // every body may link the new alias
    check_same(glossary.site, build(corpus, {}).site);
  }
}

TEST_CASE("site: a damaged or foreign .anthology-passes is an empty cache, a damaged part only its notes", "[site][body-passes]") {
  sv::BodyPassCache cache;
  cache.set_notes_per_part(1);
  std::unordered_map<std::string, std::shared_ptr<const sv::PassedNote>> passes;
  std::vector<std::string> paths;
  for (int i = 1; i <= 8; ++i) {
    sv::PassedNote note;
    note.key = 7 + i;
    note.terms = {1, static_cast<std::uint32_t>(i)};
    note.meta = "[\"LIT-" + std::to_string(i) + "\"]";
    sv::SearchEntry entry;
    entry.meta = note.meta;
    std::string words = i % 2 ? "attention entropy collapse" : "entropy of the logits";
    entry.terms = sv::count_terms({"LIT-1", "Entropy", "", "lit", "LIT-1.html", words, {}});
    cache.pack(note, entry);
    paths.push_back("lit/LIT-" + std::to_string(i) + ".md");
    passes.emplace(paths.back(), std::make_shared<const sv::PassedNote>(note));
  }
  cache.replace(passes, {42});
  REQUIRE(cache.part_count() == 8);
  auto encode = [](const sv::BodyPassCache& c, const std::string& renderer) {
    Site files{{sv::body_passes_file, c.encode_index(renderer)}};
    REQUIRE(c.encode_parts(renderer, {}, [&](std::size_t k, std::string bytes) {
      return files.emplace(sv::body_pass_part_file(k), std::move(bytes)).second;
    }));
    return files;
  };
  const Site files = encode(cache, "r1");
  REQUIRE(files.size() == 9);

  auto back = sv::load_body_passes(reader(files), "r1");
  for (const std::string& path : paths) {
    INFO(path);
    auto found = back->find(path, passes.at(path)->key);
    REQUIRE(found);
    CHECK(found->terms == passes.at(path)->terms);
    sv::SearchEntry again = back->unpack(*found);
    CHECK(again.meta == passes.at(path)->meta);
    CHECK(again.terms.words == cache.unpack(*passes.at(path)).terms.words);
  }
  CHECK(back->chunk_keys() == std::vector<std::uint64_t>{42});
  back->set_notes_per_part(1);
  CHECK(encode(*back, "r1") == files);  // read back, the same bytes

  CHECK_FALSE(sv::load_body_passes(reader(files), "r2")->find(paths[0], 8));  // another program's
  const std::string& index = files.at(sv::body_passes_file);
  for (std::size_t at : {std::size_t{0}, std::size_t{9}, index.size() / 2, index.size() - 1}) {
    Site damaged = files;
    damaged.at(sv::body_passes_file)[at] = static_cast<char>(index[at] ^ 0x5a);
    auto none = sv::load_body_passes(reader(damaged), "r1");
    for (const std::string& path : paths) CHECK_FALSE(none->held(path));
    CHECK(none->chunk_keys().empty());
  }
  // A damaged, cut or missing part loses its own notes only.
  const std::size_t part = sv::BodyPassCache::part_of(paths[2], 8);
  for (int how = 0; how < 3; ++how) {
    INFO("how " << how);
    Site damaged = files;
    std::string& bytes = damaged.at(sv::body_pass_part_file(part));
    if (how == 0) bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
    if (how == 1) bytes.resize(bytes.size() - 3);
    if (how == 2) damaged.erase(sv::body_pass_part_file(part));
    auto some = sv::load_body_passes(reader(damaged), "r1");
    for (const std::string& path : paths) CHECK(bool(some->held(path)) == (sv::BodyPassCache::part_of(path, 8) != part));
  }
  // A part read under another split is refused: its notes belong to other parts.
  Site moved = files;
  std::swap(moved.at(sv::body_pass_part_file(0)), moved.at(sv::body_pass_part_file(1)));
  auto swapped = sv::load_body_passes(reader(moved), "r1");
  for (const std::string& path : paths) CHECK(bool(swapped->held(path)) == (sv::BodyPassCache::part_of(path, 8) > 1));
  CHECK_FALSE(sv::load_body_passes(reader({}), "r1")->held(paths[0]));
}

TEST_CASE("site: a build whose passes count on a snippet file the site lost makes every snippet again", "[site][body-passes]") {
  TempDir dir;
  fs::path corpus = dir.path() / "corpus", out = dir.path() / "site";
  fs::copy(source_dir() / "data", corpus, fs::copy_options::recursive);
  REQUIRE(anth::test::site::build_site(dir.path(), corpus, out).status == 0);
  REQUIRE(fs::exists(out / sv::body_passes_file));
  const auto whole = snapshot(out);
  fs::remove(out / sv::search_chunk_file(0));  // the user removed it; no note changed
  RunResult again = anth::test::site::build_site(dir.path(), corpus, out);
  INFO(again.err);
  REQUIRE(again.status == 0);
  REQUIRE(fs::exists(out / sv::search_chunk_file(0)));
  TempDir fresh;
  REQUIRE(anth::test::site::build_site(fresh.path(), corpus, fresh.path() / "site").status == 0);
  CHECK(snapshot(out) == snapshot(fresh.path() / "site"));
  CHECK(snapshot(out) == whole);
}

TEST_CASE("site: a FIFO in place of a file the site keeps about itself does not block the build", "[site][body-passes]") {
  TempDir dir;
  fs::path corpus = dir.path() / "corpus", out = dir.path() / "site";
  fs::copy(source_dir() / "data", corpus, fs::copy_options::recursive);
  REQUIRE(anth::test::site::build_site(dir.path(), corpus, out).status == 0);
  TempDir fresh;
  REQUIRE(anth::test::site::build_site(fresh.path(), corpus, fresh.path() / "site").status == 0);
  // A site inside a cloned corpus can ship these; opening a FIFO for reading waits for a writer.
  for (const std::string& name : {std::string(sv::body_passes_file), sv::body_pass_part_file(0), std::string(sv::page_keys_file),
                                  std::string(sv::manifest_file)}) {
    INFO(name);
    fs::remove(out / name);
    REQUIRE(::mkfifo((out / name).c_str(), 0600) == 0);
    RunResult again = anth::test::site::build_site(dir.path(), corpus, out, "", "timeout 60");
    INFO(again.err);
    REQUIRE(again.status != 124);  // timeout's status: the build waited on the FIFO
    if (name != sv::manifest_file) {
      REQUIRE(again.status == 0);
      CHECK(snapshot(out) == snapshot(fresh.path() / "site"));
    }
  }
}
