// anthology completion and --help: shell ergonomics of every command.
#include "tests/query/query_fixture.h"

using namespace anth::test;

namespace {

const char* const commands[] = {"build", "lint", "query", "show", "path", "neighbors", "origin", "kernels", "export", "completion"};

// Completes the words of a command line with the bash script, in the corpus folder; the candidates, sorted.
std::string bash_complete(const QueryCorpus& corpus, const std::string& words) {
  fs::path bin = anthology_binary().parent_path();
  RunResult r = run("cd '" + corpus.path().string() + "' && PATH='" + bin.string() + "':$PATH bash -c '" +
                    "source <(anthology completion bash); COMP_WORDS=(" + words + "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); " +
                    "_anthology; printf \"%s\\n\" \"${COMPREPLY[@]}\" | sort'");
  return r.out;
}

}  // namespace

TEST_CASE("query: completion prints the scripts kept in scripts/completion", "[query]") {
  QueryCorpus corpus;
  RunResult bash = corpus.run("completion bash");
  CHECK(bash.status == 0);
  CHECK(bash.out == read_file(source_dir() / "scripts" / "completion" / "anthology.bash"));
  RunResult zsh = corpus.run("completion zsh");
  CHECK(zsh.status == 0);
  CHECK(zsh.out == read_file(source_dir() / "scripts" / "completion" / "_anthology"));
  CHECK(run("bash -n '" + (source_dir() / "scripts" / "completion" / "anthology.bash").string() + "'").status == 0);
  if (run("command -v zsh").status == 0)
    CHECK(run("zsh -n '" + (source_dir() / "scripts" / "completion" / "_anthology").string() + "'").status == 0);
  RunResult fish = corpus.run("completion fish");
  CHECK(fish.status == 2);
  CHECK(fish.err == "anthology completion: no completion for 'fish' (shells: bash, zsh)\n");
}

TEST_CASE("query: the bash completion completes commands, flags, values and ids", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  CHECK(bash_complete(corpus, "anthology sh") == "show\n");
  CHECK(bash_complete(corpus, "anthology query --for") == "--format\n");
  CHECK(bash_complete(corpus, "anthology query --format \"\"") == "csv\nids\njson\ntable\n");
  CHECK(bash_complete(corpus, "anthology export --format g") == "graphml\n");
  CHECK(bash_complete(corpus, "anthology show SOTA-") == "SOTA-050\nSOTA-192\nSOTA-319\nSOTA-404\n");
  CHECK(bash_complete(corpus, "anthology origin \"\"") == "SOTA-050\nSOTA-192\nSOTA-319\nSOTA-404\n");
  CHECK(bash_complete(corpus, "anthology query --tag model-") == "model-architecture\nmodel-stability\n");
  CHECK(bash_complete(corpus, "anthology neighbors LIT-523 --relation dec") == "declines_origin_of\n");
}

TEST_CASE("query: every command has --help with examples", "[query]") {
  QueryCorpus corpus;
  for (const char* command : commands) {
    RunResult r = corpus.run(std::string(command) + " --help");
    INFO(command << ": " << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.rfind(std::string("usage: anthology ") + command, 0) == 0);
    CHECK(r.out.find("\nexamples:\n") != std::string::npos);
  }
}
