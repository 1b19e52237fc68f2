// A note's dates: `created` and `updated` from its frontmatter (parse_note), and the day of its file's
// last commit from a git repository at the corpus root (ingest/commit_dates.h), read with libgit2. The
// repositories are made here with git (the tool itself never runs it).
#include <catch2/catch.hpp>

#include <fstream>

#include "ingest/commit_dates.h"
#include "ingest/note_parser.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::test;

namespace {

std::string shell_arg(const fs::path& p) { return "'" + p.string() + "'"; }

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

// A commit of everything in `repo`, dated `when` (ISO 8601) for author and committer.
void commit(const fs::path& repo, const std::string& when, const std::string& message) {
  const std::string env = "GIT_AUTHOR_DATE=" + when + " GIT_COMMITTER_DATE=" + when +
                          " GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t ";
  RunResult r = run("cd " + shell_arg(repo) + " && git add -A && " + env + "git commit -q -m " + shell_arg(message));
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
}

void init(const fs::path& repo) {
  fs::create_directories(repo);
  REQUIRE(run("git init -q " + shell_arg(repo)).status == 0);
}

}  // namespace

TEST_CASE("dates: created and updated from the frontmatter, days only, a bad one is S003", "[ingest][dates]") {
  ParsedNote p = ingest::parse_note("lit/LIT-1.md",
                                    "---\nid: LIT-1\ntitle: T\nauthors: [A]\nyear: 2020\ncreated: 2023-05-01\n"
                                    "updated: 2024-02-29T10:00:00Z\n---\nBody.\n");
  CHECK(p.diagnostics.empty());
  CHECK(p.note.created == "2023-05-01");
  CHECK(p.note.updated == "2024-02-29");
  ParsedNote bad = ingest::parse_note("lit/LIT-2.md", "---\nid: LIT-2\ntitle: T\nauthors: [A]\nyear: 2020\ncreated: May 2023\n"
                                                      "updated: 2024-13-01\n---\nBody.\n");
  REQUIRE(bad.diagnostics.size() == 2);
  CHECK(bad.diagnostics[0].rule == "S003");
  CHECK(bad.diagnostics[0].where.line == 6);
  CHECK(bad.diagnostics[0].message.find("YYYY-MM-DD") != std::string::npos);
  CHECK(bad.note.created.empty());
  CHECK(bad.note.updated.empty());
}

TEST_CASE("dates: the day of each file's last commit, from one walk of the history", "[ingest][dates]") {
  TempDir dir;
  const fs::path repo = dir.path() / "corpus";
  init(repo);
  write(repo / "lit/LIT-1.md", "one");
  write(repo / "lit/LIT-2.md", "two");
  commit(repo, "2024-01-02T10:00:00+00:00", "first");
  write(repo / "lit/LIT-1.md", "one, again");
  commit(repo, "2024-03-04T23:30:00-02:00", "second");  // 2024-03-05 in UTC
  write(repo / "notes/NOTE-1.md", "not committed");

  ingest::CommitDates dates = ingest::last_commit_dates(repo, {"lit/LIT-1.md", "lit/LIT-2.md", "notes/NOTE-1.md"});
  INFO(dates.problem);
  CHECK(dates.by_path.at("lit/LIT-1.md") == "2024-03-05");
  CHECK(dates.by_path.at("lit/LIT-2.md") == "2024-01-02");
  CHECK(dates.by_path.count("notes/NOTE-1.md") == 0);
  CHECK(dates.commits == 2);

  // Once every file has its day, older history is not read.
  CHECK(ingest::last_commit_dates(repo, {"lit/LIT-1.md"}).commits == 1);
}

TEST_CASE("dates: none for a corpus that is not a repository's root", "[ingest][dates]") {
  TempDir dir;
  init(dir.path() / "repo");
  write(dir.path() / "repo/corpus/lit/LIT-1.md", "one");
  commit(dir.path() / "repo", "2024-01-02T10:00:00+00:00", "first");
  CHECK(ingest::last_commit_dates(dir.path() / "repo/corpus", {"lit/LIT-1.md"}).by_path.empty());
  CHECK(ingest::last_commit_dates(dir.path() / "repo", {"corpus/lit/LIT-1.md"}).by_path.size() == 1);
  write(dir.path() / "plain/lit/LIT-1.md", "one");
  CHECK(ingest::last_commit_dates(dir.path() / "plain", {"lit/LIT-1.md"}).by_path.empty());
  init(dir.path() / "empty");  // no commit yet
  CHECK(ingest::last_commit_dates(dir.path() / "empty", {"lit/LIT-1.md"}).by_path.empty());
}
