// The glossary matcher: the names of the TERMs found in text case-insensitively (Unicode's case
// folding, as links compare names), at word boundaries, the longest name winning and a name belonging to the first id that has it. The trie
// walk is checked against a plain matcher that tries every name at every word start.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "core/model/corpus.h"
#include "render/site/glossary.h"

using namespace anth;
using namespace anth::render::site;

namespace {

Note term(std::string id, std::string title, std::vector<std::string> aliases = {}) {
  Note n;
  n.id = std::move(id);
  n.path = "terms/" + n.id + ".md";
  n.kind = Kind::Term;
  n.title = std::move(title);
  n.aliases = std::move(aliases);
  n.short_definition = "a definition";
  return n;
}

Corpus corpus_of(std::vector<Note> notes) {
  Corpus c;
  c.notes = std::move(notes);
  c.index_ids();
  return c;
}

// The random texts below hold no non-ASCII character but "é", a letter: every byte of it is a word byte.
bool word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || static_cast<unsigned char>(c) >= 0x80;
}
char folded(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = folded(c);
  return out;
}

// The matcher as specified, slowly: at every word start, every name, the longest that fits wins.
std::vector<TermMatch> plain_scan(const Corpus& c, const Glossary& g, std::string_view text) {
  std::map<std::string, std::size_t> owner;  // folded name -> term index; the first id keeps it
  for (std::size_t t = 0; t < g.terms().size(); ++t) {
    const Note* n = c.find(g.terms()[t].id);
    std::vector<std::string> names{n->title};
    names.insert(names.end(), n->aliases.begin(), n->aliases.end());
    for (const std::string& name : names)
      if (!name.empty() && word(name.front()) && word(name.back())) owner.emplace(fold(name), t);
  }
  std::string text_folded = fold(text);
  std::vector<TermMatch> out;
  for (std::size_t i = 0; i < text.size();) {
    if (!word(text[i]) || (i > 0 && word(text[i - 1]))) {
      ++i;
      continue;
    }
    std::size_t best = 0, best_term = 0;
    for (const auto& [name, t] : owner) {
      std::size_t n = name.size();
      if (n > best && text_folded.compare(i, n, name) == 0 && (i + n == text.size() || !word(text[i + n]))) {
        best = n;
        best_term = t;
      }
    }
    if (best) {
      out.push_back({i, best, best_term});
      i += best;
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<std::string> found(const Glossary& g, std::string_view text) {
  std::vector<std::string> out;
  for (const TermMatch& m : g.scan(text))
    out.push_back(g.terms()[m.term].id + "@" + std::to_string(m.offset) + "+" + std::to_string(m.length));
  return out;
}

using Found = std::vector<std::string>;

}  // namespace

TEST_CASE("site: glossary names overlapping at one start: the longest that ends at a boundary wins", "[site][glossary]") {
  Corpus c = corpus_of({term("attention", "attention"), term("attention-entropy", "attention entropy"),
                        term("entropy", "entropy"), term("entropy-collapse", "entropy collapse")});
  Glossary g(c);
  CHECK(found(g, "attention entropy collapse") == Found{"attention-entropy@0+17"});  // "collapse" alone is no name
  CHECK(found(g, "entropy collapse of attention") == Found{"entropy-collapse@0+16", "attention@20+9"});
  // The longer name does not end at a boundary here, so the shorter one is the match.
  CHECK(found(g, "attention entropyx") == Found{"attention@0+9"});
  CHECK(found(g, "attention entrop") == Found{"attention@0+9"});
  // After a match the scan goes on after it: "entropy" inside the longer match is not matched again.
  CHECK(found(g, "attention entropy, entropy") == Found{"attention-entropy@0+17", "entropy@19+7"});
}

TEST_CASE("site: glossary names match whole words only", "[site][glossary]") {
  Corpus c = corpus_of({term("norm", "norm"), term("gpt", "GPT"), term("x", "x"), term("self-attention", "self-attention"),
                        term("attention", "attention")});
  Glossary g(c);
  CHECK(found(g, "normal norms abnorm norm") == Found{"norm@20+4"});
  CHECK(found(g, "GPT2 and GPT-2 and (GPT)") == Found{"gpt@9+3", "gpt@20+3"});
  CHECK(found(g, "x-ray, x2, 2x and x") == Found{"x@0+1", "x@18+1"});
  // A hyphen is a boundary: inside "self-attention" the longer name wins at its start.
  CHECK(found(g, "self-attention and attention-like") == Found{"self-attention@0+14", "attention@19+9"});
  CHECK(found(g, "myself-attention") == Found{"attention@7+9"});
  // Letters of any script make words: "énorm" and "normé" are other words; a dash or a non-breaking
  // space is a boundary, and so is a byte that is not UTF-8.
  CHECK(found(g, "\xc3\xa9norm norm\xc3\xa9 \xe2\x80\x94norm\xc2\xa0norm\xe9") == Found{"norm@17+4", "norm@23+4"});
  CHECK(found(g, "") == Found{});
}

TEST_CASE("site: glossary names fold case, and the first id keeps a name two terms share", "[site][glossary]") {
  Corpus c = corpus_of({term("b-norm", "QK norm"), term("a-norm", "QK-Norm", {"qk NORM"}), term("c", "-dash-", {"ok!"})});
  Glossary g(c);
  // a-norm comes first by id: "qk norm" is its alias, so b-norm's title never matches.
  CHECK(found(g, "Qk Norm and QK-NORM") == Found{"a-norm@0+7", "a-norm@12+7"});
  // Names that do not start and end with a letter or digit have no boundaries: never matched.
  CHECK(found(g, "-dash- ok!") == Found{});
}

TEST_CASE("site: glossary names fold case as links do, in every script", "[site][glossary]") {
  Corpus c = corpus_of({term("ueber-norm", "\xc3\x9c" "ber-Norm"), term("sisyphus", "\xce\xa3\xce\xaf\xcf\x83\xcf\x85\xcf\x86\xce\xbf\xcf\x82"),
                        term("vnimanie", "\xd0\x92\xd0\xbd\xd0\xb8\xd0\xbc\xd0\xb0\xd0\xbd\xd0\xb8\xd0\xb5"), term("strasse", "Stra\xc3\x9f" "e")});
  Glossary g(c);
  // "Über-Norm" in lower case, and with a decomposed "U" + combining diaeresis.
  CHECK(found(g, "the \xc3\xbc" "ber-norm and U\xcc\x88" "BER-NORM") == Found{"ueber-norm@4+10", "ueber-norm@19+11"});
  // Greek "Σίσυφος" in capitals (its final sigma folds like the others), Cyrillic "Внимание" in capitals.
  CHECK(found(g, "\xce\xa3\xce\x8a\xce\xa3\xce\xa5\xce\xa6\xce\x9f\xce\xa3, \xd0\x92\xd0\x9d\xd0\x98\xd0\x9c\xd0\x90\xd0\x9d\xd0\x98\xd0\x95") ==
        Found{"sisyphus@0+14", "vnimanie@16+16"});
  // Full folding: "STRASSE" is "Straße"; inside a longer Cyrillic word, no match.
  CHECK(found(g, "STRASSE \xd0\xb2\xd0\xbd\xd0\xb8\xd0\xbc\xd0\xb0\xd0\xbd\xd0\xb8\xd0\xb5\xd0\xbc") == Found{"strasse@0+7"});
}

TEST_CASE("site: the glossary trie finds what trying every name finds", "[site][glossary]") {
  // Names built from a few syllables, so that they share prefixes, nest and overlap.
  const std::vector<std::string> parts = {"a", "ab", "b", "ba", "abc", "c"};
  std::mt19937 random(20261130);
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
  std::vector<Note> notes;
  for (int t = 0; t < 40; ++t) {
    auto name = [&] {
      std::string s = parts[pick(parts.size())];
      for (std::size_t k = pick(3); k > 0; --k) s += std::string(pick(2) ? " " : "-") + parts[pick(parts.size())];
      if (pick(3) == 0) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
      return s;
    };
    notes.push_back(term("t" + std::to_string(100 + t), name(), {name(), name()}));
  }
  Corpus c = corpus_of(notes);
  Glossary g(c);
  const std::vector<std::string> glue = {" ", "-", "", ", ", "1", "\xc3\xa9", "B", "  "};
  for (int round = 0; round < 500; ++round) {
    std::string text;
    for (std::size_t k = 1 + pick(12); k > 0; --k) text += parts[pick(parts.size())] + glue[pick(glue.size())];
    INFO(text);
    auto expected = plain_scan(c, g, text);
    auto actual = g.scan(text);
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
      CHECK(actual[i].offset == expected[i].offset);
      CHECK(actual[i].length == expected[i].length);
      CHECK(actual[i].term == expected[i].term);
    }
  }
}
