// anthology lsp: the language server over stdio (workspace/lsp/, docs/editors.md). This file only wires
// it: the workspace of the client's folder (or --corpus) opened as serve opens it, and the rule docs
// written beside the index for the diagnostics to link.
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/workspace_session.h"
#include "core/model/rule_catalog.h"
#include "core/util/embedded_assets.h"
#include "workspace/lsp/server.h"
#include "workspace/lsp/uri.h"

namespace anth::cli {

namespace fs = std::filesystem;

namespace {

// docs/rules/*.md as files under `folder` (rewritten only when they differ); the folder's URI.
std::string write_rule_docs(const fs::path& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return "";
  for (const RuleInfo& rule : rule_catalog()) {
    auto doc = embedded_asset("docs/rules/" + std::string(rule.id) + ".md");
    if (!doc) continue;
    fs::path file = folder / (std::string(rule.id) + ".md");
    std::ifstream old(file, std::ios::binary);
    std::string had((std::istreambuf_iterator<char>(old)), {});
    if (had == *doc) continue;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << *doc;
  }
  return lsp::uri_of_path(fs::absolute(folder)) + "/";
}

}  // namespace

int run_lsp(const Args& args) {
  std::ios::sync_with_stdio(false);
  lsp::ServerOptions options;
  if (args.has("--corpus")) options.corpus = fs::absolute(*args.get("--corpus"));
  options.rules_href = args.get("--rules-url").value_or("");
  lsp::WorkspaceOpener open = [&args](const fs::path& root) -> Expected<lsp::OpenedWorkspace> {
    Args with_root = args;
    with_root.values["--corpus"] = {root.string()};
    auto session = open_workspace(with_root);
    if (!session) return std::unexpected(session.error());
    std::shared_ptr<WorkspaceSession> held(std::move(*session));
    lsp::OpenedWorkspace out;
    out.workspace = std::shared_ptr<workspace::Workspace>(held, held->workspace.get());
    out.rules_href = write_rule_docs(held->index.parent_path() / "rules");
    return out;
  };
  return lsp::serve(std::cin, std::cout, std::cerr, open, options);
}

}  // namespace anth::cli
