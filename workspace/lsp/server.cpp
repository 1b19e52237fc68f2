#include "workspace/lsp/server.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <thread>

#include "workspace/lsp/diagnostics.h"
#include "workspace/lsp/feature.h"
#include "workspace/lsp/framing.h"
#include "workspace/lsp/text_sync.h"
#include "workspace/lsp/uri.h"

namespace anth::workspace::lsp {

namespace {

// The messages the reader thread has read and the main loop not yet handled; nullopt: end of input.
struct Inbox {
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<std::optional<Frame>> frames;
};

std::optional<std::filesystem::path> path_of_uri_or_null(const json& uri) {
  if (!uri.is_string()) return std::nullopt;
  return path_of_uri(uri.get<std::string>());
}

class Server {
 public:
  Server(std::ostream& out, std::ostream& log, const WorkspaceOpener& open, const ServerOptions& options)
      : out_(out), log_(log), open_(open), options_(options) {}

  // Handles one message; the exit status once `exit` came.
  std::optional<int> handle(const std::string& body);
  // The input is drained: unsaved text is applied and diagnostics published.
  void drained() { apply_pending(); }
  bool shut_down() const { return shutdown_; }
  void log(const std::string& line) { log_ << "anthology lsp: " << line << std::endl; }

 private:
  void send(const json& message) { write_frame(out_, message.dump(-1, ' ', false, json::error_handler_t::replace)); }
  void reply(const json& id, json result) { send({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}); }
  void fail(const json& id, int code, const std::string& message) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
  }
  json initialize(const json& params);
  void notification(const std::string& method, const json& params);
  void apply_pending();
  void publish(const std::string& path);

  std::ostream& out_;
  std::ostream& log_;
  const WorkspaceOpener& open_;
  ServerOptions options_;
  std::shared_ptr<workspace::Workspace> workspace_;
  Context context_;
  TextSync sync_;
  bool initialized_ = false, shutdown_ = false;
};

json Server::initialize(const json& params) {
  std::optional<std::filesystem::path> root = options_.corpus;
  if (!root && params.contains("workspaceFolders") && params["workspaceFolders"].is_array() && !params["workspaceFolders"].empty())
    root = path_of_uri_or_null(params["workspaceFolders"][0].at("uri"));
  if (!root && params.contains("rootUri")) root = path_of_uri_or_null(params["rootUri"]);
  if (!root && params.contains("rootPath") && params["rootPath"].is_string()) root = params["rootPath"].get<std::string>();
  if (!root) throw RequestError(invalid_params, "no workspace folder (rootUri) and no --corpus: nothing to serve");
  auto opened = open_(*root);
  if (!opened) throw RequestError(request_failed, opened.error());
  workspace_ = std::move(opened->workspace);
  context_.workspace = workspace_.get();
  context_.rules_href = options_.rules_href.empty() ? opened->rules_href : options_.rules_href;
  context_.set_root(*root);
  const json* encodings = nullptr;
  if (auto g = params.find("capabilities"); g != params.end() && g->contains("general") && (*g)["general"].contains("positionEncodings"))
    encodings = &(*g)["general"]["positionEncodings"];
  bool utf8 = encodings && encodings->is_array() && std::find(encodings->begin(), encodings->end(), "utf-8") != encodings->end();
  context_.encoding = utf8 ? Encoding::Utf8 : Encoding::Utf16;
  // A rename may carry the note's file with it when the client applies file operations in order.
  json edits = params.value("capabilities", json::object()).value("workspace", json::object()).value("workspaceEdit", json::object());
  json operations = edits.value("resourceOperations", json::array());
  context_.rename_files = edits.value("documentChanges", false) && operations.is_array() &&
                          std::find(operations.begin(), operations.end(), "rename") != operations.end();
  json capabilities = {{"positionEncoding", utf8 ? "utf-8" : "utf-16"},
                       {"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", {{"includeText", true}}}}}};
  for (const Feature& f : features()) capabilities[f.capability] = f.announce;
  initialized_ = true;
  return {{"capabilities", capabilities}, {"serverInfo", {{"name", "anthology"}, {"version", ANTHOLOGY_VERSION}}}};
}

std::optional<int> Server::handle(const std::string& body) {
  json message = json::parse(body, nullptr, false);
  if (message.is_discarded()) {
    fail(nullptr, parse_error, "the message is not JSON");
    return std::nullopt;
  }
  if (!message.is_object()) {
    fail(nullptr, invalid_request, "a message must be a JSON object");
    return std::nullopt;
  }
  bool request = message.contains("id");
  json id = request ? message["id"] : json();
  if (request && !id.is_string() && !id.is_number_integer()) {
    fail(nullptr, invalid_request, "a request's id must be a number or a string");
    return std::nullopt;
  }
  if (!message.contains("method") || !message["method"].is_string()) {
    if (request && !message.contains("result") && !message.contains("error")) fail(id, invalid_request, "no method");
    return std::nullopt;  // a response to a request of ours (we send none): nothing to do
  }
  std::string method = message["method"];
  json params = message.contains("params") ? message["params"] : json::object();
  if (method == "exit") return shutdown_ ? 0 : 1;
  try {
    if (!request) {
      if (initialized_ && !shutdown_) notification(method, params);
      return std::nullopt;
    }
    if (method == "initialize") {
      if (initialized_) throw RequestError(invalid_request, "initialize was already received");
      reply(id, initialize(params));
      return std::nullopt;
    }
    if (!initialized_) throw RequestError(server_not_initialized, "the server is not initialized yet");
    if (shutdown_) throw RequestError(invalid_request, "the server is shut down; only exit is accepted");
    if (method == "shutdown") {
      shutdown_ = true;
      reply(id, nullptr);
      return std::nullopt;
    }
    for (const Feature& f : features()) {
      if (f.method != method) continue;
      apply_pending();  // answer over the text the client sees now
      reply(id, f.answer(context_, params));
      return std::nullopt;
    }
    throw RequestError(method_not_found, "no method " + method);
  } catch (const RequestError& e) {
    if (request) fail(id, e.code, e.what());
    else log(method + ": " + e.what());
  } catch (const json::exception& e) {
    if (request) fail(id, invalid_params, std::string("bad params: ") + e.what());
    else log(method + ": bad params: " + e.what());
  } catch (const std::exception& e) {
    if (request) fail(id, -32603, e.what());
    else log(method + ": " + e.what());
  }
  return std::nullopt;
}

void Server::notification(const std::string& method, const json& params) {
  if (method.starts_with("textDocument/did") || method == "workspace/didChangeWatchedFiles") {
    for (const std::string& problem : sync_.receive(context_, method, params)) log(problem);
  }
  // Other notifications ($/cancelRequest, $/setTrace, initialized, ...) need nothing.
}

void Server::apply_pending() {
  if (!workspace_) return;
  TextSync::Applied todo = sync_.apply(*workspace_);
  for (const std::string& path : todo.cleared)
    send({{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"},
          {"params", {{"uri", context_.uri_of(path)}, {"diagnostics", json::array()}}}});
  if (todo.refreshed || !todo.saved.empty())
    for (const auto& [path, doc] : context_.open) publish(path);
}

void Server::publish(const std::string& path) {
  auto text = context_.text_of(path);
  if (!text) return;
  json params = {{"uri", context_.uri_of(path)}, {"diagnostics", diagnostics_of(context_, path, *text)}};
  if (auto it = context_.open.find(path); it != context_.open.end()) params["version"] = it->second.version;
  send({{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"}, {"params", params}});
}

}  // namespace

int serve(std::istream& in, std::ostream& out, std::ostream& log, const WorkspaceOpener& open, const ServerOptions& options) {
  in.tie(nullptr);  // reading must not flush `out` from the reader thread while the loop writes it
  auto inbox = std::make_shared<Inbox>();
  std::thread([inbox, &in] {
    while (true) {
      std::optional<Frame> frame = read_frame(in);
      bool end = !frame;
      {
        std::lock_guard lock(inbox->mutex);
        inbox->frames.push_back(std::move(frame));
      }
      inbox->ready.notify_one();
      if (end) return;
    }
  }).detach();
  Server server(out, log, open, options);
  while (true) {
    std::optional<Frame> frame;
    {
      std::unique_lock lock(inbox->mutex);
      inbox->ready.wait(lock, [&] { return !inbox->frames.empty(); });
      frame = std::move(inbox->frames.front());
      inbox->frames.pop_front();
    }
    if (!frame) {
      server.log("the input ended without exit");
      return 1;
    }
    if (!frame->error.empty()) server.log("skipped a malformed message: " + frame->error);
    else if (auto status = server.handle(frame->body)) return *status;
    bool empty;
    {
      std::lock_guard lock(inbox->mutex);
      empty = inbox->frames.empty();
    }
    if (empty) server.drained();
  }
}

}  // namespace anth::workspace::lsp
