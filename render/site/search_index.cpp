#include "render/site/search_index.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

namespace anth::site {

namespace {

constexpr std::size_t chunk_size = 50;        // documents per snippet file
constexpr std::size_t snippet_bytes = 6000;   // text kept per document for snippets

const char* const stopwords[] = {"an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "its",
                                 "of", "on", "or", "that", "the", "this", "to", "was", "with"};

bool word_byte(unsigned char c) { return std::isalnum(c) || c >= 0x80; }

bool stopword(std::string_view t) {
  for (const char* s : stopwords)
    if (t == s) return true;
  return false;
}

// A valid UTF-8 prefix of at most `limit` bytes.
std::string_view utf8_prefix(std::string_view s, std::size_t limit) {
  if (s.size() <= limit) return s;
  std::size_t n = limit;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

// JSON as a JavaScript expression: plain ASCII whatever the notes hold, and no '<' at all, so that
// the data could never close a script element even if someone inlined it.
std::string js_json(const nlohmann::json& value) {
  std::string text = value.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<') out += "\\u003c";  // '<' only ever occurs inside a string
    else out += c;
  }
  return out;
}

std::string js_assign(const std::string& global, const std::string& key, const nlohmann::json& value) {
  return "(window." + global + "=window." + global + "||{})[" + nlohmann::json(key).dump() + "]=" + js_json(value) + ";\n";
}

}  // namespace

std::vector<std::string> search_terms(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  auto flush = [&] {
    if (word.size() >= 2 && word.size() <= 40 && !stopword(word)) out.push_back(word);
    word.clear();
  };
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (word_byte(u)) word += static_cast<char>(std::tolower(u));
    else flush();
  }
  flush();
  return out;
}

std::string shard_key(std::string_view term) {
  std::string key;
  for (std::size_t i = 0; i < 2 && i < term.size(); ++i) {
    unsigned char u = static_cast<unsigned char>(term[i]);
    if (std::isalnum(u)) {
      key += static_cast<char>(u);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "x%02x", u);
      key += hex;
    }
  }
  return key;
}

SiteFiles search_files(const std::vector<SearchDoc>& docs) {
  // term -> doc -> (title tf, body tf); std::map keeps every output ordered.
  std::map<std::string, std::map<std::size_t, std::pair<int, int>>> postings;
  nlohmann::json meta_docs = nlohmann::json::array();
  double total = 0;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    std::vector<std::string> title = search_terms(docs[d].title + " " + docs[d].aliases + " " + docs[d].id);
    std::vector<std::string> body = search_terms(docs[d].text);
    for (const std::string& t : title) ++postings[t][d].first;
    for (const std::string& t : body) ++postings[t][d].second;
    std::size_t length = title.size() + body.size();
    total += static_cast<double>(length);
    meta_docs.push_back({docs[d].id, docs[d].title, docs[d].kind, docs[d].href, length});
  }

  std::map<std::string, nlohmann::json> shards;
  for (const auto& [term, by_doc] : postings) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [d, tf] : by_doc) list.push_back({d, tf.first, tf.second});
    nlohmann::json& shard = shards[shard_key(term)];
    if (shard.is_null()) shard = nlohmann::json::object();
    shard[term] = std::move(list);
  }

  SiteFiles files;
  nlohmann::json meta = {{"n", docs.size()},
                         {"avgdl", docs.empty() ? 0.0 : std::round(total / static_cast<double>(docs.size()) * 100) / 100},
                         {"chunk", chunk_size},
                         {"docs", meta_docs}};
  files.push_back({"search/meta.js", "window.ANTH_SEARCH_META=" + js_json(meta) + ";\n"});
  for (const auto& [key, shard] : shards) files.push_back({"search/t-" + key + ".js", js_assign("ANTH_SEARCH_SHARDS", key, shard)});
  for (std::size_t start = 0; start < docs.size(); start += chunk_size) {
    nlohmann::json texts = nlohmann::json::array();
    for (std::size_t d = start; d < std::min(docs.size(), start + chunk_size); ++d)
      texts.push_back(std::string(utf8_prefix(docs[d].text, snippet_bytes)));
    std::string n = std::to_string(start / chunk_size);
    files.push_back({"search/d-" + n + ".js", js_assign("ANTH_SEARCH_DOCS", n, texts)});
  }
  return files;
}

}  // namespace anth::site
