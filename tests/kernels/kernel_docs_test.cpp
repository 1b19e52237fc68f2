// Every kernel of the library has its page, docs/kernels/<name>.md, and the page's tables agree with the
// kernel's metadata (render/kernels/templates/<name>.toml): the parameters in order with their type,
// default and range, one claim row per claim, and "**fails**" with practice = 0 exactly for its
// practice_claims. The loop is over the library: a new kernel needs no edit here.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>
#include <vector>

#include "core/model/kernel_catalog.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::test;

namespace {

std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::size_t start = 1;
  for (std::size_t bar; (bar = row.find(" | ", start)) != std::string::npos || start < row.size(); start = bar + 3) {
    if (bar == std::string::npos) bar = row.size() - 2;  // the last cell, before " |"
    std::string cell = row.substr(start, bar - start);
    while (!cell.empty() && cell.front() == ' ') cell.erase(0, 1);
    out.push_back(cell);
    if (bar + 3 > row.size()) break;
  }
  return out;
}

double number(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

}  // namespace

TEST_CASE("kernel docs: every kernel's page agrees with its metadata", "[kernels]") {
  for (const KernelInfo& k : kernel_library()) {
    INFO(k.name);
    const fs::path page = source_dir() / "docs" / "kernels" / (k.name + ".md");
    REQUIRE(fs::exists(page));
    std::istringstream lines(read_file(page));
    std::string line;
    std::getline(lines, line);
    CHECK(line.rfind("# `" + k.name + "`", 0) == 0);
    std::vector<std::vector<std::string>> params, claims;
    while (std::getline(lines, line)) {
      if (line.rfind("| `", 0) == 0) params.push_back(cells(line));
      else if (line.size() > 2 && line.rfind("| ", 0) == 0 && std::isdigit(static_cast<unsigned char>(line[2])))
        claims.push_back(cells(line));
    }
    REQUIRE(params.size() == k.params.size());
    for (std::size_t i = 0; i < params.size(); ++i) {
      const KernelParam& p = k.params[i];
      INFO(p.name);
      REQUIRE(params[i].size() >= 4);
      CHECK(params[i][0] == "`" + p.name + "`");
      CHECK(params[i][1] == (p.integer ? "integer" : "real"));
      CHECK(number(params[i][2]) == Approx(p.default_value));
      const std::string& range = params[i][3];
      REQUIRE(range.find(" .. ") != std::string::npos);
      CHECK(number(range.substr(0, range.find(" .. "))) == Approx(p.minimum));
      CHECK(number(range.substr(range.find(" .. ") + 4)) == Approx(p.maximum));
    }
    REQUIRE(claims.size() == static_cast<std::size_t>(k.claims));
    std::vector<int> failing;
    for (std::size_t i = 0; i < claims.size(); ++i) {
      CHECK(claims[i][0] == std::to_string(i + 1));
      if (claims[i].back().find("**fails**") != std::string::npos) failing.push_back(static_cast<int>(i + 1));
    }
    CHECK(failing == k.practice_claims);
  }
}
