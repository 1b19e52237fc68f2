// anthology query: filters, sorting, the four formats and exit codes, on the fixture corpus.
#include <algorithm>
#include <fstream>
#include <sstream>

#include "tests/query/query_fixture.h"

using namespace anth::test;

TEST_CASE("query: query lists every node as a table fitted to the width", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "query", "all.table.txt");
  check_golden(corpus, "query", "all.narrow.txt", 60);
  RunResult r = corpus.run("query", 100);
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) CHECK(line.back() != ' ');
}

TEST_CASE("query: query filters combine and each format prints them", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "query --kind sota --status adopted,candidate", "sota-adopted-candidate.table.txt");
  check_golden(corpus, "query --kind sota --format json", "sota.json");
  check_golden(corpus, "query --kind lit --sort year --format csv", "lit-by-year.csv");
  check_golden(corpus, "query --tag model-stability --tag attention-techniques --format ids", "two-tags.ids.txt");
  check_golden(corpus, "query --introduced-by LIT-088 --format ids", "introduced-by.ids.txt");
  check_golden(corpus, "query --source LIT-008 --format ids", "source.ids.txt");
  check_golden(corpus, "query --year 2020..2023 --kind lit,sota --sort year", "years.table.txt");
  check_golden(corpus, "query --year ..2017 --format ids", "years-to.ids.txt");
  check_golden(corpus, "query --year 2023.. --kind sota --format ids", "years-from.ids.txt");
  check_golden(corpus, "query --contested", "contested.table.txt");
  check_golden(corpus, "query --kind note --sort title --limit 2 --format csv", "notes-title-limit.csv");
}

TEST_CASE("query: query --text ranks by relevance and takes any text safely", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "query --text 'entropy collapse'", "text-entropy-collapse.table.txt");
  check_golden(corpus, "query --text '\"query and key\"' --format ids", "text-phrase.ids.txt");
  check_golden(corpus, "query --text 'norm*' --kind sota --sort id --format ids", "text-prefix.ids.txt");
  // FTS5 syntax in the user's text is plain words, never a query error.
  for (const char* text : {"'attention OR NEAR(x'", "'title:entropy'", "'\"unbalanced'", "'-dot +product ^x'"}) {
    RunResult r = corpus.run(std::string("query --text ") + text);
    INFO(text << ": " << r.err);
    CHECK((r.status == 0 || r.status == 1));
  }
  RunResult r = corpus.run("query --text '!!!'");
  CHECK(r.status == 2);
  CHECK(r.err == "anthology query: --text needs a word to search for\n");
}

TEST_CASE("query: query exits 1 when nothing matches and 2 on bad usage", "[query]") {
  QueryCorpus corpus;
  RunResult none = corpus.run("query --kind theory --status adopted");
  CHECK(none.status == 1);
  CHECK(none.out.empty());
  CHECK(none.err == "anthology query: nothing matches\n");
  RunResult none_json = corpus.run("query --kind theory --status adopted --format json");
  CHECK(none_json.status == 1);
  CHECK(none_json.out == "[]\n");

  RunResult unknown = corpus.run("query --introduced-by LIT-64");
  CHECK(unknown.status == 1);
  CHECK(unknown.err == "anthology query: no node LIT-64; did you mean LIT-640?\n");

  RunResult flag = corpus.run("query --knid sota");
  CHECK(flag.status == 2);
  CHECK(flag.out.empty());
  CHECK(flag.err == "anthology query: unknown flag --knid; did you mean --kind?\n");

  RunResult kind = corpus.run("query --kind sotta");
  CHECK(kind.status == 2);
  CHECK(kind.err == "anthology query: unknown kind 'sotta'; did you mean 'sota'? (kinds: lit, note, sota, theory, term)\n");

  for (const char* args : {"query --year 2023..2020", "query --year soon", "query --limit 0", "query --sort relevance",
                           "query --sort yaer", "query --format yaml", "query entropy", "query --sql 'SELECT 1' --kind sota",
                           "query --status done"}) {
    RunResult r = corpus.run(args);
    INFO(args << ": " << r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("query: query answers from the index and refreshes it when a note changes", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);  // builds the index
  auto stamp = fs::last_write_time(corpus.index());
  REQUIRE(corpus.run("query --kind term --format ids").out == "attention-entropy\nqk-norm\n");
  CHECK(fs::last_write_time(corpus.index()) == stamp);  // a current index is only read

  std::ofstream(corpus.path() / "terms" / "softmax.md") << "---\ntitle: softmax\nshort: \"Scores to weights.\"\n---\nSee [[qk-norm]].\n";
  CHECK(corpus.run("query --kind term --format ids").out == "attention-entropy\nqk-norm\nsoftmax\n");
  fs::remove(corpus.path() / "terms" / "softmax.md");
  CHECK(corpus.run("query --kind term --format ids").out == "attention-entropy\nqk-norm\n");

  // An index that is not a database is rebuilt from the notes.
  std::ofstream(corpus.index(), std::ios::trunc) << "not a database";
  for (const char* suffix : {"-wal", "-shm"}) fs::remove(corpus.index().string() + suffix);
  CHECK(corpus.run("query --kind term --format ids").out == "attention-entropy\nqk-norm\n");
}

TEST_CASE("query: query --help shows the filters and examples", "[query]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("query --help");
  CHECK(r.status == 0);
  CHECK(r.out.find("--introduced-by ID") != std::string::npos);
  CHECK(r.out.find("examples:\n  anthology query --kind sota --status adopted\n") != std::string::npos);
  CHECK(r.out.find("nothing matched (like grep)") != std::string::npos);
}
