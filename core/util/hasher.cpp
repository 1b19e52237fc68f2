#include "core/util/hasher.h"

#include <xxhash.h>

namespace anth::util {

void Hasher::Free::operator()(XXH3_state_s* s) const { XXH3_freeState(s); }

Hasher::Hasher() : state_(XXH3_createState()) { XXH3_64bits_reset(state_.get()); }

Hasher& Hasher::text(std::string_view s) {
  XXH3_64bits_update(state_.get(), s.data(), s.size());
  XXH3_64bits_update(state_.get(), "\0", 1);
  return *this;
}

Hasher& Hasher::bits(std::uint64_t v) {
  XXH3_64bits_update(state_.get(), &v, sizeof v);
  return *this;
}

std::uint64_t Hasher::digest() const {
  std::uint64_t d = XXH3_64bits_digest(state_.get());
  return d == 0 ? 1 : d;  // 0 means "no key"
}

std::uint64_t hash_text(std::string_view s) { return XXH3_64bits(s.data(), s.size()); }

}  // namespace anth::util