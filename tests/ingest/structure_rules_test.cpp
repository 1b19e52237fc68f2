// S and R rules, end to end through `anthology lint`, on the fixture corpora of tests/fixtures/rules/.
#include <catch2/catch.hpp>

#include "tests/support/rule_fixture.h"

RULE_FIXTURE_TEST("S001")
RULE_FIXTURE_TEST("S002")
RULE_FIXTURE_TEST("S003")
RULE_FIXTURE_TEST("S004")
RULE_FIXTURE_TEST("S005")
RULE_FIXTURE_TEST("S006")
RULE_FIXTURE_TEST("S007")
RULE_FIXTURE_TEST("S008")
RULE_FIXTURE_TEST("R001")
RULE_FIXTURE_TEST("R002")
RULE_FIXTURE_TEST("R003")
RULE_FIXTURE_TEST("R004")
RULE_FIXTURE_TEST("R005")
RULE_FIXTURE_TEST("R006")
