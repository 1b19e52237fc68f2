#include "cli/rule_docs_folder.h"

#include <fstream>

#include "core/model/rule_catalog.h"
#include "core/util/embedded_assets.h"
#include "workspace/lsp/uri.h"

namespace anth::cli {

namespace fs = std::filesystem;

namespace {

bool is_regular_file_here(const fs::path& p) {
  std::error_code ec;
  return fs::symlink_status(p, ec).type() == fs::file_type::regular;
}

// Ours: created now (and marked), or a real folder carrying the mark.
bool ours(const fs::path& folder) {
  std::error_code ec;
  fs::file_status status = fs::symlink_status(folder, ec);
  if (status.type() == fs::file_type::not_found) {
    if (!fs::create_directory(folder, ec) || ec) return false;
    std::ofstream(folder / rule_docs_marker) << "The rule docs `anthology lsp` links its diagnostics to; it may rewrite them.\n";
    return is_regular_file_here(folder / rule_docs_marker);
  }
  return status.type() == fs::file_type::directory && is_regular_file_here(folder / rule_docs_marker);
}

}  // namespace

std::string write_rule_docs(const fs::path& folder) {
  if (!ours(folder)) return "";
  for (const RuleInfo& rule : rule_catalog()) {
    auto doc = util::embedded_asset("docs/rules/" + std::string(rule.id) + ".md");
    if (!doc) continue;
    fs::path file = folder / (std::string(rule.id) + ".md");
    std::error_code ec;
    if (fs::symlink_status(file, ec).type() != fs::file_type::not_found && !is_regular_file_here(file)) continue;
    std::ifstream old(file, std::ios::binary);
    std::string had((std::istreambuf_iterator<char>(old)), {});
    if (had == *doc) continue;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << *doc;
  }
  return workspace::lsp::uri_of_path(fs::absolute(folder)) + "/";
}

}  // namespace anth::cli
