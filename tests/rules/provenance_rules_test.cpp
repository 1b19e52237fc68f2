// The P and K rules, one test each, in process: every rule's fixture under tests/fixtures/rules/<ID>/
// fires with exactly the lines of its expected.txt, and its twin, differing minimally, stays quiet.
#include "tests/rules/graph_rule_fixture.h"

#define GRAPH_RULE_TEST(RULE) \
  TEST_CASE(RULE " fires on its fixture and stays quiet on its twin (in process)", "[rules][" RULE "]") { \
    anth::test::check_rule_fixture(RULE);                                                                  \
  }

GRAPH_RULE_TEST("P001")
GRAPH_RULE_TEST("P002")
GRAPH_RULE_TEST("P003")
GRAPH_RULE_TEST("P004")
GRAPH_RULE_TEST("P005")
GRAPH_RULE_TEST("P006")
GRAPH_RULE_TEST("P007")
GRAPH_RULE_TEST("P008")
GRAPH_RULE_TEST("P009")
GRAPH_RULE_TEST("P010")
GRAPH_RULE_TEST("P011")
GRAPH_RULE_TEST("P012")
GRAPH_RULE_TEST("P013")
GRAPH_RULE_TEST("K001")
GRAPH_RULE_TEST("K002")
