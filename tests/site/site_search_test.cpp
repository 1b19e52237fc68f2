// The search index over many documents and terms: every term once in its shard, with every document
// that holds it, in order, and its counts in title and body.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "render/site/search_index.h"

using namespace anth::render::site;

TEST_CASE("site: the search index keeps each of thousands of terms once, with all its documents", "[site]") {
  // 3000 documents: doc i holds term "w<i>" once in its title, "v<i % 7>" in its body, and "shared"
  // everywhere (twice in the body).
  std::vector<SearchDoc> docs;
  for (int i = 0; i < 3000; ++i)
    docs.push_back({"ID-" + std::to_string(i), "w" + std::to_string(i), "", "LIT", "ID.html",
                    "shared v" + std::to_string(i % 7) + " and shared"});
  std::map<std::string, std::string> files;
  for (SiteFile& f : search_files(docs)) files[f.path] = std::move(f.bytes);

  auto count = [](const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
  };
  for (int i : {0, 1, 999, 1024, 2047, 2999}) {
    std::string term = "w" + std::to_string(i), shard = files["search/t-" + shard_key(term) + ".js"];
    INFO(term);
    CHECK(count(shard, "\"" + term + "\":") == 1);
    CHECK(shard.find("\"" + term + "\":[[" + std::to_string(i) + ",1,0]]") != std::string::npos);
  }
  std::string shared = files["search/t-sh.js"];
  REQUIRE(count(shared, "\"shared\":") == 1);
  std::string list = shared.substr(shared.find("\"shared\":"));
  CHECK(list.rfind("\"shared\":[[0,0,2],[1,0,2],[2,0,2],", 0) == 0);
  CHECK(count(list, ",0,2]") == 3000);
  std::string v3 = files["search/t-v3.js"];
  CHECK(v3.find("\"v3\":[[3,0,1],[10,0,1],[17,0,1],") != std::string::npos);
  CHECK(files["search/meta.js"].find("[\"ID-2999\",\"w2999\",\"LIT\",\"ID.html\",6]") != std::string::npos);
}

// count_terms against a plain map of search_terms(), on documents whose terms are mostly in the title
// and aliases (the table is sized from every field, not the body alone), repeated, long and short.
TEST_CASE("site: a document's terms are counted as search_terms finds them", "[site]") {
  auto check = [](const SearchDoc& doc) {
    std::map<std::string, std::pair<int, int>> expected;  // title tf, body tf
    std::size_t length = 0;
    for (const std::string& t : search_terms(doc.title + " " + doc.aliases + " " + doc.id)) ++expected[t].first, ++length;
    for (const std::string& t : search_terms(doc.text)) ++expected[t].second, ++length;
    DocTerms counted = count_terms(doc);
    std::map<std::string, std::pair<int, int>> got;
    for (const DocTerms::Term& t : counted.terms) {
      auto [it, fresh] = got.emplace(counted.words.substr(t.offset, t.length), std::pair<int, int>(t.title_tf, t.body_tf));
      CHECK(fresh);  // each distinct term once
    }
    CHECK(got == expected);
    CHECK(counted.length == length);
  };
  std::string aliases;
  for (int i = 0; i < 3000; ++i) aliases += "alias" + std::to_string(i) + " ";
  check({"SOTA-1", "Many Names", aliases, "SOTA", "SOTA-1.html", ""});
  check({"LIT-2", "Softmax softmax SOFTMAX", "", "LIT", "LIT-2.html", "softmax and the softmax, again softmax; x y zz"});
  std::string body;
  for (int i = 0; i < 20000; ++i) body += "w" + std::to_string(i % 7000) + (i % 3 ? " " : ", ");
  check({"NOTE-3", "", "", "NOTE", "NOTE-3.html", body});
}
