// The parse codec's JSON reader on strings (core/index/json_reader.h): every length around the
// sixteen- and eight-byte steps of plain_run, an escape at every offset, read as nlohmann reads them and
// skipped to the same place; whatever is malformed refused at every offset.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>

#include "core/index/json_reader.h"

using anth::index::detail::JsonMalformed;
using anth::index::detail::JsonReader;
using anth::index::detail::plain_run;

namespace {

// The string of `json` (an array of a string and 1), read, and where a skip of it leaves the reader.
std::string read_first(const std::string& json) {
  JsonReader r(json);
  r.begin_array();
  REQUIRE(r.next_item());
  std::string s = r.string();
  REQUIRE(r.next_item());
  CHECK(r.integer() == 1);
  return s;
}

void skip_first(const std::string& json) {
  JsonReader r(json);
  r.begin_array();
  REQUIRE(r.next_item());
  r.skip();
  REQUIRE(r.next_item());
  CHECK(r.integer() == 1);
  CHECK_FALSE(r.next_item());
}

bool refused(const std::string& json, bool skip) {
  try {
    JsonReader r(json);
    r.begin_array();
    if (!r.next_item()) return false;
    skip ? r.skip() : void(r.string());
    return false;
  } catch (const JsonMalformed&) {
    return true;
  }
}

}  // namespace

TEST_CASE("json reader: plain_run stops at the first quote, backslash or control byte, at every offset", "[index][json]") {
  for (int special : {int('"'), int('\\'), 0x00, 0x1f, 0x0a}) {
    for (std::size_t length = 0; length <= 40; ++length) {
      for (std::size_t at = 0; at <= length; ++at) {
        // Bytes that need no escape, high ones included (UTF-8), then the special byte.
        std::string text;
        for (std::size_t i = 0; i < length; ++i) text += static_cast<char>(i % 3 == 0 ? 0xc3 : i % 3 == 1 ? 0xa9 : 0x7f);
        if (at < length) text[at] = static_cast<char>(special);
        INFO("special " << int(special) << ", length " << length << ", at " << at);
        CHECK(plain_run(text.data(), text.data() + text.size()) == at);
      }
    }
  }
}

TEST_CASE("json reader: strings read as nlohmann reads them and skip to the same place, an escape at every offset",
          "[index][json]") {
  for (const std::string escape : {"\\n", "\\\"", "\\\\", "\\/", "\\t", "\\u00e9", "\\u20ac", "\\ud83d\\ude00", ""}) {
    for (std::size_t length = 0; length <= 36; ++length) {
      for (std::size_t at = 0; at <= length; ++at) {
        std::string body(length, 'a');
        for (std::size_t i = 0; i < length; ++i) body[i] = static_cast<char>('a' + i % 26);
        body.insert(at, escape);
        const std::string json = "[\"" + body + "\",1]";
        INFO(json);
        CHECK(read_first(json) == nlohmann::json::parse(json)[0].get<std::string>());
        skip_first(json);
      }
    }
  }
}

TEST_CASE("json reader: a control byte, a bad escape or a cut string is refused at every offset", "[index][json]") {
  const std::string good = "[\"the entropy of attention\\n collapses \\u00e9 early in training\",1]";
  for (std::size_t at = 2; at + 4 < good.size(); ++at) {
    INFO("at " << at);
    std::string control = good;
    control.insert(at, 1, '\n');
    CHECK(refused(control, false));  // after a backslash, a bad escape
    CHECK(refused(control, true));
    std::string cut = good.substr(0, at);
    CHECK(refused(cut, false));
    CHECK(refused(cut, true));
  }
  for (const std::string bad : {"[\"a\\x\",1]", "[\"a\\", "[\"a\\u12\",1]", "[\"a\\ud83d\",1]", "[\"a\\ude00\",1]"}) {
    INFO(bad);
    CHECK(refused(bad, false));
    CHECK(refused(bad, true));
  }
}
