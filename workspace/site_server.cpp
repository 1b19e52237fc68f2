#include "workspace/site_server.h"

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

#include "core/util/hasher.h"

namespace anth::workspace {

namespace {

constexpr const char* events_path = "/__anthology/events";

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char u[8];
      std::snprintf(u, sizeof u, "\\u%04x", c);
      out += u;
    } else out += c;
  }
  return out + "\"";
}

std::string change_event(std::uint64_t number, const std::vector<std::string>& pages) {
  std::string data = "{\"pages\":[";
  for (std::size_t i = 0; i < pages.size(); ++i) data += (i ? "," : "") + json_string(pages[i]);
  return "id: " + std::to_string(number) + "\nevent: change\ndata: " + data + "]}\n\n";
}

}  // namespace

struct SiteServer::Impl {
  explicit Impl(const LiveSite& s) : site(s) {}

  const LiveSite& site;
  httplib::Server server;
  std::thread listening;
  // The announcements, numbered; a stream sends those after the last one it sent.
  std::mutex mutex;
  std::condition_variable announced;
  std::deque<std::pair<std::uint64_t, std::string>> events;
  std::uint64_t last_event = 0;
  bool stopping = false;

  void serve_file(const httplib::Request& req, httplib::Response& res) {
    std::optional<std::string> path = site_path(req.path);
    if (!path) {
      res.status = 400;
      res.set_content("bad path\n", "text/plain; charset=utf-8");
      return;
    }
    std::shared_ptr<const std::string> bytes = site.file(*path);
    if (!bytes) {
      res.status = 404;
      res.set_header("Cache-Control", "no-cache");
      if (auto missing = site.file("404.html")) return res.set_content(with_reload_script(*missing), "text/html; charset=utf-8");
      res.set_content("not found\n", "text/plain; charset=utf-8");
      return;
    }
    char etag[24];
    std::snprintf(etag, sizeof etag, "\"%016llx\"", static_cast<unsigned long long>(util::hash_text(*bytes)));
    res.set_header("Cache-Control", "no-cache");  // pages change while serving: ask again, 304 when unchanged
    res.set_header("ETag", etag);
    res.set_header("X-Content-Type-Options", "nosniff");
    if (req.get_header_value("If-None-Match") == etag) {
      res.status = 304;
      return;
    }
    std::string_view type = content_type(*path);
    if (type.rfind("text/html", 0) == 0) return res.set_content(with_reload_script(*bytes), std::string(type));
    // Anything else opened by itself as a document (a vault's SVG attachment above all) runs nothing:
    // the pages carry their own policy in a meta tag, these get one that forbids every script.
    res.set_header("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'");
    res.set_content(*bytes, std::string(type));
  }

  void serve_events(const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    std::uint64_t sent;
    {
      std::lock_guard lock(mutex);
      sent = last_event;
    }
    res.set_chunked_content_provider("text/event-stream", [this, sent, first = true](std::size_t, httplib::DataSink& sink) mutable {
      if (first) {
        first = false;
        std::string hello = "retry: 1000\n: connected\n\n";
        return sink.write(hello.data(), hello.size());
      }
      std::string out;
      {
        std::unique_lock lock(mutex);
        announced.wait_for(lock, std::chrono::seconds(15), [&] { return stopping || last_event > sent; });
        if (stopping) {
          sink.done();
          return false;
        }
        for (const auto& [number, text] : events)
          if (number > sent) out += text;
        sent = last_event;
      }
      if (out.empty()) out = ": still here\n\n";  // finds a browser gone, and keeps proxies from timing out
      return sink.is_writable() && sink.write(out.data(), out.size());
    });
  }
};

SiteServer::SiteServer(const LiveSite& site) : impl_(std::make_unique<Impl>(site)) {}

SiteServer::~SiteServer() { stop(); }

util::Expected<int> SiteServer::bind(const ServerOptions& options) {
  httplib::Server& s = impl_->server;
  int threads = options.threads;
  s.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
  s.set_read_timeout(options.read_timeout_s, 0);
  s.set_write_timeout(5, 0);
  s.set_keep_alive_timeout(options.read_timeout_s);
  s.set_keep_alive_max_count(100);
  s.set_payload_max_length(64 * 1024);
  s.Get("/__anthology/reload.js", [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-cache");
    res.set_content(std::string(reload_script()), "text/javascript; charset=utf-8");
  });
  s.Get(events_path, [this](const httplib::Request& req, httplib::Response& res) { impl_->serve_events(req, res); });
  s.Get(R"(/.*)", [this](const httplib::Request& req, httplib::Response& res) { impl_->serve_file(req, res); });
  auto refuse = [](const httplib::Request&, httplib::Response& res) {
    res.status = 405;
    res.set_header("Allow", "GET, HEAD");
    res.set_content("only GET and HEAD\n", "text/plain; charset=utf-8");
  };
  s.Post(R"(.*)", refuse);
  s.Put(R"(.*)", refuse);
  s.Patch(R"(.*)", refuse);
  s.Delete(R"(.*)", refuse);
  s.Options(R"(.*)", refuse);
  int port = options.port == 0 ? s.bind_to_any_port(options.host) : (s.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0) return util::failure("cannot listen on " + options.host + ":" + std::to_string(options.port));
  return port;
}

void SiteServer::start() {
  impl_->listening = std::thread([this] { impl_->server.listen_after_bind(); });
}

void SiteServer::announce(const std::vector<std::string>& changed) {
  if (changed.empty()) return;
  {
    std::lock_guard lock(impl_->mutex);
    ++impl_->last_event;
    impl_->events.emplace_back(impl_->last_event, change_event(impl_->last_event, changed));
    if (impl_->events.size() > 32) impl_->events.pop_front();
  }
  impl_->announced.notify_all();
}

void SiteServer::stop() {
  if (!impl_ || !impl_->listening.joinable()) return;
  {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->announced.notify_all();
  impl_->server.stop();
  impl_->listening.join();
}

}  // namespace anth::workspace
