// `anthology lint` end to end: the three output formats (golden files), SARIF validity, exit codes,
// configuration, lint-ignore, PATH limits and --explain.
#include <catch2/catch.hpp>

#include "core/model/rule_catalog.h"
#include "core/util/embedded_assets.h"
#include "tests/support/test_support.h"

using namespace anth::test;
using anth::catalogue_ranges, anth::util::embedded_asset, anth::rule_catalog, anth::RuleInfo;

namespace {

// A copy of tests/fixtures/lint/corpus in a fresh folder (lint writes its index into the corpus).
struct LintFixture {
  TempDir dir;
  LintFixture() {
    fs::copy(source_dir() / "tests/fixtures/lint/corpus", dir.path() / "corpus", fs::copy_options::recursive);
  }
  RunResult lint(const std::string& args = "") const { return run_anthology("lint --corpus corpus " + args, dir.path()); }
  void write(const std::string& rel, const std::string& text) const { dir.write("corpus/" + rel, text); }
};

int validate_sarif(const std::string& sarif, std::string& errors) {
  TempDir tmp;
  fs::path file = tmp.write("out.sarif", sarif);
  RunResult r = run("python3 '" + (source_dir() / "tests/schemas/validate_json.py").string() + "' '" +
                    (source_dir() / "tests/schemas/sarif-2.1.0-subset.schema.json").string() + "' '" + file.string() + "'");
  errors = r.out + r.err;
  return r.status;
}

}  // namespace

TEST_CASE("lint text output matches its golden file", "[lint][golden]") {
  LintFixture f;
  RunResult r = f.lint();
  CHECK(r.status == 1);
  CHECK(matches_golden(r.out, "lint/fixture.txt"));
}

TEST_CASE("lint --format json matches its golden file", "[lint][golden]") {
  LintFixture f;
  RunResult r = f.lint("--format json");
  CHECK(r.status == 1);
  CHECK(matches_golden(r.out, "lint/fixture.json"));
}

TEST_CASE("lint --format sarif matches its golden file and validates against SARIF 2.1.0", "[lint][golden][sarif]") {
  LintFixture f;
  RunResult r = f.lint("--format sarif");
  CHECK(r.status == 1);
  CHECK(matches_golden(r.out, "lint/fixture.sarif"));
  std::string errors;
  CHECK(validate_sarif(r.out, errors) == 0);
  INFO(errors);
  for (const char* rule : {"\"S001\"", "\"R006\"", "\"P013\"", "\"K003\""}) CHECK(r.out.find(rule) != std::string::npos);

  // The validation can fail: a result without its message, or a column of 0, is refused.
  std::string broken = r.out;
  broken.replace(broken.find("\"startColumn\": 16"), 17, "\"startColumn\": 0");
  CHECK(validate_sarif(broken, errors) == 1);
  CHECK(errors.find("less than the minimum") != std::string::npos);

  // Columns are code points, and the run says so (3.14.27): without it, validation fails.
  CHECK(r.out.find("\"columnKind\": \"unicodeCodePoints\"") != std::string::npos);
  std::string no_kind = r.out;
  no_kind.erase(no_kind.find("\"columnKind\""), no_kind.find('\n', no_kind.find("\"columnKind\"")) - no_kind.find("\"columnKind\"") + 1);
  CHECK(validate_sarif(no_kind, errors) == 1);
}

TEST_CASE("lint --format sarif percent-encodes artifact URIs", "[lint][sarif]") {
  TempDir dir;
  dir.write("corpus/lit/draft #2 100%.md", "---\nid: LIT-1\ntitle: T\nauthors: [A]\nyear: soon\n---\n");
  RunResult r = run_anthology("lint --corpus corpus --format sarif", dir.path());
  CHECK(r.status == 1);
  CHECK(r.out.find("\"uri\": \"lit/draft%20%232%20100%25.md\"") != std::string::npos);
  CHECK(r.out.find("\"uri\": \"lit/draft #2") == std::string::npos);
  std::string errors;
  CHECK(validate_sarif(r.out, errors) == 0);
}

TEST_CASE("lint exit status: 0 clean, 1 errors or too many warnings, 2 cannot run", "[lint]") {
  LintFixture f;
  CHECK(f.lint().status == 1);
  // Fix the errors: the origin becomes Henry et al. and the kernel variant a real one.
  f.write("sota/SOTA-192.md",
          "---\nid: SOTA-192\ntitle: Normalize queries and keys before the dot product\nstatus: adopted\n"
          "source: [LIT-088, LIT-640]\nintroduced_by: LIT-640\n---\nBody with [[Broken link]].\n");
  f.write("sota/SOTA-193.md",
          "---\nid: SOTA-193\ntitle: T\nstatus: candidate\npromote_when: later\nsource: [LIT-640]\n"
          "introduced_by: LIT-640\n---\n");
  RunResult clean = f.lint();
  CHECK(clean.status == 0);
  CHECK(clean.out.find("0 errors, 1 warning, 0 infos") != std::string::npos);
  CHECK(f.lint("--max-warnings 1").status == 0);
  RunResult strict = f.lint("--max-warnings 0");
  CHECK(strict.status == 1);
  CHECK(strict.err == "anthology lint: 1 warnings exceed --max-warnings 0\n");

  RunResult missing = run_anthology("lint --corpus no-such-folder", f.dir.path());
  CHECK(missing.status == 2);
  CHECK(missing.err == "anthology lint: no corpus folder at no-such-folder\n");
  CHECK(f.lint("--format yaml").status == 2);
  CHECK(f.lint("--max-warnings lots").status == 2);
}

TEST_CASE("anthology.toml changes severities and a bad one stops lint with a reason", "[lint][config]") {
  LintFixture f;
  f.write("anthology.toml", "[lint.severity]\nP002 = \"off\"\nP001 = \"error\"\n");
  RunResult r = f.lint();
  CHECK(r.out.find("[P002") == std::string::npos);
  CHECK(r.out.find("error: SOTA-192 is introduced by LIT-088 (2023)") != std::string::npos);

  f.write("anthology.toml", "[lint.severity]\nP999 = \"off\"\n");
  RunResult bad = f.lint();
  CHECK(bad.status == 2);
  CHECK(bad.err == "anthology lint: anthology.toml: [lint.severity] names unknown rule P999\n");

  f.write("anthology.toml", "[lint\n");
  RunResult broken = f.lint();
  CHECK(broken.status == 2);
  CHECK(broken.err.rfind("anthology lint: anthology.toml:1:", 0) == 0);
}

TEST_CASE("lint PATHs limit the report, not the graph", "[lint]") {
  LintFixture f;
  RunResult one = f.lint("corpus/sota/SOTA-193.md");
  CHECK(one.out.find("SOTA-192") == std::string::npos);
  CHECK(one.out.find("sota/SOTA-193.md:9:9: error: kernel qk_norm has no variant 'cosine'") != std::string::npos);
  RunResult folder = f.lint("lit");  // relative to the corpus root
  CHECK(folder.status == 0);
  CHECK(folder.out.find(": error:") == std::string::npos);
}

TEST_CASE("lint PATHs that name no note cannot run (exit 2)", "[lint]") {
  LintFixture f;
  for (const char* path : {"nonexistent.md", "sota/NOPE.md", "corpus/sota/NOPE.md", "nowhere/"}) {
    RunResult r = f.lint(path);
    INFO(path);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == std::string("anthology lint: no note at ") + path + "\n");
  }
  RunResult two = f.lint("sota/SOTA-193.md nope.md gone/");
  CHECK(two.status == 2);
  CHECK(two.err == "anthology lint: no notes at nope.md, gone/\n");
  f.write("empty/.keep", "");
  CHECK(f.lint("empty").status == 2);  // a folder without notes names none either
  CHECK(f.lint("sota/SOTA-193.md").status == 1);
}

TEST_CASE("lint --explain prints the rule's documentation", "[lint][docs]") {
  for (const RuleInfo& rule : rule_catalog()) {
    INFO(rule.id);
    RunResult r = run_anthology("lint --explain " + std::string(rule.id));
    CHECK(r.status == 0);
    CHECK(r.out == *embedded_asset("docs/rules/" + std::string(rule.id) + ".md"));
  }
  RunResult unknown = run_anthology("lint --explain P100");
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("no rule P100 (rules are " + catalogue_ranges() + ")") != std::string::npos);
}
