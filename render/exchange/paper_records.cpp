// The papers of the graph as the bibliography writers see them (bibliography.h).
#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "core/util/case_fold.h"
#include "core/util/natural_order.h"
#include "render/exchange/bibliography.h"

namespace anth::render::exchange {

namespace {

// Fields a bibliographic field already carries.
bool mapped(std::string_view key) {
  static constexpr std::array<std::string_view, 9> keys{"id", "title", "authors", "year", "arxiv", "doi",
                                                       "venue", "url", "tags"};
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

// Words that mark a venue as a conference's or workshop's proceedings rather than a journal.
VenueKind venue_kind(std::string_view venue) {
  if (venue.empty()) return VenueKind::None;
  static constexpr std::array<std::string_view, 17> words{
      "proceedings", "conference", "workshop", "symposium", "findings", "neurips", "nips", "icml", "iclr",
      "acl",         "emnlp",      "naacl",    "cvpr",      "iccv",     "eccv",    "aaai", "interspeech"};
  std::string folded = util::fold_case(venue);
  // Whole words only: "acl" is no proceedings in "Miracles".
  for (std::size_t at = 0; at < folded.size();) {
    std::size_t end = at;
    while (end < folded.size() && std::isalnum(static_cast<unsigned char>(folded[end]))) ++end;
    std::string_view word(folded.data() + at, end - at);
    if (word == "arxiv" || word == "preprint") return VenueKind::None;  // no venue yet: a preprint
    if (std::find(words.begin(), words.end(), word) != words.end()) return VenueKind::Proceedings;
    at = end + 1;
  }
  return VenueKind::Journal;
}

std::string joined(const Field& f) {
  std::string text;
  for (std::size_t i = 0; i < f.items.size(); ++i) {
    if (i) text += ", ";
    if (f.shape == Field::Shape::Map && i < f.keys.size()) text += f.keys[i] + "=";
    text += f.items[i].text;
  }
  return text;
}

}  // namespace

std::vector<PaperRecord> paper_records(const graph::Graph& graph) {
  std::vector<PaperRecord> papers;
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
    const Note& n = graph.note(v);
    if (n.kind != Kind::Lit) continue;
    PaperRecord p{&n, n.id, venue_kind(n.venue), {}};
    for (const Field& f : n.fields)
      if (!mapped(f.key) && !f.items.empty()) p.extra.emplace_back(f.key, joined(f));
    papers.push_back(std::move(p));
  }
  std::sort(papers.begin(), papers.end(), [](const PaperRecord& a, const PaperRecord& b) { return util::natural_less(a.key, b.key); });
  return papers;
}

}  // namespace anth::render::exchange
