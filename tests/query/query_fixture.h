#pragma once
// The query tests' corpus (tests/fixtures/query/corpus) copied into a scratch folder, and the binary run
// on it with a fixed terminal width.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/test_support.h"

namespace anth::test {

class QueryCorpus {
 public:
  QueryCorpus() {
    fs::copy(source_dir() / "tests" / "fixtures" / "query" / "corpus", dir_.path(), fs::copy_options::recursive);
  }
  const fs::path& path() const { return dir_.path(); }
  fs::path index() const { return dir_.path() / ".anthology" / "index.db"; }

  // `anthology ARGS` in the corpus folder, with COLUMNS set (tables fit it) and no colour.
  RunResult run(const std::string& args, int columns = 100) const {
    return test::run("cd '" + dir_.path().string() + "' && COLUMNS=" + std::to_string(columns) + " NO_COLOR=1 '" +
                     anthology_binary().string() + "' " + args);
  }

 private:
  TempDir dir_;
};

// Runs, expects exit 0 and nothing on stderr, and compares stdout with tests/golden/query/NAME.
inline void check_golden(const QueryCorpus& corpus, const std::string& args, const std::string& name, int columns = 100) {
  RunResult r = corpus.run(args, columns);
  INFO("anthology " << args << "\nstderr: " << r.err << "\nstdout:\n" << r.out);
  CHECK(r.status == 0);
  CHECK(matches_golden(r.out, "query/" + name));
}

}  // namespace anth::test
