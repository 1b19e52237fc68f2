// The one hasher (core/util/hasher.h) behind the build stamp and the page keys: the same inputs give the
// same digest, and a boundary moved between texts, or a number changed, gives another.
#include <catch2/catch.hpp>

#include <xxhash.h>

#include <cstdint>
#include <string>

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

TEST_CASE("hasher: the digest is XXH3 of the bytes appended, however they filled the buffer", "[hasher]") {
  // What a Hasher must equal: XXH3 over each text and its NUL, each number's 8 bytes, in order.
  auto expected = [](const std::string& bytes) {
    std::uint64_t d = XXH3_64bits(bytes.data(), bytes.size());
    return d == 0 ? 1 : d;
  };
  for (std::size_t size : {0, 1, 7, 8, 9, 100, 503, 504, 510, 511, 512, 513, 520, 1023, 1024, 1025, 5000}) {
    INFO("texts of " << size << " bytes");
    Hasher h;
    std::string bytes;
    for (int round = 0; round < 5; ++round) {
      std::string text(size, static_cast<char>('a' + round));
      h.text(text).number(round * 1000003);
      bytes += text + '\0';
      const std::uint64_t n = round * 1000003;
      bytes.append(reinterpret_cast<const char*>(&n), sizeof n);
      CHECK(h.digest() == expected(bytes));  // a digest midway changes nothing after it
    }
  }
}
