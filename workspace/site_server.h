#pragma once
// The HTTP side of `anthology serve` (docs/serve.md), on Boost.Beast: the files of a LiveSite
// by GET and HEAD (anything else 405), with their types and `Cache-Control: no-cache` and an ETag, so
// that a browser asks again after an edit; paths outside the site refused; and a stream of Server-Sent
// Events at /__anthology/events telling the pages open in browsers which pages changed. HTML is served
// with a small script that listens to that stream and reloads its page when it is among them; the
// site `build` writes carries none of it (the script is added here, as each page is sent).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/expected.h"
#include "workspace/live_site.h"

namespace anth::workspace {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8000;          // 0: any free port
  int max_connections = 512;  // a thread each; more at once are closed as they come
  int read_timeout_s = 2;     // an idle or silent connection gives its thread back after this
  int write_timeout_s = 5;    // a reader that takes nothing for this long is dropped
  int request_timeout_s = 10;  // a request's line and headers, however slowly they trickle in
};

// A request target's path: the query dropped, percent-escapes decoded; nullopt for a malformed escape.
std::optional<std::string> request_path(std::string_view target);

// The file of the site a request's path names (already percent-decoded): "/" is "index.html"; nullopt
// for a path that could leave the site (a "." or ".." segment, an empty one, a backslash, a NUL).
std::optional<std::string> site_path(std::string_view decoded);

// The Content-Type of a site file by its name.
std::string_view content_type(std::string_view path);

// `html` with the live-reload script (/__anthology/reload.js) before its closing </body> (at the end
// when there is none), and that script's text.
std::string with_reload_script(std::string_view html);
std::string_view reload_script();

class SiteServer {
 public:
  explicit SiteServer(const LiveSite& site);
  ~SiteServer();
  SiteServer(const SiteServer&) = delete;
  SiteServer& operator=(const SiteServer&) = delete;

  // Binds to options.host and options.port; returns the port bound.
  util::Expected<int> bind(const ServerOptions& options);
  // Answers requests on a thread of its own until stop().
  void start();
  // Tells every open event stream that these pages changed (site paths).
  void announce(const std::vector<std::string>& changed);
  // Ends the event streams and the server, and waits for its thread.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace anth::workspace
