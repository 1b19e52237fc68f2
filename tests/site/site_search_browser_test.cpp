// The site's search over words that Unicode punctuation and spaces join, accents and CJK text without
// spaces (tests/fixtures/vault-search), in headless Chromium from file:// by
// tests/site/site_search_checks.py; and search.js's split of sample texts held to the build's
// (render/site/search_index.h's search_terms), term for term. Skipped without /usr/bin/chromium.
#include <catch2/catch.hpp>

#include <fstream>

#include <nlohmann/json.hpp>

#include "render/site/search_index.h"
#include "tests/site/site_test_support.h"
#include "tests/site/vault_fixture.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

// table: texts of many scripts and of the edges of the rule.
const char* const samples[] = {
    "Jarque\u2013Bera \u201cShapiro\u201d\u2014Wilk Kolmogorov\u00a0Smirnov\u2026 \u00abLilliefors\u00bb",
    "Caf\u00e9 \u00c9COLE Cafe\u0301 \u00c5ngstr\u00f6m na\u00efve Stra\u00dfe \u0130stanbul \u0131l\u0131k",
    "\u03a3\u039f\u03a6\u039f\u03a3 \u03c3\u03bf\u03c6\u03bf\u03c2 \u1f08\u03b8\u1fc6\u03bd\u03b1\u03b9 \u041c\u043e\u0441\u043a\u0432\u0430 \u0401\u043b\u043a\u0430",
    "\u0915\u093f\u0924\u093e\u092c \u0645\u064f\u062d\u064e\u0645\u064e\u0651\u062f \u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd \u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22",
    "\u672c\u7a3f\u3067\u306f\u7d71\u8a08\u5b66\u7684\u624b\u6cd5\u3002\ud55c\uad6d\uc5b4\ub97c \u30ab\u3099\u30ad \uff76\uff9e\uff77 \u3005\u4eba",
    "abc\u6f22\u5b57def x\u00b2 \u2460 \uff21\uff22\uff23 emoji\U0001F600here \U00020000\U00020001 don't snake_case",
    "The entropy of an attention head, in 2023: \u03c3Reparam; e.g. 3.14 and U.S.A.",
};

}  // namespace

TEST_CASE("site search: Unicode punctuation, accents and CJK substrings are found in Chromium", "[site][browser][search]") {
  const fs::path chromium = "/usr/bin/chromium";
  if (!have_chromium(chromium)) return;
  TempDir dir;
  // The terms the build makes of each sample, for search.js to make the same.
  nlohmann::json expected = nlohmann::json::array();
  for (const char* text : samples) expected.push_back({{"text", text}, {"terms", anth::render::site::search_terms(text)}});
  const fs::path site = dir.path() / "site", terms = dir.path() / "terms.json";
  std::ofstream(terms) << expected.dump();
  RunResult built = build_site(dir.path(), copy_vault(dir, "vault-search"), site);
  INFO(built.err);
  REQUIRE(built.status == 0);
  RunResult r = run_browser_checks("site_search_checks.py", chromium, site, dir.path() / "shots", shell_arg(terms));
  INFO(r.out << r.err);
  for (const char* what : {"bera finds Normality tests", "shapiro finds Normality tests", "smirnov finds Normality tests",
                           "cafe finds Caf\u00e9 \u00e9tude", "\u4eee\u8aac\u691c\u5b9a finds \u7d71\u8a08\u5b66\u306e\u624b\u6cd5",
                           "\u5206\u6563\u5206\u6790 finds \u7d71\u8a08\u5b66\u306e\u624b\u6cd5",
                           "\u691c finds \u7d71\u8a08\u5b66\u306e\u624b\u6cd5",
                           "search.js splits every sample as the build does"})
    CHECK(r.out.find(std::string("ok ") + what + "\n") != std::string::npos);
  CHECK(r.out.find("FAIL") == std::string::npos);
}
