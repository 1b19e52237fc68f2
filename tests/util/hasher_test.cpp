// The one hasher (core/util/hasher.h) behind the build stamp and the page keys: the same inputs give the
// same digest, and a boundary moved between texts, or a number changed, gives another.
#include <catch2/catch.hpp>

#include "core/util/hasher.h"

using anth::util::Hasher;

TEST_CASE("hasher: digests follow the inputs and their boundaries", "[hasher]") {
  auto digest = [](std::string_view a, std::string_view b, int n) { return Hasher().text(a).text(b).number(n).digest(); };
  CHECK(digest("ab", "c", 1) == digest("ab", "c", 1));
  CHECK(digest("ab", "c", 1) != digest("a", "bc", 1));
  CHECK(digest("ab", "c", 1) != digest("ab", "c", 2));
  CHECK(digest("", "", 0) != 0);  // 0 is kept for "no key"
  CHECK(anth::util::hash_text("key") == anth::util::hash_text("key"));
  CHECK(anth::util::hash_text("key") != anth::util::hash_text("kez"));
}
