#pragma once
// The one streaming hasher (XXH3, 64 bits) for cache keys and stamps: the build stamp (cli) and the
// site's page keys. Typed appends: every text is followed by a separator, so ("ab", "c") and ("a", "bc")
// differ; numbers are hashed as 64-bit values. A digest is never 0, which callers keep for "no key".
//
// Appends gather in a buffer of the hasher's own, and reach XXH3 only when it fills: a page key is
// thousands of small appends, each of which cost a call into XXH3's streaming update (a third of the
// keys' time), and most keys fit the buffer whole and are hashed in one call with no state made.
// The digest is XXH3 of the bytes appended, however they were split.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

struct XXH3_state_s;  // xxhash.h stays in hasher.cpp

namespace anth::util {

class Hasher {
 public:
  Hasher();
  Hasher& text(std::string_view s) {
    append(s.data(), s.size());
    append("", 1);  // the separator, a NUL
    return *this;
  }
  template <class T>
  Hasher& number(T n) {
    const auto v = static_cast<std::uint64_t>(n);
    append(&v, sizeof v);
    return *this;
  }
  // Not const: what is buffered goes into the XXH3 state first, when there is one.
  std::uint64_t digest();

 private:
  void append(const void* bytes, std::size_t n) {
    if (n <= sizeof buffer_ - used_) {
      std::memcpy(buffer_ + used_, bytes, n);
      used_ += n;
    } else {
      spill(bytes, n);
    }
  }
  // The buffer into the XXH3 state (made the first time), then `bytes`.
  void spill(const void* bytes, std::size_t n);
  struct Free {
    void operator()(XXH3_state_s* s) const;
  };
  unsigned char buffer_[512];
  std::size_t used_ = 0;
  std::unique_ptr<XXH3_state_s, Free> state_;  // made when the buffer first fills
};

// XXH3 of one text, in one call.
std::uint64_t hash_text(std::string_view s);

}  // namespace anth::util
