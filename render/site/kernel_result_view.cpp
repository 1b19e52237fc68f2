// A kernel's last result as the pages show it (a node's kernel section, the kernel index).
#include "render/site/kernel_result_view.h"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "render/kernels/kernel_checks.h"

namespace anth::render::site {

namespace {

// A number of a stored kernel result as the page shows it.
std::string number_text(const nlohmann::json& j) {
  if (j.is_number_integer() || j.is_number_unsigned()) return j.dump();
  if (j.is_number_float()) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6g", j.get<double>());
    return buf;
  }
  if (j.is_string()) return j.get<std::string>();
  if (j.is_null()) return "";
  return j.dump();
}

// "≤ 1", "≥ 1", "≈ 5.045 ± 0.1": the bound with the way the claim goes; the number alone for a result
// stored before claims said so.
std::string bound_with_direction(const nlohmann::json& c) {
  std::string bound = c.contains("bound") ? number_text(c["bound"]) : "";
  const std::string direction = c.contains("direction") && c["direction"].is_string() ? c["direction"].get<std::string>() : "";
  if (direction == "<=") return "\u2264 " + bound;
  if (direction == ">=") return "\u2265 " + bound;
  if (direction == "\u2248") return "\u2248 " + bound + (c.contains("tolerance") ? " \u00b1 " + number_text(c["tolerance"]) : "");
  return bound;
}

}  // namespace

std::string kernel_number_text(double value) { return number_text(nlohmann::json(value)); }

bool result_is_current(const Note& n, const index::StoredKernelResult& r) {
  const std::string key = render::kernels::program_key(n);
  return !key.empty() && r.program == key;
}

TemplateValue kernel_result_view(const index::StoredKernelResult* r, bool current) {
  if (!r || !current)
    return TemplateValue::object()
        .set("state", r ? "stale" : "unchecked")
        .set("label", r ? "stale: last checked for other parameters" : "not yet checked")
        .set("claims", TemplateValue::list())
        .set("compiler", false)
        .set("checked_at", r ? TemplateValue::borrow(r->checked_at) : TemplateValue(false))
        .set("error", false);
  TemplateValue claims = TemplateValue::list();
  nlohmann::json parsed = nlohmann::json::parse(r->claims_json, nullptr, false);
  if (parsed.is_array())
    for (const auto& c : parsed) {
      if (!c.is_object()) continue;
      bool pass = c.value("pass", false);
      claims.push(TemplateValue::object()
                      .set("claim", c.contains("claim") ? number_text(c["claim"]) : "")
                      .set("measured", c.contains("measured") ? number_text(c["measured"]) : "")
                      .set("bound", bound_with_direction(c))
                      .set("pass", pass)
                      .set("verdict", pass ? "pass" : "fail"));
    }
  return TemplateValue::object()
      .set("state", r->pass ? "pass" : "fail")
      .set("label", r->pass ? "passed" : (r->error.empty() ? "failed" : "could not run"))
      .set("claims", std::move(claims))
      .set("compiler", TemplateValue::borrow(r->compiler))
      .set("checked_at", TemplateValue::borrow(r->checked_at))
      .set("error", TemplateValue::borrow(r->error));
}

}  // namespace anth::render::site
