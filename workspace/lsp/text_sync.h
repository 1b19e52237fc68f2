#pragma once
// The documents the client opens, edits, saves and closes (textDocument/did*), and files changed on
// disk (workspace/didChangeWatchedFiles): each held as the latest text until the input is drained,
// then applied to the workspace at once (a flood of didChange costs one parse and one refresh).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "workspace/lsp/context.h"

namespace anth::workspace::lsp {

class TextSync {
 public:
  // Records a notification (the open documents in `context` follow it); returns lines for the log
  // (a document outside the corpus, a change of a document never opened).
  std::vector<std::string> receive(Context& context, const std::string& method, const json& params);

  struct Applied {
    bool refreshed = false;            // the workspace changed: every open document's findings anew
    std::vector<std::string> saved;    // saved documents: published again even when nothing changed
    std::vector<std::string> cleared;  // closed documents: their diagnostics cleared
  };
  Applied apply(workspace::Workspace& workspace);

 private:
  std::map<std::string, std::string> texts_;  // path -> the latest unsaved text not yet applied
  std::set<std::string> from_disk_, saved_, closed_;
};

// The text after one contentChanges entry: the whole text, or a range of it replaced.
std::string apply_change(const std::string& text, const json& change, Encoding encoding);

}  // namespace anth::workspace::lsp
