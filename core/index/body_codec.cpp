// encode_body / decode_body: the column files.body.
//
// The html and plain text of every body a build made are written to the index and read back one at a
// time as the site renders. Uncompressed they were as large as all the parses together (7.4 KB a note of
// the benchmark corpus) and their pages were written twice (the log, then the file) and read once: at
// 10,000 notes, tens of thousands of system calls. zstd at level 1 makes them about four times smaller
// for a fraction of the time those calls took.
#include <endian.h>
#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "core/index/index.h"

namespace anth::index {

namespace {

constexpr int compression_level = 1;

// One context per thread: making one per call would allocate and clear its tables every time.
struct Contexts {
  ZSTD_CCtx* compress = ZSTD_createCCtx();
  ZSTD_DCtx* decompress = ZSTD_createDCtx();
  Contexts() = default;
  Contexts(const Contexts&) = delete;
  Contexts& operator=(const Contexts&) = delete;
  ~Contexts() {
    ZSTD_freeCCtx(compress);
    ZSTD_freeDCtx(decompress);
  }
};

Contexts& contexts() {
  thread_local Contexts c;
  return c;
}

// A frame starts with zstd's magic number, little-endian; the old text starts with a digit.
bool is_zstd_frame(std::string_view s) {
  std::uint32_t magic = 0;
  if (s.size() < sizeof magic) return false;
  std::memcpy(&magic, s.data(), sizeof magic);
  return le32toh(magic) == ZSTD_MAGICNUMBER;
}

// "<html length>:<html><plain>"
std::optional<BodyText> split_plain_text(std::string_view text) {
  std::size_t colon = text.find(':');
  if (colon == 0 || colon == std::string_view::npos || colon > 19) return std::nullopt;
  std::size_t html = 0;
  for (char c : text.substr(0, colon)) {
    if (c < '0' || c > '9') return std::nullopt;
    html = html * 10 + static_cast<std::size_t>(c - '0');
  }
  text.remove_prefix(colon + 1);
  if (html > text.size()) return std::nullopt;
  return BodyText{std::string(text.substr(0, html)), std::string(text.substr(html))};
}

}  // namespace

std::string encode_body(const RenderedBody& body) {
  std::string plain = std::to_string(body.html.size());
  plain.reserve(plain.size() + 1 + body.html.size() + body.plain.size());
  plain.append(1, ':').append(body.html).append(body.plain);
  std::string out(ZSTD_compressBound(plain.size()), '\0');
  std::size_t n = ZSTD_compressCCtx(contexts().compress, out.data(), out.size(), plain.data(), plain.size(), compression_level);
  if (ZSTD_isError(n)) return plain;  // only out of memory: the text as it is still decodes
  out.resize(n);
  out.shrink_to_fit();
  return out;
}

std::optional<BodyText> decode_body(std::string_view stored) {
  if (!is_zstd_frame(stored)) return split_plain_text(stored);
  unsigned long long size = ZSTD_getFrameContentSize(stored.data(), stored.size());
  // A frame that does not say its size, or says more than SQLite could have held, is not ours.
  if (size == ZSTD_CONTENTSIZE_UNKNOWN || size == ZSTD_CONTENTSIZE_ERROR || size > (1ull << 31)) return std::nullopt;
  std::string text(static_cast<std::size_t>(size), '\0');
  std::size_t n = ZSTD_decompressDCtx(contexts().decompress, text.data(), text.size(), stored.data(), stored.size());
  if (ZSTD_isError(n) || n != text.size()) return std::nullopt;
  return split_plain_text(text);
}

}  // namespace anth::index
