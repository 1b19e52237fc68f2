#include "core/util/did_you_mean.h"

#include <algorithm>
#include <cctype>

namespace anth::util {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

namespace {

// Whether `word` abbreviates `candidate`: past their common leading dashes, the same first letter and
// every letter of word in candidate in order ("--fmt" of "--format", "lst" of "list").
bool abbreviates(std::string_view word, std::string_view candidate) {
  std::size_t dashes = 0;
  while (dashes < word.size() && dashes < candidate.size() && word[dashes] == '-' && candidate[dashes] == '-') ++dashes;
  word.remove_prefix(dashes);
  candidate.remove_prefix(dashes);
  if (word.size() < 2 || word.size() >= candidate.size() || std::tolower(static_cast<unsigned char>(word[0])) !=
                                                              std::tolower(static_cast<unsigned char>(candidate[0])))
    return false;
  std::size_t j = 0;
  for (char c : candidate)
    if (j < word.size() && std::tolower(static_cast<unsigned char>(c)) == std::tolower(static_cast<unsigned char>(word[j]))) ++j;
  return j == word.size();
}

}  // namespace

std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  // An abbreviation says more than a small edit distance: "--fmt" means --format, not --out.
  std::optional<std::string> shortest;
  for (const std::string& c : candidates)
    if (abbreviates(word, c) && (!shortest || c.size() < shortest->size())) shortest = c;
  if (shortest) return shortest;
  std::size_t limit = std::max<std::size_t>(2, word.size() / 3);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& c : candidates) {
    std::size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

}  // namespace anth::util