// How far a query looks before answering from the index (--freshness, ingest/freshness.h).
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <chrono>
#include <fstream>

#include "ingest/note_parser.h"
#include "ingest/scan.h"
#include "tests/query/query_fixture.h"

using namespace anth::ingest;  // the stage under test

namespace anth::test {

namespace {

// Rewrites a note in place (same file, so its folder's mtime stays) with a new title and a later mtime.
void retitle_in_place(const fs::path& file, const std::string& from, const std::string& to) {
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  in.close();
  text.replace(text.find(from), from.size(), to);
  std::fstream out(file, std::ios::in | std::ios::out);  // no truncation by a rename: the same inode
  out.seekp(0);
  out << text;
  out.close();
  fs::resize_file(file, text.size());
  fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(5));
}

std::string title_of(const QueryCorpus& corpus, const std::string& id, const std::string& freshness) {
  return corpus.run("query --sql \"select title from nodes where id = '" + id + "'\" --format csv --freshness " + freshness).out;
}

}  // namespace

TEST_CASE("freshness: files sees an edit in place, folders and off do not", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);  // builds the index
  const std::string before = title_of(corpus, "qk-norm", "off");
  REQUIRE(before.find("QK-norm") != std::string::npos);
  const fs::path note = corpus.path() / "terms" / "qk-norm.md";
  const auto folder_time = fs::last_write_time(note.parent_path());
  retitle_in_place(note, "title: QK-norm", "title: QK-normalisation");
  REQUIRE(fs::last_write_time(note.parent_path()) == folder_time);

  CHECK(title_of(corpus, "qk-norm", "off") == before);
  CHECK(title_of(corpus, "qk-norm", "folders") == before);  // no file added, removed or renamed
  CHECK(title_of(corpus, "qk-norm", "files").find("QK-normalisation") != std::string::npos);
  // auto on a small corpus is files: already fresh now, and it stays so.
  CHECK(title_of(corpus, "qk-norm", "auto").find("QK-normalisation") != std::string::npos);
}

TEST_CASE("freshness: folders sees a note added or removed", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  std::ofstream(corpus.path() / "terms" / "softmax.md") << "---\ntitle: softmax\nshort: \"Scores to weights.\"\n---\nSee [[qk-norm]].\n";
  CHECK(corpus.run("query --kind term --format ids --freshness off").out == "attention-entropy\nqk-norm\n");
  CHECK(corpus.run("query --kind term --format ids --freshness folders").out == "attention-entropy\nqk-norm\nsoftmax\n");
  fs::remove(corpus.path() / "terms" / "softmax.md");
  CHECK(corpus.run("query --kind term --format ids --freshness folders").out == "attention-entropy\nqk-norm\n");
}

TEST_CASE("freshness: a bad mode is a usage error", "[query]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("query --kind term --freshness sometimes");
  CHECK(r.status == 2);
  CHECK(r.err.find("--freshness must be auto, files, folders or off, not 'sometimes'") != std::string::npos);
}

TEST_CASE("scan: folder stamps change when a note is added, not when one is rewritten in place", "[ingest]") {
  TempDir dir;
  fs::create_directories(dir.path() / "lit");
  std::ofstream(dir.path() / "lit" / "LIT-1.md") << "x";
  std::ofstream(dir.path() / "root.md") << "y";
  fs::create_directories(dir.path() / ".hidden");
  std::ofstream(dir.path() / ".hidden" / "LIT-2.md") << "z";
  CorpusScan scan = scan_corpus_tree(dir.path());
  REQUIRE(scan.files.size() == 2);
  CHECK(scan.files[0].path == "lit/LIT-1.md");
  CHECK(scan.files[1].path == "root.md");
  REQUIRE(scan.folders.size() == 2);  // the root and lit/, not the hidden folder
  std::string stamps = encode_folder_stamps(scan);
  CHECK(stamped_file_count(stamps) == 2);
  CHECK(folders_unchanged(dir.path(), stamps));

  std::ofstream(dir.path() / "lit" / "LIT-1.md", std::ios::app) << "more";
  CHECK(folders_unchanged(dir.path(), stamps));
  fs::last_write_time(dir.path() / "lit", fs::last_write_time(dir.path() / "lit") + std::chrono::seconds(3));
  CHECK_FALSE(folders_unchanged(dir.path(), stamps));
  CHECK_FALSE(folders_unchanged(dir.path(), ""));
  CHECK(stamped_file_count("garbage") == 0);
}

// Found when authors who share a name stopped being merged (parser 15): `query` and `show` went on
// answering from an index the previous binary had made, with the merged authors, until a build.
TEST_CASE("freshness: an index whose notes an older parser read is stale, whatever the files", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  const std::string previous = "parser " + std::to_string(parser_version - 1) + ";";
  const std::string older = "UPDATE files SET parse = replace(parse, '\"parser " + std::to_string(parser_version) + ";', '\"" + previous + "')";
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(corpus.index().c_str(), &db) == SQLITE_OK);
  CHECK(sqlite3_exec(db, older.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  // How many notes the older parser's reading still describes, as each freshness answers.
  auto older_parses = [&](const std::string& freshness) {
    return corpus.run("query --sql \"select count(*) as n from files where json_extract(parse, '$.key') like '" + previous +
                      "%'\" --format csv --freshness " + freshness).out;
  };
  CHECK(older_parses("off") != "n\n0\n");
  CHECK(older_parses("folders") == "n\n0\n");  // read again before the answer
}

}  // namespace anth::test
