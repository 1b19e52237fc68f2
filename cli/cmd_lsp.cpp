// anthology lsp: the language server over stdio (workspace/lsp/, docs/editors.md). This file only wires
// it: the workspace of the client's folder (or --corpus) opened as serve opens it, and the rule docs
// written beside the index for the diagnostics to link (cli/rule_docs_folder.h).
#include <iostream>

#include "cli/commands.h"
#include "cli/rule_docs_folder.h"
#include "cli/workspace_session.h"
#include "workspace/lsp/server.h"

namespace anth::cli {

namespace fs = std::filesystem;

int run_lsp(const Args& args) {
  std::ios::sync_with_stdio(false);
  workspace::lsp::ServerOptions options;
  if (args.has("--corpus")) options.corpus = fs::absolute(*args.get("--corpus"));
  options.rules_href = args.get("--rules-url").value_or("");
  workspace::lsp::WorkspaceOpener open = [&args](const fs::path& root) -> util::Expected<workspace::lsp::OpenedWorkspace> {
    Args with_root = args;
    with_root.values["--corpus"] = {root.string()};
    auto session = open_workspace(with_root);
    if (!session) return std::unexpected(session.error());
    std::shared_ptr<WorkspaceSession> held(std::move(*session));
    workspace::lsp::OpenedWorkspace out;
    out.workspace = std::shared_ptr<workspace::Workspace>(held, held->workspace.get());
    out.rules_href = write_rule_docs(held->index.parent_path() / "rules");
    return out;
  };
  return workspace::lsp::serve(std::cin, std::cout, std::cerr, open, options);
}

}  // namespace anth::cli
