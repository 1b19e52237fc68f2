#include "core/config/config.h"

#include <toml++/toml.h>

#include "core/rules/rule_catalog.h"

namespace anth {

namespace {

Expected<void> read_severities(const toml::table& table, Config& config) {
  for (const auto& [key, value] : table) {
    std::string rule(key.str());
    if (!find_rule(rule)) return failure("anthology.toml: [lint.severity] names unknown rule " + rule);
    auto text = value.value<std::string>();
    Severity s;
    if (!text || !parse_severity(*text, s))
      return failure("anthology.toml: severity of " + rule + " must be error, warning, info or off");
    config.severities[rule] = s;
  }
  return {};
}

}  // namespace

Expected<Config> load_config(const std::filesystem::path& corpus_root) {
  Config config;
  std::filesystem::path file = corpus_root / "anthology.toml";
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return config;
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    return failure("anthology.toml:" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " +
                   std::string(e.description()));
  }
  if (auto* lint = root["lint"].as_table()) {
    if (auto* sev = (*lint)["severity"].as_table())
      if (auto r = read_severities(*sev, config); !r) return std::unexpected(r.error());
  }
  if (auto* site = root["site"].as_table()) {
    config.site_title = (*site)["title"].value_or(config.site_title);
    config.base_url = (*site)["base_url"].value_or(config.base_url);
    config.out_dir = (*site)["out"].value_or(config.out_dir);
  }
  if (auto* ingest = root["ingest"].as_table()) {
    auto max = (*ingest)["max_note_bytes"].value<std::int64_t>();
    if (max && *max > 0) config.max_note_bytes = static_cast<std::uint64_t>(*max);
  }
  if (auto* kernels = root["kernels"].as_table()) {
    config.kernel_compiler = (*kernels)["compiler"].value_or(config.kernel_compiler);
    if (auto* flags = (*kernels)["flags"].as_array()) {
      config.kernel_flags.clear();
      for (const auto& f : *flags)
        if (auto s = f.value<std::string>()) config.kernel_flags.push_back(*s);
    }
  }
  return config;
}

Severity effective_severity(const Config& config, const std::string& rule, Severity default_severity) {
  auto it = config.severities.find(rule);
  return it == config.severities.end() ? default_severity : it->second;
}

}  // namespace anth
