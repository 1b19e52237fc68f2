// parse_kernel_output: the RESULT line an emitted kernel prints last (a JSON object of node, kernel, pass
// and claims), checked against itself and against the exit status.
#include "render/kernels/kernel_runner.h"

#include <limits>
#include <nlohmann/json.hpp>

namespace anth::render::kernels {

namespace {

double number_or_nan(const nlohmann::json& value) {
  if (value.is_number()) return value.get<double>();
  return std::numeric_limits<double>::quiet_NaN();  // null: the program had no finite value
}

}  // namespace

KernelResult parse_kernel_output(const std::string& output, int exit_status) {
  KernelResult result;
  result.exit_status = exit_status;
  // The last non-empty line.
  std::size_t end = output.size();
  while (end > 0 && (output[end - 1] == '\n' || output[end - 1] == '\r' || output[end - 1] == ' ')) --end;
  const std::size_t start = output.rfind('\n', end == 0 ? 0 : end - 1);
  const std::string last = output.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1));
  const std::string prefix = "RESULT ";
  if (last.compare(0, prefix.size(), prefix) != 0) {
    result.error = "no RESULT line";
    return result;
  }
  const auto json = nlohmann::json::parse(last.substr(prefix.size()), nullptr, false);
  const auto bad = [&](const std::string& why) {
    result.error = "bad RESULT line: " + why;
    result.claims.clear();
    result.pass = false;
    return result;
  };
  if (json.is_discarded()) return bad("not JSON");
  if (!json.is_object()) return bad("not a JSON object");
  if (!json.contains("kernel") || !json["kernel"].is_string()) return bad("no \"kernel\" string");
  if (!json.contains("node") || !json["node"].is_string()) return bad("no \"node\" string");
  if (!json.contains("pass") || !json["pass"].is_boolean()) return bad("no \"pass\" boolean");
  if (!json.contains("claims") || !json["claims"].is_array()) return bad("no \"claims\" array");
  result.kernel = json["kernel"].get<std::string>();
  result.node = json["node"].get<std::string>();
  bool all_claims = true;
  for (const auto& c : json["claims"]) {
    if (!c.is_object() || !c.contains("claim") || !c["claim"].is_string() || !c.contains("pass") ||
        !c["pass"].is_boolean() || !c.contains("measured") || !(c["measured"].is_number() || c["measured"].is_null()) ||
        !c.contains("bound") || !(c["bound"].is_number() || c["bound"].is_null()))
      return bad("a claim lacks \"claim\", \"measured\", \"bound\" or \"pass\"");
    KernelResult::Claim claim;
    claim.claim = c["claim"].get<std::string>();
    claim.measured = number_or_nan(c["measured"]);
    claim.bound = number_or_nan(c["bound"]);
    claim.pass = c["pass"].get<bool>();
    if (c.contains("direction") && c["direction"].is_string()) claim.direction = c["direction"].get<std::string>();
    if (claim.direction != "" && claim.direction != "<=" && claim.direction != ">=" && claim.direction != "\u2248")
      return bad("a claim's \"direction\" is none of <=, >=, \u2248");
    if (c.contains("tolerance") && c["tolerance"].is_number()) claim.tolerance = c["tolerance"].get<double>();
    all_claims = all_claims && claim.pass;
    result.claims.push_back(std::move(claim));
  }
  if (result.claims.empty()) return bad("no claims");
  const bool said_pass = json["pass"].get<bool>();
  result.pass = said_pass && all_claims && exit_status == 0;
  if (said_pass != all_claims)
    result.error = "RESULT pass disagrees with its claims";
  else if (exit_status != 0 && exit_status != 1)
    result.error = "exit status " + std::to_string(exit_status);
  else if ((exit_status == 0) != said_pass)
    result.error = "exit status " + std::to_string(exit_status) + " disagrees with RESULT pass";
  return result;
}

}  // namespace anth::render::kernels
