#pragma once
// The language server (`anthology lsp`, docs/editors.md): JSON-RPC 2.0 over LSP's framing on a pair
// of streams, the lifecycle (initialize, shutdown, exit), the documents the client opens, changes and
// saves (each applied to the resident workspace as an unsaved buffer), diagnostics published after
// each refresh, and the requests of the feature table. A reader thread queues the messages; changes
// are applied once the queue is drained, so a flood of didChange costs one refresh.
#include <filesystem>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "core/util/expected.h"
#include "workspace/workspace.h"

namespace anth::workspace::lsp {

struct ServerOptions {
  std::optional<std::filesystem::path> corpus;  // --corpus; else the client's workspace folder
  // Where the rule docs are (codeDescription.href = this + "P003.md"); "" makes the server write them
  // under the corpus's .anthology/rules/ and link those files.
  std::string rules_href;
};

// A corpus's workspace as the cli opened it, and where it put the rule docs for the editor to link
// ("file:///.../rules/"; "" for no link).
struct OpenedWorkspace {
  std::shared_ptr<workspace::Workspace> workspace;
  std::string rules_href;
};
// Opens the workspace of a corpus folder (the cli wires the index and configuration).
using WorkspaceOpener = std::function<util::Expected<OpenedWorkspace>(const std::filesystem::path& root)>;

// Serves until `exit` or the end of the input; returns 0 after shutdown then exit, else 1 (LSP).
int serve(std::istream& in, std::ostream& out, std::ostream& log, const WorkspaceOpener& open, const ServerOptions& options);

}  // namespace anth::workspace::lsp
