// The kernel catalogue, request checking (K001, K002), and what the emitter writes: parameters as exact
// literals, overrides honoured, titles and ids escaped.
#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>

#include "core/util/embedded_assets.h"
#include "render/kernels/kernel_library.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::render::kernels;

namespace {

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (const char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("kernel library: every kernel of docs/kernels.md is in the library, with a template", "[kernels]") {
  const std::set<std::string> required = {"sdpa_scale", "qk_norm",        "rmsnorm",       "sigma_reparam", "entropy_bound",
                                          "qk_clip",    "z_loss",         "parallel_block", "primer_ez"};
  std::set<std::string> names;
  for (const auto& kernel : kernel_library()) {
    INFO(kernel.name);
    CHECK(names.insert(kernel.name).second);
    CHECK(is_identifier(kernel.name));
    CHECK_FALSE(kernel.practice.empty());
    CHECK_FALSE(kernel.formula.empty());
    CHECK_FALSE(kernel.papers.empty());
    const auto text = anth::util::embedded_asset(kernel_template_path(kernel.name));
    REQUIRE(text);
    CHECK(count(std::string(*text), "//{{header}}") == 1);
    CHECK(count(std::string(*text), "//{{parameters}}") == 1);
    CHECK(count(std::string(*text), "//{{support}}") == 1);
    CHECK(std::string(*text).find("std::normal_distribution") == std::string::npos);
  }
  for (const auto& name : required) CHECK(names.count(name) == 1);

  // Every emitted program carries the same generator (splitmix64, Box-Muller) and the same RESULT printer.
  std::set<std::string> shared_blocks;
  for (const auto& kernel : kernel_library()) {
    const std::string text = emit_kernel_source({"SOTA-1", "A practice", kernel.name, {}});
    const auto from = text.find("// ---- Deterministic random numbers");
    REQUIRE(from != std::string::npos);
    const auto to = text.find("\n// ---- The", from + 1);
    REQUIRE(to != std::string::npos);
    shared_blocks.insert(text.substr(from, to - from));
  }
  CHECK(shared_blocks.size() == 1);
  const KernelInfo* qk = find_kernel("qk_norm");
  REQUIRE(qk);
  CHECK(qk->variants == std::vector<std::string>{"layernorm", "rmsnorm", "l2"});
}

TEST_CASE("kernel library: each kernel is read from the metadata beside its template, and bad metadata is refused",
          "[kernels]") {
  for (const auto& kernel : kernel_library()) {
    INFO(kernel.name);
    CHECK(anth::util::embedded_asset(kernel_metadata_path(kernel.name)));
    CHECK(kernel.claims >= 3);
    CHECK_FALSE(kernel.practice_claims.empty());
    CHECK(kernel.params.front().name == "seed");
    CHECK(kernel.params.back().name == "practice");
  }
  CHECK(find_param(*find_kernel("qk_clip"), "seed")->default_value == 7);
  const std::string good = "name = \"k\"\npractice = \"p\"\nformula = \"f\"\npapers = \"x\"\nclaims = 3\npractice_claims = [2]\n"
                           "[[param]]\nname = \"n\"\ninteger = true\ndefault = 4\nrange = [1, 8]\nmeaning = \"m\"\n";
  const KernelInfo k = parse_kernel_metadata("k.toml", good);
  CHECK(k.name == "k");
  REQUIRE(k.params.size() == 3);
  CHECK(k.params[1].name == "n");
  CHECK(k.params[1].integer);
  CHECK(k.params[1].maximum == 8);
  CHECK(k.practice_claims == std::vector<int>{2});
  auto refused = [&](const std::string& text) {
    try {
      parse_kernel_metadata("k.toml", text);
    } catch (const std::logic_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(refused("name = \"k\"\npractice = 1\n").find("needs `practice`, a string") != std::string::npos);
  CHECK(refused("name = = \"k\"\n").find("k.toml") != std::string::npos);
  CHECK(refused(good.substr(0, good.find("claims"))).find("needs `claims`") != std::string::npos);
  std::string bad_claim = good;
  bad_claim.replace(bad_claim.find("[2]"), 3, "[4]");
  CHECK(refused(bad_claim).find("practice_claims names claim 4 of 3") != std::string::npos);
  std::string no_range = good;
  no_range.replace(no_range.find("range = [1, 8]"), 14, "range = [1]");
  CHECK(refused(no_range).find("parameter n: needs `range = [minimum, maximum]`") != std::string::npos);
}

TEST_CASE("kernel library: parameters have sane defaults and ranges, and every kernel has seed and practice",
          "[kernels]") {
  for (const auto& kernel : kernel_library()) {
    std::set<std::string> seen;
    for (const auto& param : kernel.params) {
      INFO(kernel.name << "." << param.name);
      CHECK(is_identifier(param.name));
      CHECK(seen.insert(param.name).second);
      CHECK(param.minimum <= param.default_value);
      CHECK(param.default_value <= param.maximum);
      CHECK(param_value_problem(param, param.default_value).empty());
      CHECK_FALSE(param.meaning.empty());
      if (param.integer) {
        CHECK(std::floor(param.default_value) == param.default_value);
        CHECK(std::floor(param.minimum) == param.minimum);
        CHECK(std::floor(param.maximum) == param.maximum);
      }
    }
    const KernelParam* practice = find_param(kernel, "practice");
    REQUIRE(practice);
    CHECK(practice->integer);
    CHECK(practice->default_value == 1);
    CHECK(practice->minimum == 0);
    CHECK(practice->maximum == 1);
    REQUIRE(find_param(kernel, "seed"));
    CHECK(find_param(kernel, "seed")->integer);
    CHECK(find_param(kernel, "no_such_param") == nullptr);
  }
}

TEST_CASE("kernel library: names with and without a variant", "[kernels]") {
  CHECK(split_kernel_name("qk_norm.rmsnorm") == std::make_pair(std::string("qk_norm"), std::string("rmsnorm")));
  CHECK(split_kernel_name("qk_norm") == std::make_pair(std::string("qk_norm"), std::string()));
  CHECK(split_kernel_name("") == std::make_pair(std::string(), std::string()));
  REQUIRE(find_kernel("qk_norm.l2"));
  CHECK(find_kernel("qk_norm.l2")->name == "qk_norm");
  CHECK(find_kernel("qk_norm.layernorm"));
  CHECK(find_kernel("qk_norm.bogus") == nullptr);
  CHECK(find_kernel("qk_norm.") == nullptr);
  CHECK(find_kernel("sdpa_scale.rmsnorm") == nullptr);
  CHECK(find_kernel("no_such_kernel") == nullptr);
  CHECK(find_kernel("") == nullptr);
  CHECK(find_kernel("z_loss"));
}

TEST_CASE("kernel requests: unknown kernels, variants and parameters, and values out of range", "[kernels]") {
  using Kind = RequestProblem::Kind;
  CHECK(check_kernel_request({"SOTA-1", "t", "qk_norm", {}}).empty());
  CHECK(check_kernel_request({"SOTA-1", "t", "qk_norm.rmsnorm", {{"weight_scale", 100}, {"practice", 0}}}).empty());

  auto problems = check_kernel_request({"SOTA-1", "t", "flash_attention", {}});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].kind == Kind::unknown_kernel);
  CHECK(problems[0].message.find("flash_attention") != std::string::npos);

  problems = check_kernel_request({"SOTA-1", "t", "qk_norm.softmax", {}});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].kind == Kind::unknown_variant);
  CHECK(problems[0].message.find("layernorm, rmsnorm, l2") != std::string::npos);

  problems = check_kernel_request({"SOTA-1", "t", "sdpa_scale",
                                   {{"d_k", 1000}, {"temperature", 1}, {"keys", 164.5}, {"practice", 2},
                                    {"seed", std::numeric_limits<double>::quiet_NaN()}, {"queries", 50}}});
  REQUIRE(problems.size() == 5);
  CHECK(problems[0].kind == Kind::out_of_range);
  CHECK(problems[0].param == "d_k");
  CHECK(problems[0].message == "kernel parameter d_k = 1000 is outside [16, 64]");
  CHECK(problems[1].kind == Kind::unknown_param);
  CHECK(problems[1].param == "temperature");
  CHECK(problems[2].kind == Kind::not_integer);
  CHECK(problems[2].message == "kernel parameter keys = 164.5 is not an integer");
  CHECK(problems[3].kind == Kind::out_of_range);
  CHECK(problems[3].param == "practice");
  CHECK(problems[4].kind == Kind::out_of_range);
  CHECK(problems[4].param == "seed");

  const KernelParam& weight = *find_param(*find_kernel("qk_norm"), "weight_scale");
  CHECK(param_value_problem(weight, weight.minimum).empty());
  CHECK(param_value_problem(weight, weight.maximum).empty());
  CHECK_FALSE(param_value_problem(weight, std::nextafter(weight.maximum, 1e300)).empty());
  CHECK_FALSE(param_value_problem(weight, std::numeric_limits<double>::infinity()).empty());

  CHECK_THROWS_AS(emit_kernel_source({"SOTA-1", "t", "flash_attention", {}}), std::invalid_argument);
  CHECK_THROWS_AS(emit_kernel_source({"SOTA-1", "t", "sdpa_scale", {{"d_k", 1000}}}), std::invalid_argument);
  CHECK_THROWS_AS(emit_kernel_source({"SOTA-1", "t", "qk_norm.softmax", {}}), std::invalid_argument);
}

TEST_CASE("kernel parameters are written as exact C++ literals", "[kernels]") {
  const KernelParam real{"x", 0, -1e308, 1e308, false, "m"};
  const KernelParam integer{"n", 0, 0, 1e15, true, "m"};
  CHECK(param_literal(integer, 64) == "64");
  CHECK(param_literal(integer, 4294967295.0) == "4294967295");
  CHECK(param_literal(real, 8) == "8.0");
  CHECK(param_literal(real, 0.0001) == "1e-04");
  CHECK(param_literal(real, 0.25) == "0.25");
  CHECK(param_literal(real, -2.5) == "-2.5");
  for (const double v : {0.1, 1e-4, 1.0 / 3.0, 1e300, 5e-324, 123456789.125, -7.0, 1e-6, 2.0 / 7.0}) {
    const std::string text = param_literal(real, v);
    INFO(text);
    CHECK(std::strtod(text.c_str(), nullptr) == v);
    CHECK(text.find_first_of(".e") != std::string::npos);  // a double literal, never an int
  }
}

TEST_CASE("kernel emitter: defaults, overrides, variant and header", "[kernels]") {
  const std::string defaults = emit_kernel_source({"SOTA-012", "QK-norm", "qk_norm", {}});
  CHECK(defaults.find("//{{") == std::string::npos);
  CHECK(defaults.find("constexpr long long d_model = 64;") != std::string::npos);
  CHECK(defaults.find("constexpr double weight_scale = 8.0;") != std::string::npos);
  CHECK(defaults.find("constexpr long long practice = 1;") != std::string::npos);
  CHECK(defaults.find("constexpr int variant = 0;") != std::string::npos);
  CHECK(defaults.find("constexpr const char* node_id = \"SOTA-012\";") != std::string::npos);
  CHECK(defaults.find("constexpr const char* kernel_name = \"qk_norm\";") != std::string::npos);
  CHECK(defaults.find("(set by the node)") == std::string::npos);
  CHECK(defaults.find(" * Node:     SOTA-012") != std::string::npos);
  CHECK(defaults.find(" * Title:    QK-norm") != std::string::npos);
  CHECK(defaults.find(" * Formula:  ") != std::string::npos);
  CHECK(defaults.find("arXiv:2010.04245") != std::string::npos);
  CHECK(defaults.rfind("/* anthology reference kernel: qk_norm, variant layernorm", 0) == 0);

  const std::string custom = emit_kernel_source(
      {"SOTA-012", "QK-norm", "qk_norm.l2", {{"d_model", 128}, {"weight_scale", 25}, {"eps", 1e-5}, {"l2_gain", 13.27}}});
  CHECK(custom.find("constexpr long long d_model = 128;") != std::string::npos);
  CHECK(custom.find("constexpr double weight_scale = 25.0;") != std::string::npos);
  CHECK(custom.find("constexpr double eps = 1e-05;") != std::string::npos);
  CHECK(custom.find("constexpr double l2_gain = 13.27;") != std::string::npos);
  CHECK(count(custom, "(set by the node)") == 4);
  CHECK(custom.find("constexpr int variant = 2;") != std::string::npos);
  CHECK(custom.find("constexpr const char* kernel_name = \"qk_norm.l2\";") != std::string::npos);
  CHECK(custom.find("variant l2") != std::string::npos);

  const std::string plain = emit_kernel_source({"THEORY-3", "", "entropy_bound", {{"practice", 0}}});
  CHECK(plain.find("constexpr long long practice = 0;") != std::string::npos);
  CHECK(plain.find("constexpr int variant") == std::string::npos);
  CHECK(plain.find(" * Title:    (none)") != std::string::npos);
}

TEST_CASE("kernel emitter: hostile titles and ids cannot break the comment or the string", "[kernels]") {
  const std::string safe = comment_safe("a */ b /* c ?\?/ d \x01\n e \xE2\x80\xAE f \xFF g \xCF\x83 \\");
  CHECK(safe.find("*/") == std::string::npos);
  CHECK(safe.find("/*") == std::string::npos);
  CHECK(safe.find("?\?/") == std::string::npos);
  CHECK(safe.find('\n') == std::string::npos);
  CHECK(safe.find('\x01') == std::string::npos);
  CHECK(safe.find("\xE2\x80\xAE") == std::string::npos);  // right-to-left override
  CHECK(safe.find("\xCF\x83") != std::string::npos);      // sigma stays
  CHECK(comment_safe("**//") .find("*/") == std::string::npos);
  CHECK(comment_safe("x */") == "x * /");

  CHECK(cpp_string_literal("SOTA-1") == "\"SOTA-1\"");
  CHECK(cpp_string_literal("a\"b\\c?\n") == "\"a\\\"b\\\\c\\?\\012\"");
  CHECK(cpp_string_literal("\xCF\x83" "1") == "\"\\317\\2031\"");

  const std::string source =
      emit_kernel_source({"SOTA-\"x\"\\", "Evil */ title /* with ?\?/\n#error and \\", "z_loss", {}});
  const auto header_end = source.find("*/");
  REQUIRE(header_end != std::string::npos);
  const std::string header = source.substr(0, header_end);
  CHECK(header.find("#error") != std::string::npos);  // still inside the comment, on the title's line
  CHECK(header.find("Evil * / title / * with ?? /") != std::string::npos);
  CHECK(source.find("constexpr const char* node_id = \"SOTA-\\\"x\\\"\\\\\";") != std::string::npos);
}
