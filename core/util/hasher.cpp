#include "core/util/hasher.h"

#include <xxhash.h>

namespace anth::util {

void Hasher::Free::operator()(XXH3_state_s* s) const { XXH3_freeState(s); }

Hasher::Hasher() = default;

void Hasher::spill(const void* bytes, std::size_t n) {
  if (!state_) {
    state_.reset(XXH3_createState());
    XXH3_64bits_reset(state_.get());
  }
  XXH3_64bits_update(state_.get(), buffer_, used_);
  used_ = 0;
  if (n == 0) return;
  if (n <= sizeof buffer_) {
    std::memcpy(buffer_, bytes, n);
    used_ = n;
  } else {
    XXH3_64bits_update(state_.get(), bytes, n);
  }
}

std::uint64_t Hasher::digest() {
  std::uint64_t d;
  if (!state_) {
    d = XXH3_64bits(buffer_, used_);  // the same digest as the streaming one
  } else {
    spill(nullptr, 0);
    d = XXH3_64bits_digest(state_.get());
  }
  return d == 0 ? 1 : d;  // 0 means "no key"
}

std::uint64_t hash_text(std::string_view s) { return XXH3_64bits(s.data(), s.size()); }

}  // namespace anth::util
