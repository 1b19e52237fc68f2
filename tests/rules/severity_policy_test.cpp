// The severity policy of core/rules/severity_policy.h, in process: configured severities replace the
// defaults, `off` and a note's lint-ignore drop a finding, and the result is sorted.
#include <catch2/catch.hpp>

#include "core/rules/severity_policy.h"

namespace {

anth::Diagnostic finding(const char* rule, anth::Severity severity, const char* file, int line) {
  return {rule, severity, {file, line, 1}, "message", {}};
}

}  // namespace

TEST_CASE("severity policy: overrides, off, lint-ignore and order", "[rules][policy]") {
  using enum anth::Severity;
  anth::Corpus corpus;
  corpus.notes.resize(2);
  corpus.notes[0].path = "lit/LIT-1.md";
  corpus.notes[1].path = "lit/LIT-2.md";
  corpus.notes[1].lint_ignore = {"P012"};
  anth::Config config;
  config.severities = {{"P001", Error}, {"P011", Off}};

  auto out = anth::rules::finalize_diagnostics({finding("P012", Info, "lit/LIT-2.md", 1), finding("P001", Warning, "lit/LIT-2.md", 3),
                                         finding("P011", Info, "lit/LIT-1.md", 2), finding("P012", Info, "lit/LIT-1.md", 1),
                                         finding("S004", Warning, "anthology.toml", 1)},
                                        corpus, config);
  REQUIRE(out.size() == 3);
  CHECK(out[0].where.file == "anthology.toml");  // a finding in no note is never ignored
  CHECK((out[1].rule == "P012" && out[1].where.file == "lit/LIT-1.md" && out[1].severity == Info));
  CHECK((out[2].rule == "P001" && out[2].severity == Error));  // the configured severity
}
