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

TEST_CASE("query: a --text prefix matches the words as typed, authors are searched, -KEY sorts descending", "[query]") {
  QueryCorpus corpus;
  // The porter stemmer stores "normal" for "normalization": the prefix must still find every such note.
  const std::string normaliz = "LIT-088\nLIT-640\nNOTE-058\nNOTE-300\nSOTA-192\nSOTA-404\n";
  CHECK(corpus.run("query --text 'normaliz*' --sort id --format ids").out == normaliz);
  CHECK(corpus.run("query --text 'Normaliz*' --sort id --format ids").out == normaliz);
  CHECK(corpus.run("query --text 'normalization' --sort id --format ids").out == normaliz);  // stemmed, as before
  CHECK(corpus.run("query --text 'normalizx*' --format ids").status == 1);
  // A prefix beside another word, on either side, with and without --limit: the notes holding both
  // (FTS5 once refused the expanded prefix's group beside a word as a syntax error).
  const std::string keys = "\n" + corpus.run("query --text keys --sort id --format ids").out;
  std::string both;
  for (std::size_t at = 0, nl; (nl = normaliz.find('\n', at)) != std::string::npos; at = nl + 1) {
    const std::string line = normaliz.substr(at, nl + 1 - at);
    if (keys.find("\n" + line) != std::string::npos) both += line;
  }
  REQUIRE_FALSE(both.empty());
  for (const char* text : {"'normaliz* keys'", "'keys normaliz*'"}) {
    RunResult r = corpus.run(std::string("query --sort id --format ids --text ") + text);
    INFO(text << "\n" << r.err);
    CHECK(r.status == 0);
    CHECK(r.out == both);
  }
  RunResult ranked = corpus.run("query --text 'keys normaliz*' --sort relevance --limit 50 --format ids");
  CHECK(ranked.status == 0);
  CHECK(std::count(ranked.out.begin(), ranked.out.end(), '\n') == std::count(both.begin(), both.end(), '\n'));
  // Authors.
  RunResult zhai = corpus.run("query --text Zhai --format ids");
  CHECK(zhai.status == 0);
  CHECK(zhai.out.find("LIT-523\n") != std::string::npos);
  CHECK(corpus.run("query --text 'likhoman*' --format ids").out.find("LIT-523\n") != std::string::npos);
  // Descending sorts: the reverse of the ascending one, nodes without a year still last.
  RunResult up = corpus.run("query --kind lit --sort year --format ids"), down = corpus.run("query --kind lit --sort -year --format ids");
  REQUIRE(up.status == 0);
  REQUIRE(down.status == 0);
  CHECK(down.out != up.out);
  RunResult years = corpus.run("query --kind lit --sort -year --format csv");
  std::vector<int> seen;
  for (std::size_t at = years.out.find('\n'); at != std::string::npos && at + 1 < years.out.size(); at = years.out.find('\n', at + 1)) {
    std::size_t first = years.out.find(',', at + 1), second = years.out.find(',', first + 1);
    seen.push_back(std::stoi(years.out.substr(second + 1, years.out.find(',', second + 1) - second - 1)));
  }
  REQUIRE(seen.size() > 2);
  CHECK(std::is_sorted(seen.rbegin(), seen.rend()));
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  };
  std::vector<std::string> by_id = lines(corpus.run("query --sort id --format ids").out);
  std::reverse(by_id.begin(), by_id.end());
  CHECK(lines(corpus.run("query --sort -id --format ids").out) == by_id);
  CHECK(corpus.run("query --sort -nope").status == 2);
  CHECK(corpus.run("query --help").out.find("-KEY reverses it") != std::string::npos);
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
  CHECK(kind.err == "anthology query: unknown kind 'sotta'; did you mean 'sota'? (kinds: lit, note, sota, theory, term, page)\n");

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

TEST_CASE("query: a practice's --year is its paper's, and follows it when only the paper changes", "[query]") {
  // The year of a node is the graph's (Graph::year), stored with the node's row: SOTA-404 is
  // introduced by LIT-088 (2023). Editing LIT-088 alone must move SOTA-404, whose own file and rows
  // are unchanged, so the stored year must be rewritten for the notes whose year comes from another.
  QueryCorpus corpus;
  CHECK(corpus.run("query --year 2023 --kind sota --format ids").out.find("SOTA-404\n") != std::string::npos);
  fs::path lit = corpus.path() / "lit" / "LIT-088.md";
  std::string text = read_file(lit);
  REQUIRE(text.find("year: 2023\n") != std::string::npos);
  text.replace(text.find("year: 2023\n"), 11, "year: 2011\n");
  std::ofstream(lit, std::ios::trunc) << text;
  CHECK(corpus.run("query --year 2023 --kind sota --format ids").out.find("SOTA-404\n") == std::string::npos);
  CHECK(corpus.run("query --year 2011 --kind sota,lit --format ids").out == "LIT-088\nSOTA-404\n");
  CHECK(corpus.run("query --sql \"SELECT node_year FROM nodes WHERE id = 'SOTA-404'\" --format ids").out == "2011\n");
}

TEST_CASE("query: query --help shows the filters and examples", "[query]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("query --help");
  CHECK(r.status == 0);
  CHECK(r.out.find("--introduced-by ID") != std::string::npos);
  CHECK(r.out.find("examples:\n  anthology query --kind sota --status adopted\n") != std::string::npos);
  CHECK(r.out.find("nothing matched (like grep)") != std::string::npos);
}

// Relevance is BM25 within each column (core/query/fts_bm25.h, anth_rank): a note titled with the
// words comes before notes that repeat them in long bodies (FTS5's bm25() put the release notes
// first), or hold them in a longer title (anth_rank with the title weighted 4 put LIT-521 first).
TEST_CASE("query: --text ranks the note titled with the words first", "[query][cli]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("query --text \"attention entropy\" --format ids --limit 1");
  INFO(r.err);
  CHECK(r.out == "attention-entropy\n");
  r = corpus.run("query --text entropy --format ids --limit 1");
  CHECK(r.out == "attention-entropy\n");
  // As in Obsidian's help vault: the page Canvas, and release notes that name canvas often.
  const char* filler[] = {"the", "notes", "view", "link", "file", "editor", "plugin", "sync", "theme", "graph", "search"};
  auto words = [&](int count, int every) {
    std::string out;
    for (int k = 0; k < count; ++k) out += std::string(every && k % every == 0 ? "canvas" : filler[(k * 7) % 11]) + " ";
    return out + "\n";
  };
  TempDir dir;
  dir.write("pages/Canvas.md", "A canvas holds cards. " + words(120, 0));
  for (int i = 1; i <= 6; ++i) dir.write("pages/Release " + std::to_string(i) + ".md", words(200, 12));
  for (int i = 1; i <= 20; ++i) dir.write("pages/Other " + std::to_string(i) + ".md", "Nothing to see here.\n");
  r = run("cd '" + dir.path().string() + "' && '" + anthology_binary().string() + "' query --text canvas --format ids --limit 2");
  INFO(r.err);
  CHECK(r.out.substr(0, r.out.find('\n') + 1) == "pages.canvas\n");
}
