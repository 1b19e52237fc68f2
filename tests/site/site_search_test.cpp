// The search index over many documents and terms: every term once in its shard, with every document
// that holds it, in order, and its counts in title and body.
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <string>

#include "render/site/body_pass_cache.h"
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

// A build on its last site hands the index the terms its passes kept as numbers into their dictionary
// (SearchEntry::numbered); the files must be those of the same documents counted afresh. The
// documents share terms in different orders and the dictionary grows between them, as a build's does
// when a changed note brings a word its cache never held.
TEST_CASE("site: the search index writes the same files from numbered terms as from counted ones", "[site][body-passes]") {
  std::vector<SearchDoc> docs;
  for (int i = 0; i < 120; ++i)
    docs.push_back({"ID-" + std::to_string(i), "title w" + std::to_string(i % 13), "alias" + std::to_string(i % 3), "LIT",
                    "ID-" + std::to_string(i) + ".html",
                    "shared v" + std::to_string(i % 7) + " and shared u" + std::to_string(i) + (i % 2 ? " odd" : " even")});
  auto files_of = [](const std::function<void(SearchIndexBuilder&)>& add) {
    std::map<std::string, std::string> files;
    SearchIndexBuilder builder([&](const std::string& path, std::string bytes) {
      files[path] = std::move(bytes);
      return true;
    });
    add(builder);
    REQUIRE(builder.finish());
    return files;
  };
  const auto counted = files_of([&](SearchIndexBuilder& b) {
    for (const SearchDoc& d : docs) REQUIRE(b.add(d));
  });
  // The cache packs every other document up front and the rest as they come, so that numbers are
  // first met out of order and some are new to the dictionary after the index took a numbered entry.
  BodyPassCache cache;
  std::vector<PassedNote> notes(docs.size());
  std::vector<SearchEntry> entries;
  for (const SearchDoc& d : docs) entries.push_back(search_entry(d, count_terms(d)));
  for (std::size_t i = 1; i < docs.size(); i += 2) cache.pack(notes[i], entries[i]);
  const auto numbered = files_of([&](SearchIndexBuilder& b) {
    for (std::size_t i = 0; i < docs.size(); ++i) {
      if (i % 2 == 0) cache.pack(notes[i], entries[i]);
      SearchEntry e = cache.numbered(notes[i]);
      REQUIRE(e.numbered.words != nullptr);
      CHECK(e.terms.terms.empty());
      e.snippet = entries[i].snippet, e.heads = entries[i].heads, e.snippet_made = true;
      REQUIRE(b.add(e));
    }
  });
  CHECK(numbered.size() == counted.size());
  for (const auto& [path, bytes] : counted) {
    INFO(path);
    REQUIRE(numbered.count(path));
    CHECK(numbered.at(path) == bytes);
  }
}
