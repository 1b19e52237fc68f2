#include "render/site/search_index.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/util/hasher.h"
#include "core/util/search_words.h"
#include "render/site/js_text.h"
#include "render/site/search_headings.h"

namespace anth::render::site {

namespace {

constexpr std::size_t chunk_size = search_chunk_size;
constexpr std::size_t snippet_bytes = 3000;   // text kept per document for snippets

const char* const stopwords[] = {"an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "its",
                                 "of", "on", "or", "that", "the", "this", "to", "was", "with"};

bool stopword(std::string_view t) {
  if (t.size() > 4) return false;  // every stopword is short, and most words are not
  for (const char* s : stopwords)
    if (s[0] == t[0] && s[1] == t[1] && t == s) return true;
  return false;
}

// Calls f(term, hash) for each term of `text` (util/search_words.h: the rule search.js keeps too) of
// 2 to 40 bytes that is no stopword, in order; the hash is FNV-1a of the term.
template <class F>
void for_each_term(std::string_view text, F&& f) {
  util::for_each_search_word(text, [&](std::string_view term) {
    if (term.size() < 2 || term.size() > 40 || stopword(term)) return;
    std::uint64_t hash = 1469598103934665603ull;
    for (char c : term) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    f(term, hash);
  });
}

// JSON as a JavaScript expression (js_text.h).
std::string js_json(const nlohmann::json& value) {
  return js_safe(value.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace));
}

std::string js_assign(const std::string& global, const std::string& key, const std::string& value_js) {
  return "(window." + global + "=window." + global + "||{})[" + nlohmann::json(key).dump() + "]=" + value_js + ";\n";
}

std::string chunk_js(std::size_t n, const std::vector<std::string>& texts_of, const std::string& heads) {
  std::string texts = "[";
  for (const std::string& t : texts_of) {
    if (texts.size() > 1) texts += ',';
    append_js_string(texts, t);
  }
  texts += ']';
  std::string key = std::to_string(n), file = js_assign("ANTH_SEARCH_DOCS", key, texts);
  if (!heads.empty()) file += js_assign("ANTH_SEARCH_HEADS", key, "{" + heads + "}");
  return file;
}

void append_heads(std::string& chunk_heads, std::size_t k, const std::string& heads) {
  if (heads.empty()) return;
  if (!chunk_heads.empty()) chunk_heads += ',';
  chunk_heads += '"' + std::to_string(k) + "\":";
  chunk_heads += heads;
}

}  // namespace

std::vector<std::string> search_terms(std::string_view text) {
  std::vector<std::string> out;
  for_each_term(text, [&](std::string_view term, std::uint64_t) { out.emplace_back(term); });
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

std::uint32_t SearchIndexBuilder::term_id(std::string_view term, std::uint64_t hash) {
  auto first_slot = [](std::uint64_t h, std::size_t mask) { return static_cast<std::size_t>(h ^ h >> 32) & mask; };
  if (2 * (terms_.size() + 1) > slots_.size()) {
    // Half full at most: twice the slots, every term placed again.
    std::vector<Slot> grown(std::max<std::size_t>(1024, 2 * slots_.size()));
    for (const Slot& s : slots_) {
      if (s.id == UINT32_MAX) continue;
      std::size_t at = first_slot(s.hash, grown.size() - 1);
      while (grown[at].id != UINT32_MAX) at = (at + 1) & (grown.size() - 1);
      grown[at] = s;
    }
    slots_ = std::move(grown);
  }
  std::size_t mask = slots_.size() - 1, at = first_slot(hash, mask);
  for (; slots_[at].id != UINT32_MAX; at = (at + 1) & mask)
    if (slots_[at].hash == hash && terms_[slots_[at].id] == term) return slots_[at].id;
  auto id = static_cast<std::uint32_t>(terms_.size());
  slots_[at] = {hash, id};
  terms_.emplace_back(term);
  postings_.emplace_back();
  last_doc_.push_back(0);
  return id;
}

DocTerms count_terms(const SearchDoc& doc) {
  // A small open-addressing table of the document's distinct terms, by hash; each distinct term is
  // copied into `words` once. It grows with the distinct terms, kept at most half full: sized by the
  // text instead, a 60 MB note took a 256 MB table, which its thread then kept.
  DocTerms out;
  thread_local std::vector<std::uint32_t> slots;  // index into out.terms + 1; 0: empty
  slots.assign(1024, 0);
  std::size_t mask = slots.size() - 1;
  auto first_slot = [&](std::uint64_t h) { return static_cast<std::size_t>(h ^ h >> 29) & mask; };
  auto grow = [&] {
    slots.assign(2 * slots.size(), 0);
    mask = slots.size() - 1;
    for (std::size_t i = 0; i < out.terms.size(); ++i) {
      std::size_t at = first_slot(out.terms[i].hash);
      while (slots[at] != 0) at = (at + 1) & mask;
      slots[at] = static_cast<std::uint32_t>(i + 1);
    }
  };
  // The index in out.terms of term t (hash h), added when new.
  auto term_of = [&](std::string_view t, std::uint64_t h) -> std::size_t {
    for (std::size_t at = first_slot(h);; at = (at + 1) & mask) {
      if (slots[at] == 0) {
        slots[at] = static_cast<std::uint32_t>(out.terms.size() + 1);
        out.terms.push_back({h, static_cast<std::uint32_t>(out.words.size()), static_cast<std::uint16_t>(t.size()), 0, 0});
        out.words.append(t);
        if (2 * out.terms.size() > slots.size()) grow();
        return out.terms.size() - 1;
      }
      const DocTerms::Term& e = out.terms[slots[at] - 1];
      if (e.hash == h && std::string_view(out.words).substr(e.offset, e.length) == t) return slots[at] - 1;
    }
  };
  auto take = [&](bool title) {
    return [&, title](std::string_view t, std::uint64_t h) {
      ++out.length;
      DocTerms::Term& e = out.terms[term_of(t, h)];
      std::uint16_t& tf = title ? e.title_tf : e.body_tf;
      if (tf < 65535) ++tf;
    };
  };
  for (std::string_view part : {std::string_view(doc.title), std::string_view(" "), std::string_view(doc.aliases),
                                std::string_view(" "), std::string_view(doc.id)})
    for_each_term(part, take(true));
  for_each_term(doc.text, take(false));
  if (slots.size() > (1u << 16)) std::vector<std::uint32_t>().swap(slots);  // a large note's table is not kept
  return out;
}

SearchEntry search_entry(const SearchDoc& doc, DocTerms counted) {
  SearchEntry e;
  e.meta = '[';
  for (const std::string* part : {&doc.id, &doc.title, &doc.kind, &doc.href}) {
    append_js_string(e.meta, *part);
    e.meta += ',';
  }
  e.meta += std::to_string(counted.length);
  e.meta += ']';
  e.terms = std::move(counted);
  make_snippet(doc, e);
  return e;
}

void make_snippet(const SearchDoc& doc, SearchEntry& entry) {
  entry.snippet = utf8_prefix(doc.text, snippet_bytes);
  entry.heads.clear();
  if (!doc.headings.empty()) append_headings_js(entry.heads, doc.text, entry.snippet.size(), doc.headings);
  entry.snippet_made = true;
}

void SearchIndexBuilder::add_posting(std::uint32_t id, std::uint32_t doc, std::uint32_t title_tf, std::uint32_t body_tf) {
  std::string& list = postings_[id];
  put_varint(list, doc - last_doc_[id]);
  put_varint(list, title_tf);
  put_varint(list, body_tf);
  last_doc_[id] = doc;
}

void SearchIndexBuilder::add_terms(const DocTerms& counted, std::uint32_t doc) {
  std::string_view words = counted.words;
  for (const DocTerms::Term& t : counted.terms) add_posting(term_id(words.substr(t.offset, t.length), t.hash), doc, t.title_tf, t.body_tf);
}

// The same postings as add_terms of the entry unpacked, in the same order (a term's id is given when
// it is first seen, either way).
void SearchIndexBuilder::add_numbered(const NumberedTerms& numbered, std::uint32_t doc) {
  const std::vector<std::string>& words = *numbered.words;
  if (numbered_by_ != &words) id_of_number_.clear();
  numbered_by_ = &words;
  if (id_of_number_.size() < words.size()) id_of_number_.resize(words.size(), UINT32_MAX);
  for (std::string_view in = numbered.packed; !in.empty();) {
    std::uint32_t number = get_varint(in);
    std::uint16_t title_tf = static_cast<std::uint16_t>(get_varint(in)), body_tf = static_cast<std::uint16_t>(get_varint(in));
    if (number >= words.size()) continue;  // cannot be: the cache checks its parts' numbers as it reads them
    std::uint32_t& id = id_of_number_[number];
    if (id == UINT32_MAX) id = term_id(words[number], (*numbered.hashes)[number]);
    add_posting(id, doc, title_tf, body_tf);
  }
}

bool SearchIndexBuilder::add(const SearchEntry& entry) {
  const DocTerms& counted = entry.terms;
  std::uint32_t d = static_cast<std::uint32_t>(docs_++);
  if (entry.numbered.words) add_numbered(entry.numbered, d);
  else add_terms(counted, d);
  total_length_ += static_cast<double>(counted.length);
  chunk_keys_.push_back(entry.key);
  chunk_whole_ = chunk_whole_ && entry.snippet_made;
  metas_.push_back(entry.meta);
  append_heads(chunk_heads_, chunk_.size(), entry.heads);
  chunk_.push_back(entry.snippet);
  if (chunk_.size() == chunk_size) return flush_chunk();
  return true;
}

std::uint64_t search_chunk_key(const std::uint64_t* keys, std::size_t count, std::size_t chunk) {
  util::Hasher h;
  h.number(chunk).number(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (keys[i] == 0) return 0;
    h.number(keys[i]);
  }
  return h.digest();
}

bool SearchIndexBuilder::flush_chunk() {
  if (chunk_.empty()) return true;
  std::uint64_t key = search_chunk_key(chunk_keys_.data(), chunk_keys_.size(), chunks_);
  chunk_keys_.clear();
  if (!chunk_whole_) {  // the snippets were not made again: the chunk is the file the site holds
    chunk_whole_ = true;
    chunk_.clear();
    chunk_heads_.clear();
    std::string path = search_chunk_file(chunks_++);
    return keep_ && key != 0 && keep_(path);
  }
  std::string file = chunk_js(chunks_, chunk_, chunk_heads_);
  chunk_.clear();
  chunk_heads_.clear();
  ++chunks_;
  return sink_(search_chunk_file(chunks_ - 1), std::move(file));
}

bool SearchIndexBuilder::put_chunk(const FileSink& sink, std::size_t chunk, const std::vector<const SearchEntry*>& entries) {
  std::vector<std::string> texts;
  std::string heads;
  for (const SearchEntry* e : entries) {
    append_heads(heads, texts.size(), e->heads);
    texts.push_back(e->snippet);
  }
  return sink(search_chunk_file(chunk), chunk_js(chunk, texts, heads));
}

bool SearchIndexBuilder::put_meta(const FileSink& sink) const {
  double avgdl = docs_ == 0 ? 0.0 : std::round(total_length_ / static_cast<double>(docs_) * 100) / 100;
  nlohmann::json head = {{"n", docs_}, {"avgdl", avgdl}, {"chunk", chunk_size}};
  std::string meta = js_json(head);
  meta.pop_back();  // the closing brace: the docs follow
  std::string file = "window.ANTH_SEARCH_META=" + meta + ",\"docs\":[";
  for (std::size_t d = 0; d < metas_.size(); ++d) {
    if (d) file += ',';
    file += metas_[d];
  }
  file += "]};\n";
  return sink("search/meta.js", std::move(file));
}

void SearchIndexBuilder::sort_by_term(std::vector<std::uint32_t>& ids) const {
  std::sort(ids.begin(), ids.end(), [&](std::uint32_t a, std::uint32_t b) { return terms_[a] < terms_[b]; });
}

std::string SearchIndexBuilder::shard_file(const std::string& key, const std::vector<std::uint32_t>& ids) const {
  std::string body = "{";
  for (std::uint32_t id : ids) {
    std::string_view list = postings_[id];
    if (list.empty()) continue;  // every document that had it changed
    if (body.size() > 1) body += ',';
    append_js_string(body, terms_[id]);
    body += ":[";
    bool first = true;
    for (std::uint32_t doc = 0; !list.empty();) {
      doc += get_varint(list);
      std::uint32_t title_tf = get_varint(list), body_tf = get_varint(list);
      if (!first) body += ',';
      first = false;
      body += '[';
      body += std::to_string(doc);
      body += ',';
      body += std::to_string(title_tf);
      body += ',';
      body += std::to_string(body_tf);
      body += ']';
    }
    body += "]";
  }
  if (body.size() == 1) return {};
  body += "}";
  return "(window.ANTH_SEARCH_SHARDS=window.ANTH_SEARCH_SHARDS||{})[" + js_json(key) + "]=" + body + ";\n";
}

bool SearchIndexBuilder::finish() {
  if (!flush_chunk()) return false;
  if (!put_meta(sink_)) return false;
  // Shards, each with its terms in order and each term's documents in order.
  shards_.clear();
  for (std::uint32_t id = 0; id < terms_.size(); ++id) shards_[shard_key(terms_[id])].push_back(id);
  shard_keys_.clear();
  for (auto& [key, ids] : shards_) {
    sort_by_term(ids);
    const std::uint64_t made_of = shard_key_of(ids);
    if (made_of == 0) continue;  // no posting: no file
    shard_keys_.emplace(key, made_of);
    const std::string path = "search/t-" + key + ".js";
    auto recorded = recorded_shards_.find(key);
    if (recorded != recorded_shards_.end() && recorded->second == made_of && keep_ && keep_(path)) continue;
    if (!sink_(path, shard_file(key, ids))) return false;
  }
  return true;
}

// What shard_file writes is a function of the shard's terms and their postings, which are hashed as
// they are held (varints): much cheaper than writing them out as text to compare.
std::uint64_t SearchIndexBuilder::shard_key_of(const std::vector<std::uint32_t>& ids) const {
  util::Hasher h;
  bool any = false;
  for (std::uint32_t id : ids) {
    const std::string& list = postings_[id];
    if (list.empty()) continue;  // shard_file skips it too
    any = true;
    h.number(terms_[id].size()).text(terms_[id]).number(list.size()).text(list);  // sizes: the postings are bytes
  }
  return any ? h.digest() : 0;  // a digest is never 0, which says "no file"
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

}  // namespace anth::render::site
