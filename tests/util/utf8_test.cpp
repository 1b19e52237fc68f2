// find_invalid_utf8 (core/util/utf8.h): the first byte that is not UTF-8, wherever it falls against the
// eight-byte steps its ASCII fast path takes.
#include <catch2/catch.hpp>

#include <string>

#include "core/util/utf8.h"

using anth::util::find_invalid_utf8;

TEST_CASE("find_invalid_utf8: finds a bad byte at every offset, after ASCII and after multi-byte text", "[util]") {
  for (const std::string lead : {std::string(), std::string("\xc3\xa9"), std::string("\xe2\x80\xa6")}) {
    for (std::size_t at = 0; at < 20; ++at) {
      std::string text = lead + std::string(at, 'a');
      CHECK(find_invalid_utf8(text) == std::string::npos);
      for (const std::string bad : {"\xff", "\x80", "\xc3", "\xe2\x80", "\xc0\xaf", "\xed\xa0\x80"}) {
        std::string broken = text + bad + std::string(at % 9, 'b');
        INFO("lead " << lead.size() << ", offset " << at << ", bad " << bad.size());
        CHECK(find_invalid_utf8(broken) == text.size());
      }
      CHECK(find_invalid_utf8(text + "\xf0\x9f\x98\x80" + std::string(at, 'c')) == std::string::npos);
    }
  }
}
