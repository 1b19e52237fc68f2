// Hostile file names and folder trees through the real binary, under a memory cap and a time limit: a
// file name that is not UTF-8 reaches the JSON and SARIF reports escaped (it used to abort them), and a
// folder nested past the walk's depth limit is a finding rather than silence.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

namespace {

using anth::test::TempDir;
using namespace anth::hardening;
using json = nlohmann::json;

// The diagnostics of a JSON report whose file is `file`.
std::vector<json> diagnostics_of(const json& doc, const std::string& file) {
  std::vector<json> out;
  for (const json& d : doc["diagnostics"])
    if (d["file"] == file) out.push_back(d);
  return out;
}

// Runs lint on TMP/corpus in `format` (json or sarif): it must exit 0 or 1 with a report that parses.
json lint_report(const TempDir& tmp, const std::string& format) {
  Limited r = run_limited("lint --corpus corpus --format " + format, tmp.path(), time_limit(30));
  INFO(format << ": status " << r.status << ", stderr: " << r.err);
  REQUIRE((r.status == 0 || r.status == 1));
  json doc = json::parse(r.out, nullptr, false);
  REQUIRE(!doc.is_discarded());
  return doc;
}

}  // namespace

TEST_CASE("hostile tree: a Latin-1 file name is reported escaped in JSON and SARIF", "[hardening][hostile][names]") {
  TempDir tmp;
  tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
  // "café.md" written in Latin-1: the é is the single byte 0xE9. Its id differs from its stem (S007),
  // whose message quotes the name too.
  tmp.write("corpus/lit/caf\xe9.md", lit_note("LIT-2", 2021, "", "Cites [[LIT-1]].\n"));
  const std::string escaped = "lit/caf\\xe9.md";

  json doc = lint_report(tmp, "json");
  bool s007 = false;
  for (const json& d : diagnostics_of(doc, escaped))
    s007 |= d["rule"] == "S007" && d["message"].get<std::string>().find("'caf\\xe9.md'") != std::string::npos;
  CHECK(s007);
  CHECK(doc["summary"]["nodes"] == 2);

  json log = lint_report(tmp, "sarif");
  bool located = false;
  for (const json& result : log["runs"][0]["results"])
    for (const json& loc : result["locations"]) {
      std::string uri = loc["physicalLocation"]["artifactLocation"]["uri"].get<std::string>();
      // Whether percent-encoded or not, the name keeps its stem and its odd byte, and is valid UTF-8.
      located |= uri.find("caf") != std::string::npos && (uri.find("xe9") != std::string::npos ||
                                                           uri.find("%E9") != std::string::npos ||
                                                           uri.find("%5Cxe9") != std::string::npos);
    }
  CHECK(located);
}

TEST_CASE("hostile tree: notes more than 64 folders deep are a finding naming the folder", "[hardening][hostile][depth]") {
  TempDir tmp;
  tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
  std::string deep = "corpus";
  for (int i = 1; i <= 70; ++i) {
    deep += "/d";
    // A note at depth 64 is still read; one at 65 is not, and the folder it is in is reported.
    if (i == 64) tmp.write(deep + "/LIT-64.md", lit_note("LIT-64", 2020));
  }
  tmp.write(deep + "/LIT-70.md", lit_note("LIT-70", 2020));

  json doc = lint_report(tmp, "json");
  CHECK(doc["summary"]["nodes"] == 2);  // LIT-1 and LIT-64
  std::string folder_65;
  for (int i = 1; i <= 65; ++i) folder_65 += i == 1 ? "d" : "/d";
  std::vector<json> found = diagnostics_of(doc, folder_65);
  REQUIRE(found.size() == 1);
  CHECK(found[0]["rule"] == "S008");
  CHECK(found[0]["message"].get<std::string>().find("more than 64 folders deep") != std::string::npos);
  CHECK(found[0]["severity"] == "error");
}
