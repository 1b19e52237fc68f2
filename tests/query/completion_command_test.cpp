// anthology completion and --help: shell ergonomics of every command.
#include <algorithm>
#include <chrono>

#include "tests/query/query_fixture.h"
#include "tests/support/shell_completion.h"

using namespace anth::test;

TEST_CASE("query: completion prints a bash and a zsh script that parse, and registers them", "[query]") {
  QueryCorpus corpus;
  RunResult bash = corpus.run("completion bash > anthology.bash");
  CHECK(bash.status == 0);
  CHECK(run("bash -n '" + (corpus.path() / "anthology.bash").string() + "'").status == 0);
  CHECK(run("bash -c 'source \"" + (corpus.path() / "anthology.bash").string() + "\"; complete -p anthology'").out ==
        "complete -F _anthology anthology\n");
  RunResult zsh = corpus.run("completion zsh > _anthology");
  CHECK(zsh.status == 0);
  if (have_zsh()) CHECK(run("zsh -n '" + (corpus.path() / "_anthology").string() + "'").status == 0);
  else WARN("zsh not found: its script is not parsed");
  RunResult fish = corpus.run("completion fish");
  CHECK(fish.status == 2);
  CHECK(fish.err == "anthology completion: no completion for 'fish' (shells: bash, zsh)\n");
}

TEST_CASE("query: the bash completion completes commands, flags, values and ids", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  CHECK(bash_complete(corpus.path(), "anthology sh") == "show\n");
  CHECK(bash_complete(corpus.path(), "anthology query --for") == "--format\n");
  CHECK(bash_complete(corpus.path(), "anthology query --format \"\"") == "csv\nids\njson\ntable\n");
  CHECK(bash_complete(corpus.path(), "anthology export --format g") == "graphml\n");
  CHECK(bash_complete(corpus.path(), "anthology show SOTA-") == "SOTA-050\nSOTA-192\nSOTA-319\nSOTA-404\n");
  CHECK(bash_complete(corpus.path(), "anthology origin \"\"") == "SOTA-050\nSOTA-192\nSOTA-319\nSOTA-404\n");
  CHECK(bash_complete(corpus.path(), "anthology query --tag model-") == "model-architecture\nmodel-stability\n");
  CHECK(bash_complete(corpus.path(), "anthology neighbors LIT-523 --relation dec") == "declines_origin_of\n");
}

namespace {

// Every path under a folder, for "nothing was written".
std::string listing(const fs::path& dir) {
  std::string out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) out += e.path().string() + "\n";
  return out;
}

}  // namespace

TEST_CASE("query: completion outside a corpus writes nothing and answers nothing within 200 ms", "[query]") {
  // A folder of notes with no index (the system temporary folder, a folder above a corpus) used to be
  // ingested in full at every <Tab>.
  TempDir dir;
  fs::copy(source_dir() / "tests" / "fixtures" / "query" / "corpus", dir.path() / "notes", fs::copy_options::recursive);
  for (int i = 0; i < 300; ++i)
    dir.write("more/SOTA-" + std::to_string(1000 + i) + ".md",
              "---\nid: SOTA-" + std::to_string(1000 + i) + "\ntitle: A practice\nstatus: candidate\n---\nText.\n");
  std::string before = listing(dir.path());
  fs::path bin = anthology_binary().parent_path();
  RunResult tab = run("cd '" + dir.path().string() + "' && PATH='" + bin.string() + "':$PATH bash -c '" +
                      "source <(anthology completion bash); COMP_WORDS=(anthology show \"\"); COMP_CWORD=2; " +
                      "_anthology; printf \"%s\\n\" \"${COMPREPLY[@]}\"'");
  CHECK(tab.status == 0);
  CHECK(tab.out == "\n");  // no candidates
  double best = 1e9;
  for (const char* what : {"ids", "ids sota theory", "tags", "ids --corpus notes"}) {
    auto started = std::chrono::steady_clock::now();
    RunResult r = run_anthology(std::string("completion ") + what, dir.path());
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    INFO(what);
    CHECK(r.status == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
  }
  CHECK(best < 0.2);
  CHECK(listing(dir.path()) == before);
}

TEST_CASE("query: completion answers from the index as it is, without updating it", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  std::string index = read_file(corpus.index());
  fs::copy_file(corpus.path() / "sota" / "SOTA-404.md", corpus.path() / "sota" / "SOTA-999.md");
  fs::remove(corpus.path() / "sota" / "SOTA-404.md");
  RunResult ids = corpus.run("completion ids sota");
  CHECK(ids.status == 0);
  CHECK(ids.out == "SOTA-050\nSOTA-192\nSOTA-319\nSOTA-404\n");  // the index's, not the folder's
  CHECK(corpus.run("completion tags").out.find("model-stability\n") != std::string::npos);
  CHECK(corpus.run("completion ids nokind").out.empty());
  CHECK(read_file(corpus.index()) == index);
}
