// Looking up the kernel catalogue and checking what a node asks of a kernel (rules K001, K002).
#include "core/model/kernel_catalog.h"

#include <charconv>
#include <cmath>

namespace anth {

std::string param_literal(const KernelParam& param, double value) {
  if (param.integer && std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 9.2e18)
    return std::to_string(static_cast<long long>(value));
  if (std::isnan(value)) return "NAN";
  if (std::isinf(value)) return value > 0 ? "INFINITY" : "-INFINITY";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest exact round trip
  std::string text(buffer, result.ptr);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

std::pair<std::string, std::string> split_kernel_name(std::string_view name) {
  const auto dot = name.find('.');
  if (dot == std::string_view::npos) return {std::string(name), std::string()};
  return {std::string(name.substr(0, dot)), std::string(name.substr(dot + 1))};
}

const KernelInfo* find_kernel(std::string_view name_or_variant) {
  const auto [name, variant] = split_kernel_name(name_or_variant);
  for (const auto& kernel : kernel_library()) {
    if (kernel.name != name) continue;
    if (name_or_variant.find('.') == std::string_view::npos) return &kernel;
    for (const auto& v : kernel.variants)
      if (v == variant) return &kernel;
    return nullptr;
  }
  return nullptr;
}

const KernelParam* find_param(const KernelInfo& kernel, std::string_view name) {
  for (const auto& param : kernel.params)
    if (param.name == name) return &param;
  return nullptr;
}

std::string param_value_problem(const KernelParam& param, double value) {
  if (!std::isfinite(value) || value < param.minimum || value > param.maximum)
    return "kernel parameter " + param.name + " = " + param_literal(param, value) + " is outside [" +
           param_literal(param, param.minimum) + ", " + param_literal(param, param.maximum) + "]";
  if (param.integer && std::floor(value) != value)
    return "kernel parameter " + param.name + " = " + param_literal(KernelParam{}, value) + " is not an integer";
  return {};
}

std::vector<RequestProblem> check_kernel_request(const KernelRequest& request) {
  std::vector<RequestProblem> problems;
  const auto [name, variant] = split_kernel_name(request.kernel);
  const KernelInfo* kernel = nullptr;
  for (const auto& k : kernel_library())
    if (k.name == name) kernel = &k;
  if (!kernel) {
    problems.push_back({RequestProblem::Kind::unknown_kernel, "", "unknown kernel '" + request.kernel + "'"});
    return problems;
  }
  if (request.kernel.find('.') != std::string::npos && !find_kernel(request.kernel)) {
    std::string known;
    for (const auto& v : kernel->variants) known += (known.empty() ? "" : ", ") + v;
    problems.push_back({RequestProblem::Kind::unknown_variant, "",
                        "kernel " + name + " has no variant '" + variant + "'" +
                            (known.empty() ? std::string(" (it has none)") : " (it has " + known + ")")});
  }
  for (const auto& [param_name, value] : request.params) {
    const KernelParam* param = find_param(*kernel, param_name);
    if (!param) {
      problems.push_back({RequestProblem::Kind::unknown_param, param_name,
                          "kernel " + name + " has no parameter '" + param_name + "'"});
      continue;
    }
    std::string message = param_value_problem(*param, value);
    if (message.empty()) continue;
    const bool range = !std::isfinite(value) || value < param->minimum || value > param->maximum;
    problems.push_back({range ? RequestProblem::Kind::out_of_range : RequestProblem::Kind::not_integer, param_name,
                        std::move(message)});
  }
  return problems;
}

}  // namespace anth
