#include <catch2/catch.hpp>

#include "core/model/kind.h"

using namespace anth;

TEST_CASE("an id's pattern gives its kind", "[ingest]") {
  CHECK(kind_of_id("LIT-523") == Kind::Lit);
  CHECK(kind_of_id("NOTE-011") == Kind::Note);
  CHECK(kind_of_id("SOTA-192") == Kind::Sota);
  CHECK(kind_of_id("THEORY-061") == Kind::Theory);
  CHECK(kind_of_id("qk-norm") == Kind::Term);
  CHECK(kind_of_id("z-loss") == Kind::Term);
  CHECK_FALSE(kind_of_id("LIT-"));
  CHECK_FALSE(kind_of_id("LIT-12a"));
  CHECK_FALSE(kind_of_id("lit-523"));  // a TERM slug that reads as a LIT id
  CHECK_FALSE(kind_of_id("Qk-Norm"));
  CHECK_FALSE(kind_of_id("qk--norm"));
  CHECK_FALSE(kind_of_id("../etc"));
  CHECK_FALSE(kind_of_id(""));
}
