#include "core/model/config.h"

#include <toml++/toml.h>

#include <algorithm>

#include "core/model/rule_catalog.h"
#include "core/util/did_you_mean.h"

namespace anth {

namespace {

constexpr const char* config_file = config_file_name;

Location location_of(const toml::source_region& where) {
  return {config_file, std::max(1, static_cast<int>(where.begin.line)), std::max(1, static_cast<int>(where.begin.column))};
}

const char* type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a floating-point number";
    case toml::node_type::boolean: return "a boolean";
    default: return "a date or time";
  }
}

// Walks the parsed file, keeping what is well typed and a finding for everything else.
class Reader {
 public:
  explicit Reader(Config& config) : config_(config) {}

  util::Expected<void> read(const toml::table& root) {
    for (const auto& [key, node] : root) {
      const std::string name(key.str());
      const bool known = name == "lint" || name == "site" || name == "ingest" || name == "kernels";
      if (!known) {
        unknown(key, node, "", {"lint", "site", "ingest", "kernels"});
        continue;
      }
      const toml::table* table = node.as_table();
      if (!table) wrong(node, "[" + name + "] must be a table, not " + type_name(node));
      else if (name == "lint") {
        if (auto r = read_lint(*table); !r) return r;
      } else if (name == "site") read_site(*table);
      else if (name == "ingest") read_ingest(*table);
      else read_kernels(*table);
    }
    return {};
  }

 private:
  void finding(const char* rule, const toml::source_region& where, std::string message) {
    config_.findings.push_back({rule, find_rule(rule)->severity, location_of(where), std::move(message), {}});
  }
  void wrong(const toml::node& node, const std::string& message) { finding("S003", node.source(), message + "; ignored"); }

  // `table` is "" at the top level, else "site" and so on.
  void unknown(const toml::key& key, const toml::node& node, const std::string& table,
               const std::vector<std::string>& known) {
    const std::string name(key.str());
    const bool top_table = table.empty() && node.is_table();
    const auto show = [&](const std::string& n) { return top_table ? "[" + n + "]" : "`" + n + "`"; };
    std::string message = top_table       ? "unknown table " + show(name)
                          : table.empty() ? "unknown setting " + show(name) + " outside any table"
                                          : "[" + table + "] has no setting " + show(name);
    if (auto near = util::closest_match(name, known)) message += "; did you mean " + show(*near) + "?";
    finding("S004", key.source(), message + " (ignored)");
  }

  std::optional<std::string> text(const toml::node& node, const std::string& setting) {
    if (auto s = node.value_exact<std::string>()) return *s;
    wrong(node, setting + " must be a string, not " + type_name(node));
    return std::nullopt;
  }

  util::Expected<void> read_lint(const toml::table& lint) {
    for (const auto& [key, node] : lint) {
      if (key.str() != "severity") {
        unknown(key, node, "lint", {"severity"});
        continue;
      }
      const toml::table* severities = node.as_table();
      if (!severities) {
        wrong(node, "[lint] severity must be a table of rule = \"severity\", not " + std::string(type_name(node)));
        continue;
      }
      if (auto r = read_severities(*severities); !r) return r;
    }
    return {};
  }

  util::Expected<void> read_severities(const toml::table& table) {
    for (const auto& [key, value] : table) {
      std::string rule(key.str());
      if (!find_rule(rule)) return util::failure("anthology.toml: [lint.severity] names unknown rule " + rule);
      auto name = value.value_exact<std::string>();
      Severity s;
      if (!name || !parse_severity(*name, s))
        return util::failure("anthology.toml: severity of " + rule + " must be error, warning, info or off");
      config_.severities[rule] = s;
    }
    return {};
  }

  void read_site(const toml::table& site) {
    for (const auto& [key, node] : site) {
      const std::string name(key.str());
      if (name == "title") {
        if (auto s = text(node, "[site] title")) config_.site_title = *s;
      } else if (name == "base_url") {
        if (auto s = text(node, "[site] base_url")) config_.base_url = *s;
      } else if (name == "out") {
        if (auto s = text(node, "[site] out")) read_out(node, *s);
      } else {
        unknown(key, node, "site", {"title", "base_url", "out"});
      }
    }
  }

  // Whether it leads outside the corpus is for the file system to say (ingest/config_file.cpp).
  void read_out(const toml::node& node, const std::string& out) {
    config_.out_dir = out;
    config_.out_dir_at = location_of(node.source());
  }

  // A folder as written ("terms/", "./Lit") made relative and without slashes at its ends.
  static std::string folder_name(std::string name) {
    while (name.starts_with("./")) name.erase(0, 2);
    while (name.starts_with('/')) name.erase(0, 1);
    while (name.ends_with('/')) name.pop_back();
    return name;
  }

  void read_typing(const toml::key& key, const toml::node& node) {
    const std::string name(key.str());
    if (name == "untyped") {
      auto s = text(node, "[ingest] untyped");
      if (s && *s != "page" && *s != "error") wrong(node, "[ingest] untyped must be \"page\" or \"error\", not \"" + *s + "\"");
      else if (s) config_.typing.untyped_pages = *s == "page";
    } else if (name == "glossary") {
      if (auto s = text(node, "[ingest] glossary")) config_.typing.glossary = folder_name(*s);
    } else if (const toml::array* folders = node.as_array()) {  // typed_folders
      for (const toml::node& f : *folders)
        if (auto s = f.value_exact<std::string>(); s && !folder_name(*s).empty()) config_.typing.typed_folders.push_back(folder_name(*s));
        else wrong(f, "[ingest] typed_folders holds folder names");
    } else {
      wrong(node, "[ingest] typed_folders must be a list of folder names");
    }
  }

  void read_ingest(const toml::table& ingest) {
    for (const auto& [key, node] : ingest) {
      if (key.str() == "untyped" || key.str() == "glossary" || key.str() == "typed_folders") {
        read_typing(key, node);
        continue;
      }
      if (key.str() != "max_note_bytes") {
        unknown(key, node, "ingest", {"max_note_bytes", "untyped", "glossary", "typed_folders"});
        continue;
      }
      auto max = node.value_exact<std::int64_t>();
      if (!max || *max <= 0)
        wrong(node, "[ingest] max_note_bytes must be a positive integer (bytes), not " +
                        (max ? std::to_string(*max) : std::string(type_name(node))));
      else
        config_.max_note_bytes = static_cast<std::uint64_t>(*max);
    }
  }

  void read_kernels(const toml::table& kernels) {
    for (const auto& [key, node] : kernels) {
      const std::string name(key.str());
      if (name == "compiler" || name == "flags")
        finding("S004", key.source(),
                "[kernels] " + name + " is ignored: a corpus never chooses a program to run; the compiler and its "
                "flags come from CXX/CXXFLAGS or --cxx/--cxxflags");
      else
        unknown(key, node, "kernels", {});
    }
  }

  Config& config_;
};

}  // namespace

util::Expected<Config> parse_config(std::string_view text) {
  Config config;
  toml::table root;
  try {
    root = toml::parse(text, std::string_view(config_file));
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    return util::failure(std::string(config_file) + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " +
                   std::string(e.description()));
  }
  if (auto r = Reader(config).read(root); !r) return std::unexpected(r.error());
  std::sort(config.findings.begin(), config.findings.end(), diagnostic_less);
  return config;
}

Severity effective_severity(const Config& config, const std::string& rule, Severity default_severity) {
  auto it = config.severities.find(rule);
  return it == config.severities.end() ? default_severity : it->second;
}

}  // namespace anth
