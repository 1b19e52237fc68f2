// A kept search index patched (search_index.h, SearchIndexBuilder::replace): one document's postings
// replaced, then meta.js and the shards of the terms whose counts changed written again.
#include <algorithm>
#include <unordered_map>

#include "render/site/search_index.h"

namespace anth::render::site {

// The posting of `doc` in `term`'s list set to t's counts, or taken out (t null).
void SearchIndexBuilder::set_posting(std::uint32_t term, std::uint32_t doc, const DocTerms::Term* t) {
  struct Posting {
    std::uint32_t doc, title_tf, body_tf;
  };
  std::vector<Posting> list;
  std::string_view in = postings_[term];
  for (std::uint32_t d = 0; !in.empty();) {
    d += get_varint(in);
    std::uint32_t title_tf = get_varint(in), body_tf = get_varint(in);
    if (d != doc) list.push_back({d, title_tf, body_tf});
  }
  if (t) {
    auto at = std::lower_bound(list.begin(), list.end(), doc, [](const Posting& p, std::uint32_t d) { return p.doc < d; });
    list.insert(at, {doc, t->title_tf, t->body_tf});
  }
  std::string& out = postings_[term];
  out.clear();
  std::uint32_t last = 0;
  for (const Posting& p : list) {
    put_varint(out, p.doc - last);
    put_varint(out, p.title_tf);
    put_varint(out, p.body_tf);
    last = p.doc;
  }
  last_doc_[term] = last;
}

void SearchIndexBuilder::replace(std::uint32_t doc, const SearchEntry& before, const SearchEntry& after) {
  // Only the terms whose counts changed: most of a body's terms are as they were after an edit.
  auto counts = [](const DocTerms::Term& t) { return std::pair(t.title_tf, t.body_tf); };
  auto text = [](const SearchEntry& e, const DocTerms::Term& t) { return std::string_view(e.terms.words).substr(t.offset, t.length); };
  std::unordered_map<std::string_view, const DocTerms::Term*> had;
  for (const DocTerms::Term& t : before.terms.terms) had.emplace(text(before, t), &t);
  auto set = [&](std::string_view term, std::uint64_t hash, const DocTerms::Term* now) {
    const std::size_t known = terms_.size();
    std::uint32_t id = term_id(term, hash);
    std::string key = shard_key(term);
    if (terms_.size() > known) shards_[key].push_back(id);  // a term no document had
    set_posting(id, doc, now);
    touched_.insert(std::move(key));
  };
  for (const DocTerms::Term& t : after.terms.terms) {
    auto it = had.find(text(after, t));
    if (it != had.end()) {
      bool same = counts(*it->second) == counts(t);
      had.erase(it);
      if (same) continue;
    }
    set(text(after, t), t.hash, &t);
  }
  for (const auto& [term, t] : had) set(term, t->hash, nullptr);
  total_length_ += static_cast<double>(after.terms.length) - static_cast<double>(before.terms.length);
  metas_[doc] = after.meta;
}

bool SearchIndexBuilder::finish_patch(const FileSink& sink, const std::function<bool(const std::string&)>& drop) {
  if (!put_meta(sink)) return false;
  for (const std::string& key : touched_) {
    std::vector<std::uint32_t> ids = shards_[key];
    sort_by_term(ids);  // a patch appends the terms it adds
    std::string file = shard_file(key, ids), path = "search/t-" + key + ".js";
    if (!(file.empty() ? drop(path) : sink(path, std::move(file)))) return false;
  }
  touched_.clear();
  return true;
}

}  // namespace anth::render::site
