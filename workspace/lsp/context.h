#pragma once
// What every language feature reads: the resident workspace, the documents the client has open (their
// unsaved text), the position encoding agreed at initialize, and ways to turn the parse's places
// (corpus-relative file, 1-based line, byte column) into LSP locations over the text the client sees.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "core/graph/link_index.h"
#include "workspace/lsp/positions.h"
#include "workspace/workspace.h"

namespace anth::workspace::lsp {

using json = nlohmann::json;

// A request that cannot be answered: its JSON-RPC error (code, message).
struct RequestError : std::runtime_error {
  int code;
  RequestError(int c, const std::string& message) : std::runtime_error(message), code(c) {}
};
inline constexpr int invalid_params = -32602, invalid_request = -32600, method_not_found = -32601,
                     parse_error = -32700, server_not_initialized = -32002, request_failed = -32803;

// A document's text with its lines (not movable: the lines point into the text).
struct Text {
  explicit Text(std::string b) : bytes(std::move(b)), lines(bytes) {}
  Text(const Text&) = delete;
  Text& operator=(const Text&) = delete;
  std::string bytes;
  TextLines lines;
};

struct OpenDocument {
  std::string text;
  int version = 0;
};

class Context {
 public:
  workspace::Workspace* workspace = nullptr;  // null until initialize opened it
  Encoding encoding = Encoding::Utf16;
  bool rename_files = false;  // the client applies a workspace edit's file renames (resourceOperations)
  std::string rules_href;  // the rule docs' base: href = rules_href + "P003.md"
  std::map<std::string, OpenDocument> open;  // by corpus-relative path

  void set_root(const std::filesystem::path& root);
  const std::filesystem::path& root() const { return root_; }
  // The corpus-relative path of a URI, nullopt when it is no file inside the corpus.
  std::optional<std::string> path_of(const std::string& uri) const;
  std::string uri_of(const std::string& path) const;
  // The text of a note as the client sees it: its open buffer, else its file (read inside the corpus
  // only); null when it cannot be read.
  std::unique_ptr<Text> text_of(const std::string& path) const;
  const Note* note_at(const std::string& path) const;  // by path, in the graph or not
  const Note* note_of(std::string_view id) const;      // an id of the graph
  // The workspace's link index (true until its next refresh).
  const graph::LinkIndex& links() const { return workspace->links(); }

  // The range of what starts at a parse's place (line and code-point column, 1-based): a [[link]] (with the '!' of an
  // embed before it) to its "]]", else the word there (up to a blank, ',', ':' or ']'), else the line.
  Range range_at(const Text& text, int line, int column) const;
  json location(const Text& text, const std::string& path, int line, int column) const;

  // The document a request's params name (textDocument.uri): its path, note and text; throws
  // RequestError for a document outside the corpus.
  struct Document {
    std::string path;
    const Note* note = nullptr;  // null when the corpus has no note there (not a note, left out)
    std::unique_ptr<Text> text;
  };
  Document document(const json& params) const;
  // params.position as a 0-based line and byte column of the document (clamped to the line).
  std::pair<int, int> byte_position(const json& params, const Text& text) const;

 private:
  std::filesystem::path root_, root_real_;
};

}  // namespace anth::workspace::lsp
