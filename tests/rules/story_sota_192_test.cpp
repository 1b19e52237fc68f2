// The story of SOTA-192 (shared/seeds/000): the practice was filed as introduced by LIT-088 while the
// reading of LIT-088 declined to call it the origin (P002); once Henry et al. (LIT-640, 2020) was read
// and linked as a source, the stated origin was also later than a source (P001); pointing
// introduced_by at LIT-640 silences both.
#include "tests/rules/graph_rule_fixture.h"

using namespace anth::test;

namespace {

void check_stage(const std::string& stage) {
  INFO("story-sota-192/" << stage);
  const fs::path folder = rules_fixture("story-sota-192/" + stage);
  FixtureFindings found = fixture_findings(folder, {"P001", "P002"});
  CHECK(found.ingest == "");
  CHECK(found.graph == read_file(folder / "expected.txt"));
}

}  // namespace

TEST_CASE("story SOTA-192: before, the origin contradicts the reading's hedge (P002)", "[rules][story][P002]") {
  check_stage("before");
  CHECK(fixture_findings(rules_fixture("story-sota-192/before"), {"P001"}).graph.empty());
}

TEST_CASE("story SOTA-192: after reading Henry et al., P001 and P002 both fire", "[rules][story][P001][P002]") {
  check_stage("after-reading-henry");
  std::string lines = fixture_findings(rules_fixture("story-sota-192/after-reading-henry"), {"P001"}).graph;
  CHECK(lines ==
        "sota/SOTA-192.md:6:16: warning: SOTA-192 is introduced by LIT-088 (2023), but LIT-640 (2020), a source of "
        "it, is earlier [P001 origin-not-earliest]\n");
}

TEST_CASE("story SOTA-192: corrected to introduced_by LIT-640, neither P001 nor P002 fires", "[rules][story][P001][P002]") {
  check_stage("corrected");
  CHECK(fixture_findings(rules_fixture("story-sota-192/corrected"), {"P001", "P002"}).graph.empty());
}
