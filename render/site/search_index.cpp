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
constexpr std::size_t snippet_bytes = 3000;   // text kept per document for snippets

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

bool SearchIndexBuilder::add(const SearchDoc& doc) {
  std::uint32_t d = static_cast<std::uint32_t>(docs_++);
  std::vector<std::string> title = search_terms(doc.title + " " + doc.aliases + " " + doc.id);
  std::vector<std::string> body = search_terms(doc.text);
  std::unordered_map<std::string, std::pair<std::uint32_t, std::uint32_t>> tf;
  for (const std::string& t : title) ++tf[t].first;
  for (const std::string& t : body) ++tf[t].second;
  for (auto& [term, counts] : tf) {
    auto clamp16 = [](std::uint32_t v) { return static_cast<std::uint16_t>(std::min<std::uint32_t>(v, 65535)); };
    postings_[term].push_back({d, clamp16(counts.first), clamp16(counts.second)});
  }
  std::size_t length = title.size() + body.size();
  total_length_ += static_cast<double>(length);
  nlohmann::json entry = {doc.id, doc.title, doc.kind, doc.href, length};
  if (!meta_docs_.empty()) meta_docs_ += ',';
  meta_docs_ += js_json(entry);
  chunk_.emplace_back(utf8_prefix(doc.text, snippet_bytes));
  if (chunk_.size() == chunk_size) return flush_chunk();
  return true;
}

bool SearchIndexBuilder::flush_chunk() {
  if (chunk_.empty()) return true;
  nlohmann::json texts = nlohmann::json::array();
  for (std::string& t : chunk_) texts.push_back(std::move(t));
  chunk_.clear();
  std::string n = std::to_string(chunks_++);
  return sink_("search/d-" + n + ".js", js_assign("ANTH_SEARCH_DOCS", n, texts));
}

bool SearchIndexBuilder::finish() {
  if (!flush_chunk()) return false;
  double avgdl = docs_ == 0 ? 0.0 : std::round(total_length_ / static_cast<double>(docs_) * 100) / 100;
  nlohmann::json head = {{"n", docs_}, {"avgdl", avgdl}, {"chunk", chunk_size}};
  std::string meta = js_json(head);
  meta.pop_back();  // the closing brace: the docs follow
  if (!sink_("search/meta.js", "window.ANTH_SEARCH_META=" + meta + ",\"docs\":[" + meta_docs_ + "]};\n")) return false;

  // Shards, each with its terms in order and each term's documents in order.
  std::map<std::string, std::vector<const std::string*>> shards;
  for (const auto& [term, list] : postings_) shards[shard_key(term)].push_back(&term);
  for (auto& [key, terms] : shards) {
    std::sort(terms.begin(), terms.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
    std::string body = "{";
    for (const std::string* term : terms) {
      if (body.size() > 1) body += ',';
      body += js_json(*term) + ":[";
      bool first = true;
      for (const Posting& p : postings_.at(*term)) {
        if (!first) body += ',';
        first = false;
        body += "[" + std::to_string(p.doc) + "," + std::to_string(p.title_tf) + "," + std::to_string(p.body_tf) + "]";
      }
      body += "]";
    }
    body += "}";
    std::string file = "(window.ANTH_SEARCH_SHARDS=window.ANTH_SEARCH_SHARDS||{})[" + js_json(key) + "]=" + body + ";\n";
    if (!sink_("search/t-" + key + ".js", std::move(file))) return false;
  }
  return true;
}

SiteFiles search_files(const std::vector<SearchDoc>& docs) {
  SiteFiles files;
  SearchIndexBuilder builder([&](const std::string& path, std::string bytes) {
    files.push_back({path, std::move(bytes)});
    return true;
  });
  for (const SearchDoc& d : docs) builder.add(d);
  builder.finish();
  return files;
}

}  // namespace anth::site
