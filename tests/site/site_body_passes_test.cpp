// The body passes a build keeps in its site (render/site/body_pass_file.h): the next build reads no
// body of a note whose pass is unchanged, and its site equals one built from nothing, after a body,
// a title or the glossary changed. In-process, with the bodies served by a counting reader as the
// index serves them to `anthology build`.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <atomic>
#include <fstream>
#include <map>
#include <mutex>

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
};

// Builds `corpus` as `anthology build` would on top of `last` (empty: from nothing), with its
// .anthology-pages and .anthology-passes, counting the bodies read.
Built build(const fs::path& corpus, const Site& last) {
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
  input.options.pass_cache = std::make_shared<sv::BodyPassCache>();
  input.options.pass_cache->decode(at(sv::body_passes_file), input.options.renderer);
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
    return true;
  };
  REQUIRE(sv::build_site(input, sink, keep));
  out.body_reads = reads;
  out.notes = graph.vertex_count();
  return out;
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
  SECTION("a body changed: its own, and its snippet file's, at most") {
    std::ofstream(corpus / "lit" / "LIT-100.md", std::ios::app) << "\nA sentence added to the body.\n";
    Built again = build(corpus, first.site);
    CHECK(again.body_reads > 0);
    CHECK(again.body_reads <= sv::search_chunk_size + 2);
    check_same(again.site, build(corpus, {}).site);
  }
  SECTION("without the passes file, every body is read again") {
    Site without = first.site;
    without.erase(sv::body_passes_file);
    std::ofstream(corpus / "lit" / "LIT-100.md", std::ios::app) << "\nA sentence added to the body.\n";
    Built again = build(corpus, without);
    CHECK(again.body_reads >= again.notes);
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

TEST_CASE("site: a damaged or foreign .anthology-passes is an empty cache", "[site][body-passes]") {
  sv::BodyPassCache cache;
  sv::PassedNote note;
  note.key = 7;
  note.terms = {1, 2};
  note.meta = "[\"LIT-1\"]";
  sv::SearchEntry entry;
  entry.meta = note.meta;
  entry.terms = sv::count_terms({"LIT-1", "Entropy", "", "lit", "LIT-1.html", "attention entropy collapse", {}});
  cache.pack(note, entry);
  cache.replace({{"lit/LIT-1.md", std::make_shared<const sv::PassedNote>(note)}}, {42});
  std::string bytes = cache.encode("r1");

  sv::BodyPassCache back;
  REQUIRE(back.decode(bytes, "r1"));
  auto found = back.find("lit/LIT-1.md", 7);
  REQUIRE(found);
  CHECK(found->terms == note.terms);
  CHECK(back.chunk_keys() == std::vector<std::uint64_t>{42});
  sv::SearchEntry again = back.unpack(*found);
  CHECK(again.meta == entry.meta);
  CHECK(again.terms.words == entry.terms.words);
  CHECK(back.encode("r1") == bytes);

  CHECK_FALSE(back.decode(bytes, "r2"));  // another program's
  CHECK_FALSE(back.find("lit/LIT-1.md", 7));
  for (std::size_t at : {std::size_t{0}, std::size_t{9}, bytes.size() / 2, bytes.size() - 1}) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x5a);
    CHECK_FALSE(back.decode(damaged, "r1"));
  }
  CHECK_FALSE(back.decode(bytes.substr(0, bytes.size() - 3), "r1"));
  CHECK_FALSE(back.decode("", "r1"));
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
  for (const char* name : {sv::body_passes_file, sv::page_keys_file, sv::manifest_file}) {
    INFO(name);
    fs::remove(out / name);
    REQUIRE(::mkfifo((out / name).c_str(), 0600) == 0);
    RunResult again = anth::test::site::build_site(dir.path(), corpus, out, "", "timeout 60");
    INFO(again.err);
    REQUIRE(again.status != 124);  // timeout's status: the build waited on the FIFO
    if (std::string(name) != sv::manifest_file) {
      REQUIRE(again.status == 0);
      CHECK(snapshot(out) == snapshot(fresh.path() / "site"));
    }
  }
}
