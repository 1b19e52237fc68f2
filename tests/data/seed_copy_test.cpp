// The copy check of the bundled record (docs/record.md, "Own words"): no note of data/ may share a run
// of ten or more words with a seed page (shared/seeds/*.txt, text copies of the real anthology).
//
// Words: the text is cut at every character that is not a letter or digit (ASCII letters and digits,
// and any non-ASCII character outside Latin-1 punctuation U+00A0-U+00BF, × and ÷, general punctuation
// U+2000-U+206F, arrows and mathematical operators U+2190-U+22FF); ASCII letters are lowercased.
// Markdown goes first: a wikilink [[target|shown]] counts as its shown text, [[target]] as its target,
// a link [text](url) as its text; emphasis, code ticks and heading marks are punctuation anyway. Runs
// continue across line breaks (seed pages are wrapped mid-sentence).
//
// Skipped: in a note's frontmatter the `title:` and `aliases:` keys with their indented continuation
// lines; in its body the list items under a heading named "Sources" or "References" (reference
// strings). A skipped line ends a run; a heading is a run of its own (a page's section names, such as
// "Standing in the anthology", are shared with the seeds by design). In a seed page every occurrence of the title of a note of
// data/ that has five words or more also ends a run, so the node titles the seeds list may stay.
//
// The seeds live beside the checkout (CI clones main with a copy of shared/ next to it):
// source_dir()/../shared/seeds, or the folder named by ANTHOLOGY_SEEDS_DIR. Without them the test
// says "TEST SKIPPED" (a WARN: Catch2 v2 has no SKIP) and ctest reports it as skipped.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

struct Word {
  std::string text;
  int line = 0;  // 1-based line of the note
};
using Run = std::vector<Word>;  // words with nothing skipped between them

// Non-ASCII code points that are punctuation or symbols, not letters.
bool punctuation(char32_t c) {
  return (c >= 0xA0 && c <= 0xBF) || c == 0xD7 || c == 0xF7 || (c >= 0x2000 && c <= 0x206F) ||
         (c >= 0x2190 && c <= 0x22FF);
}

// Decodes the UTF-8 sequence at s[i] (advancing i); malformed bytes count as one code point each.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  unsigned char b = static_cast<unsigned char>(s[i]);
  int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  char32_t c = extra == 3 ? b & 0x07 : extra == 2 ? b & 0x0F : extra == 1 ? b & 0x1F : b;
  ++i;
  for (int k = 0; k < extra && i < s.size(); ++k, ++i) c = (c << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
  return c;
}

// Markdown a reader does not see: a wikilink becomes its shown text, a link its text.
std::string strip_markdown(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size();) {
    if (line.compare(i, 2, "[[") == 0) {
      std::size_t end = line.find("]]", i + 2);
      if (end != std::string_view::npos) {
        std::string_view inner = line.substr(i + 2, end - i - 2);
        std::size_t bar = inner.find('|');
        out += bar == std::string_view::npos ? inner : inner.substr(bar + 1);
        i = end + 2;
        continue;
      }
    }
    if (line[i] == ']' && line.compare(i, 2, "](") == 0) {
      std::size_t end = line.find(')', i + 2);
      if (end != std::string_view::npos) {
        i = end + 1;
        continue;
      }
    }
    out += line[i++];
  }
  return out;
}

std::vector<std::string> words_of(std::string_view raw) {
  std::string line = strip_markdown(raw);
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = 0; i < line.size();) {
    std::size_t start = i;
    char32_t c = next_code_point(line, i);
    bool letter = c < 0x80 ? std::isalnum(static_cast<int>(c)) != 0 : !punctuation(c);
    if (letter) {
      if (c < 0x80) word += static_cast<char>(std::tolower(static_cast<int>(c)));
      else word.append(line, start, i - start);
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Whether a body line is a heading, and if so its lowercased text.
bool heading(std::string_view line, std::string* text) {
  if (!starts_with(line, "#")) return false;
  std::vector<std::string> w = words_of(line);
  *text = "";
  for (const std::string& s : w) *text += (text->empty() ? "" : " ") + s;
  return true;
}

// A note as runs of words, without its skipped lines; its title (unquoted) into *title.
std::vector<Run> note_runs(const std::string& text, std::string* title) {
  std::vector<std::string> lines = lines_of(text);
  std::vector<Run> runs(1);
  auto cut = [&] {
    if (!runs.back().empty()) runs.emplace_back();
  };
  bool in_front = !lines.empty() && lines[0] == "---";
  bool skipping_key = false, in_references = false;
  for (std::size_t n = in_front ? 1 : 0; n < lines.size(); ++n) {
    const std::string& line = lines[n];
    bool skip = false;
    if (in_front) {
      if (line == "---") {
        in_front = false;
        cut();
        continue;
      }
      bool continuation = starts_with(line, " ") || starts_with(line, "\t");
      if (!continuation) skipping_key = starts_with(line, "title:") || starts_with(line, "aliases:");
      if (starts_with(line, "title:") && title) {
        *title = line.substr(6);
        title->erase(0, title->find_first_not_of(" \"'"));
        title->erase(title->find_last_not_of(" \"'") + 1);
      }
      skip = skipping_key;
    } else {
      std::string h;
      if (heading(line, &h)) {  // a heading stands alone: its words start and end a run
        in_references = h == "sources" || h == "references";
        cut();
        for (std::string& w : words_of(line)) runs.back().push_back(Word{std::move(w), static_cast<int>(n + 1)});
        cut();
        continue;
      }
      std::string_view trimmed = std::string_view(line).substr(std::min(line.size(), line.find_first_not_of(" \t")));
      bool item = starts_with(trimmed, "- ") || starts_with(trimmed, "* ") ||
                  (!trimmed.empty() && std::isdigit(static_cast<unsigned char>(trimmed[0])) && trimmed.find(". ") != std::string_view::npos);
      skip = in_references && item;
    }
    if (skip) {
      cut();
      continue;
    }
    for (std::string& w : words_of(line)) runs.back().push_back(Word{std::move(w), static_cast<int>(n + 1)});
  }
  if (runs.back().empty()) runs.pop_back();
  return runs;
}

// A seed page as runs of words, cut wherever one of `titles` occurs.
std::vector<Run> seed_runs(const std::string& text, const std::vector<std::vector<std::string>>& titles) {
  std::vector<std::string> words = words_of(text);  // one string: line breaks are spaces
  std::vector<bool> in_title(words.size(), false);
  for (const auto& t : titles)
    for (auto it = words.begin(); (it = std::search(it, words.end(), t.begin(), t.end())) != words.end(); ++it)
      std::fill_n(in_title.begin() + (it - words.begin()), t.size(), true);
  std::vector<Run> runs(1);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (in_title[i]) {
      if (!runs.back().empty()) runs.emplace_back();
    } else {
      runs.back().push_back(Word{words[i], 0});
    }
  }
  return runs;
}

std::string join(const Run& run, std::size_t from, std::size_t count) {
  std::string out;
  for (std::size_t k = from; k < from + count; ++k) out += (k == from ? "" : " ") + run[k].text;
  return out;
}

struct Shared {
  int line = 0;
  std::size_t words = 0;
  std::string seed, text;
};

// Every maximal run of at least `min` words of `note` that also occurs, `min` words at a time, in a seed.
std::vector<Shared> shared_runs(const std::vector<Run>& note, const std::map<std::string, std::vector<Run>>& seeds,
                                std::size_t min = 10) {
  std::map<std::string, std::string> windows;  // `min` words -> the seed holding them
  for (const auto& [name, runs] : seeds)
    for (const Run& r : runs)
      for (std::size_t i = 0; i + min <= r.size(); ++i) windows.emplace(join(r, i, min), name);
  std::vector<Shared> found;
  for (const Run& r : note) {
    std::vector<bool> covered(r.size(), false);
    std::vector<std::string> seed_at(r.size());
    for (std::size_t i = 0; i + min <= r.size(); ++i)
      if (auto w = windows.find(join(r, i, min)); w != windows.end()) {
        std::fill_n(covered.begin() + i, min, true);
        if (seed_at[i].empty()) seed_at[i] = w->second;
      }
    for (std::size_t i = 0; i < r.size();) {
      if (!covered[i]) {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < r.size() && covered[j]) ++j;
      found.push_back(Shared{r[i].line, j - i, seed_at[i], join(r, i, j - i)});
      i = j;
    }
  }
  return found;
}

fs::path seeds_dir() {
  if (const char* env = std::getenv("ANTHOLOGY_SEEDS_DIR"); env && *env) return env;
  return (source_dir() / ".." / "shared" / "seeds").lexically_normal();
}

}  // namespace

TEST_CASE("seed copy: words are lowercased and cut at punctuation, markdown shown as read", "[data][seeds]") {
  CHECK(words_of("**Path length** is [[LIT-709|Primer]]'s [point](https://x.y/z), d_k = 64 — √d") ==
        std::vector<std::string>{"path", "length", "is", "primer", "s", "point", "d", "k", "64", "d"});
  CHECK(words_of("the model’s σReparam") == std::vector<std::string>{"the", "model", "s", "σreparam"});
}

TEST_CASE("seed copy: a ten-word run is found, titles, aliases and reference lines are not", "[data][seeds]") {
  const std::string seed = "Intro. One two three four five six seven eight nine ten eleven. Alpha beta gamma delta epsilon "
                           "zeta eta theta iota kappa. A Long Title Of Six Words here and there.";
  const std::vector<std::vector<std::string>> titles = {words_of("a long title of six words")};
  std::map<std::string, std::vector<Run>> seeds{{"seed.txt", seed_runs(seed, titles)}};
  const std::string note =
      "---\ntitle: Alpha beta gamma delta epsilon zeta eta theta iota kappa\naliases:\n  - One two three four five six "
      "seven eight nine ten\n---\nWe say: one two three four five\nsix seven eight nine ten, and stop.\n"
      "Nine words: one two three four five six seven eight nine.\n## Sources\n- Alpha beta gamma delta epsilon zeta "
      "eta theta iota kappa.\n\n## Later\nIntro a long title of six words here and there again.\n";
  std::string title;
  std::vector<Shared> found = shared_runs(note_runs(note, &title), seeds);
  CHECK(title == "Alpha beta gamma delta epsilon zeta eta theta iota kappa");
  REQUIRE(found.size() == 1);
  CHECK(found[0].line == 6);
  CHECK(found[0].words == 10);
  CHECK(found[0].seed == "seed.txt");
  CHECK(found[0].text == "one two three four five six seven eight nine ten");
  // The same list item outside a "Sources" section is prose, and counts.
  std::string moved = note;
  moved.replace(moved.find("## Sources"), 10, "## Notes");
  CHECK(shared_runs(note_runs(moved, nullptr), seeds).size() == 2);
}

TEST_CASE("seed copy: no note of data/ shares ten words in a row with a seed page", "[data][seeds]") {
  const fs::path seeds = seeds_dir();
  if (!fs::is_directory(seeds)) {
    WARN("TEST SKIPPED: no seed pages at " << seeds.string()
                                           << " (set ANTHOLOGY_SEEDS_DIR to the folder of shared/seeds to run it)");
    return;
  }
  std::map<std::string, std::vector<Run>> notes;
  std::vector<std::vector<std::string>> titles;
  for (const auto& entry : fs::recursive_directory_iterator(source_dir() / "data")) {
    if (entry.path().extension() != ".md") continue;
    std::string title;
    notes[fs::relative(entry.path(), source_dir() / "data").generic_string()] = note_runs(read_file(entry.path()), &title);
    if (std::vector<std::string> t = words_of(title); t.size() >= 5) titles.push_back(t);
  }
  std::map<std::string, std::vector<Run>> pages;
  for (const auto& entry : fs::directory_iterator(seeds))
    if (entry.path().extension() == ".txt") pages[entry.path().filename().string()] = seed_runs(read_file(entry.path()), titles);
  REQUIRE(pages.size() >= 4);
  REQUIRE(notes.size() >= 69);

  std::string report;
  for (const auto& [file, runs] : notes)
    for (const Shared& s : shared_runs(runs, pages))
      report += file + ":" + std::to_string(s.line) + ": " + std::to_string(s.words) + " words of " + s.seed + ": \"" + s.text + "\"\n";
  INFO("reword these in the project's own words:\n" << report);
  CHECK(report.empty());
}
