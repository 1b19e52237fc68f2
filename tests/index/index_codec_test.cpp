// The parse codec of the files table: encode and decode round trips, malformed and damaged text.
#include <catch2/catch.hpp>

#include "tests/index/index_test_support.h"

using namespace anth;
using namespace anth::index_test;

TEST_CASE("index: a parse survives encode and decode", "[index]") {
  ParsedNote p = rich_parse();
  std::string json = index::encode_parse(p);
  std::optional<ParsedNote> back = index::decode_parse(json);
  REQUIRE(back);
  check_same(p, *back);
  CHECK(index::encode_parse(*back) == json);

  // A plain parsed note too, and a note kept out of the graph.
  for (const auto& [path, text] : sample_files()) {
    ParsedNote q = ingest::parse_note(path, text);
    auto again = index::decode_parse(index::encode_parse(q));
    REQUIRE(again);
    check_same(q, *again);
  }
  ParsedNote unreadable = ingest::unreadable_note("x/y.md", "cannot read: Permission denied");
  auto again = index::decode_parse(index::encode_parse(unreadable));
  REQUIRE(again);
  check_same(unreadable, *again);
}

TEST_CASE("index: decode refuses malformed text", "[index]") {
  std::string good = index::encode_parse(rich_parse());
  for (std::string bad : {std::string(), std::string("{"), std::string("[]"), std::string("null"), std::string("42"),
                          std::string("{\"format\":1}"), std::string("{\"format\":2,\"note\":{},\"diagnostics\":[]}"),
                          good.substr(0, good.size() / 2), std::string("\xff\xfe garbage")})
    CHECK_FALSE(index::decode_parse(bad));
  // Right syntax, wrong types.
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    auto at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  CHECK_FALSE(index::decode_parse(replaced("\"year\":2020", "\"year\":\"2020\"")));
  CHECK_FALSE(index::decode_parse(replaced("\"in_graph\":false", "\"in_graph\":0")));
  CHECK_FALSE(index::decode_parse(replaced("\"kind\":\"SOTA\"", "\"kind\":\"BOGUS\"")));
  CHECK_FALSE(index::decode_parse(replaced("\"origin\":\"frontmatter\"", "\"origin\":\"elsewhere\"")));
  CHECK_FALSE(index::decode_parse(replaced("\"year\":2020", "\"year\":99999999999")));
  CHECK_FALSE(index::decode_parse(replaced("\"hash\":\"fedcba9876543210\"", "\"hash\":\"xyz\"")));
  CHECK(index::decode_parse(replaced("\"year\":2020", "\"year\":2021")));
}

TEST_CASE("index: the parse text is JSON any parser reads, and reads JSON any writer writes", "[index]") {
  ParsedNote p = rich_parse();
  std::string text = index::encode_parse(p);
  nlohmann::json doc = nlohmann::json::parse(text);  // throws when it is not JSON
  CHECK(doc["format"] == 1);
  CHECK(doc["note"]["id"] == "SOTA-192");
  CHECK(doc["note"]["hash"] == "fedcba9876543210");
  CHECK(doc["note"]["kind"] == "SOTA");
  CHECK(doc["note"]["in_graph"] == false);
  CHECK(doc["note"]["body"] == p.note.body);
  CHECK(doc["note"]["kernel_params"][2][1] == "nan");
  CHECK(doc["note"]["relations"][0]["at"] == nlohmann::json::array({7, 9, "elsewhere/other.md"}));
  CHECK(doc["diagnostics"][0]["related"][0][0] == nlohmann::json::array({1, 1, "lit/LIT-088.md"}));
  CHECK(doc["diagnostics"][0]["related"][1][0] == nlohmann::json::array({8, 2}));

  // The same document as another writer lays it out: indented, every non-ASCII character escaped,
  // members reordered (nlohmann sorts them), an unknown member added.
  doc["note"]["from_the_future"] = {{"nested", {1, 2, {{"x", nullptr}}}}, {"s", "\u00e9"}};
  doc["extra"] = 3.5;
  for (const std::string& other : {doc.dump(2, ' ', true), doc.dump()}) {
    auto back = index::decode_parse(other);
    if (other.find("\"diagnostics\"") < other.find("\"note\"")) {
      // nlohmann orders members by name: diagnostics before note, which this reader refuses (the
      // diagnostics' locations are relative to the note's path).
      CHECK_FALSE(back);
      continue;
    }
    REQUIRE(back);
    check_same(p, *back);
  }
  // Member order as written by this codec, reformatted with escapes.
  nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(text);
  ordered["note"]["from_the_future"] = {1, 2, 3};
  auto back = index::decode_parse(ordered.dump(1, '\t', true));
  REQUIRE(back);
  check_same(p, *back);
}

TEST_CASE("index: decode survives damaged text", "[index]") {
  std::string good = index::encode_parse(rich_parse());
  std::mt19937 random(11);
  int decoded = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string bad = good;
    int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
      std::size_t at = random() % bad.size();
      switch (random() % 4) {
        case 0: bad[at] = static_cast<char>(random()); break;
        case 1: bad.erase(at, 1 + random() % 16); break;
        case 2: bad.insert(at, 1, "{}[]\",:\\0-e"[random() % 12]); break;
        case 3: bad.resize(at); break;
      }
      if (bad.empty()) bad = "{";
    }
    if (index::decode_parse(bad)) ++decoded;  // a change inside a string decodes to another parse: fine
  }
  CHECK(decoded < 3000);
  // Deep nesting in an unknown member is refused, not recursed into without end.
  std::string deep = good;
  deep.insert(deep.find("\"note\""), "\"deep\":" + std::string(100000, '[') + std::string(100000, ']') + ",");
  CHECK_FALSE(index::decode_parse(deep));
}
