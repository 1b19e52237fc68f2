#pragma once
// The one streaming hasher (XXH3, 64 bits) for cache keys and stamps: the build stamp (cli) and the
// site's page keys. Typed appends: every text is followed by a separator, so ("ab", "c") and ("a", "bc")
// differ; numbers are hashed as 64-bit values. A digest is never 0, which callers keep for "no key".
#include <cstdint>
#include <memory>
#include <string_view>

struct XXH3_state_s;  // xxhash.h stays in hasher.cpp

namespace anth::util {

class Hasher {
 public:
  Hasher();
  Hasher& text(std::string_view s);
  template <class T>
  Hasher& number(T n) {
    return bits(static_cast<std::uint64_t>(n));
  }
  std::uint64_t digest() const;

 private:
  Hasher& bits(std::uint64_t v);
  struct Free {
    void operator()(XXH3_state_s* s) const;
  };
  std::unique_ptr<XXH3_state_s, Free> state_;
};

// XXH3 of one text, in one call.
std::uint64_t hash_text(std::string_view s);

}  // namespace anth::util