// query --text over words Unicode punctuation joins and over CJK text, which has no spaces: a word
// inside a long run of Han or kana is found (its pairs are in the index, core/util/cjk_pairs.h), as
// a phrase of pairs, a lone character, or beside a Latin word; Latin words are found as before.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

RunResult text_query(const TempDir& dir, const std::string& text) {
  return run("cd '" + dir.path().string() + "' && NO_COLOR=1 '" + anthology_binary().string() +
             "' query --text '" + text + "' --sort id --format ids");
}

}  // namespace

TEST_CASE("query: --text finds CJK substrings of long runs and words Unicode punctuation joins", "[query][cli]") {
  TempDir dir;
  // 本稿では統計学的手法による仮説検定の考え方を扱い正規性の検定と分散分析を順に説明する。 (one run, 117 bytes)
  dir.write("pages/Japanese.md",
            "# \u7d71\u8a08\u5b66\n\n\u672c\u7a3f\u3067\u306f\u7d71\u8a08\u5b66\u7684\u624b\u6cd5\u306b\u3088\u308b"
            "\u4eee\u8aac\u691c\u5b9a\u306e\u8003\u3048\u65b9\u3092\u6271\u3044\u6b63\u898f\u6027\u306e\u691c\u5b9a"
            "\u3068\u5206\u6563\u5206\u6790\u3092\u9806\u306b\u8aac\u660e\u3059\u308b\u3002\n");
  // 中文的句子也没有空格所以需要找到词语 and a Latin word beside it.
  dir.write("pages/Chinese.md", "\u4e2d\u6587\u7684\u53e5\u5b50\u4e5f\u6ca1\u6709\u7a7a\u683c\u6240\u4ee5\u9700\u8981"
                                "\u627e\u5230\u8bcd\u8bed Unicode\u6587\u5b57.\n");
  dir.write("pages/Latin.md", "The Jarque\u2013Bera and \u201cShapiro\u201d\u2014Wilk tests, Kolmogorov\u00a0Smirnov\u2026 at the caf\u00e9.\n");
  dir.write("pages/Other.md", "Nothing here but gardens.\n");
  CHECK(text_query(dir, "\u4eee\u8aac\u691c\u5b9a").out == "pages.japanese\n");  // 仮説検定, inside the run
  CHECK(text_query(dir, "\u5206\u6563\u5206\u6790").out == "pages.japanese\n");  // 分散分析, past its 40th byte
  CHECK(text_query(dir, "\u691c").out == "pages.japanese\n");                  // 検 alone: a prefix of its pairs
  CHECK(text_query(dir, "\u308b").out == "pages.japanese\n");                  // る, the run's last character
  CHECK(text_query(dir, "\u8bcd\u8bed").out == "pages.chinese\n");              // 词语, Chinese
  CHECK(text_query(dir, "\u6587").out == "pages.chinese\n");                   // 文: 中文 and 文字
  CHECK(text_query(dir, "unicode \u6587\u5b57").out == "pages.chinese\n");
  CHECK(text_query(dir, "\"\u7d71\u8a08\u5b66\u7684\"").out == "pages.japanese\n");  // a phrase
  CHECK(text_query(dir, "\u7d71\u8a08\u5b66\u3067").status == 1);  // 統計学で: not in that order
  for (const char* word : {"bera", "shapiro", "wilk", "smirnov", "cafe"}) {
    INFO(word);
    CHECK(text_query(dir, word).out == "pages.latin\n");
  }
}
