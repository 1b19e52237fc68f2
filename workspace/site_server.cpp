#include "workspace/site_server.h"

#include <poll.h>
#include <sys/socket.h>

// Beast's strings as std::string_view, the type the rest of the code speaks.
#define BOOST_BEAST_USE_STD_STRING_VIEW
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "core/util/hasher.h"

namespace anth::workspace {

namespace net = boost::asio;
namespace http = boost::beast::http;
using tcp = net::ip::tcp;
using boost::system::error_code;

namespace {

constexpr const char* events_path = "/__anthology/events";

std::string change_event(std::uint64_t number, const std::vector<std::string>& pages) {
  // A file name need not be UTF-8: replaced, not refused, in the event's JSON.
  std::string data = nlohmann::json{{"pages", pages}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return "id: " + std::to_string(number) + "\nevent: change\ndata: " + data + "\n\n";
}

// A connected socket whose reads and writes give up after a time. Asio's blocking calls ignore
// SO_RCVTIMEO (they poll again on EAGAIN), so each call first waits in poll() for as long as allowed;
// a silent client then frees its thread, and stop() ends a wait by shutting the socket down. A
// deadline bounds a whole request too: a client sending a byte a second never waits out the timeout.
class TimedSocket {
 public:
  using Clock = std::chrono::steady_clock;
  TimedSocket(tcp::socket& socket, int read_ms, int write_ms) : socket_(socket), read_ms_(read_ms), write_ms_(write_ms) {}
  void deadline(Clock::time_point at) { deadline_ = at; }
  using executor_type = tcp::socket::executor_type;
  executor_type get_executor() { return socket_.get_executor(); }

  template <class Buffers>
  std::size_t read_some(const Buffers& buffers, error_code& ec) {
    return ready(POLLIN, read_ms_, ec) ? socket_.read_some(buffers, ec) : 0;
  }
  template <class Buffers>
  std::size_t write_some(const Buffers& buffers, error_code& ec) {
    return ready(POLLOUT, write_ms_, ec) ? socket_.write_some(buffers, ec) : 0;
  }
  template <class Buffers>
  std::size_t read_some(const Buffers& buffers) { return checked([&](error_code& ec) { return read_some(buffers, ec); }); }
  template <class Buffers>
  std::size_t write_some(const Buffers& buffers) { return checked([&](error_code& ec) { return write_some(buffers, ec); }); }

 private:
  bool ready(short events, int ms, error_code& ec) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
    if (left < ms) ms = static_cast<int>(std::max<decltype(left)>(left, 0));
    pollfd p{socket_.native_handle(), events, 0};
    int r = ms == 0 ? 0 : ::poll(&p, 1, ms);
    if (r > 0) return true;
    ec = r == 0 ? error_code(net::error::timed_out) : error_code(errno, boost::system::system_category());
    return false;
  }
  template <class Call>
  std::size_t checked(Call call) {
    error_code ec;
    std::size_t n = call(ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }

  tcp::socket& socket_;
  int read_ms_, write_ms_;
  Clock::time_point deadline_ = Clock::time_point::max();
};

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response reply(const Request& req, http::status status, std::string_view type, std::string body) {
  Response res(status, req.version());
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-cache");  // pages change while serving: ask again, 304 when unchanged
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  return res;
}

}  // namespace

struct SiteServer::Impl {
  explicit Impl(const LiveSite& s) : site(s) {}

  const LiveSite& site;
  ServerOptions options;
  net::io_context io;
  tcp::acceptor acceptor{io};
  std::thread listening;

  // Guards what follows: the announcements, numbered (a stream sends those after the last one it
  // sent), and the open connections (so that stop() can end them and wait for their threads).
  std::mutex mutex;
  std::condition_variable announced, finished;
  std::deque<std::pair<std::uint64_t, std::string>> events;
  std::uint64_t last_event = 0;
  std::unordered_set<int> open;
  bool stopping = false;

  Response answer(const Request& req) {
    if (req.method() != http::verb::get && req.method() != http::verb::head) {
      Response res = reply(req, http::status::method_not_allowed, "text/plain; charset=utf-8", "only GET and HEAD\n");
      res.set(http::field::allow, "GET, HEAD");
      return res;
    }
    std::optional<std::string> decoded = request_path(req.target());
    if (decoded && *decoded == "/__anthology/reload.js")
      return reply(req, http::status::ok, "text/javascript; charset=utf-8", std::string(reload_script()));
    std::optional<std::string> path = decoded ? site_path(*decoded) : std::nullopt;
    if (!path) return reply(req, http::status::bad_request, "text/plain; charset=utf-8", "bad path\n");
    std::shared_ptr<const std::string> bytes = site.file(*path);
    if (!bytes) {
      if (auto missing = site.file("404.html"))
        return reply(req, http::status::not_found, "text/html; charset=utf-8", with_reload_script(*missing));
      return reply(req, http::status::not_found, "text/plain; charset=utf-8", "not found\n");
    }
    char etag[24];
    std::snprintf(etag, sizeof etag, "\"%016llx\"", static_cast<unsigned long long>(util::hash_text(*bytes)));
    std::string_view type = content_type(*path);
    bool html = type.rfind("text/html", 0) == 0;
    bool unchanged = req[http::field::if_none_match] == etag;
    Response res = reply(req, unchanged ? http::status::not_modified : http::status::ok, type,
                         unchanged ? std::string() : html ? with_reload_script(*bytes) : std::string(*bytes));
    res.set(http::field::etag, etag);
    res.set("X-Content-Type-Options", "nosniff");
    // Anything else opened by itself as a document (a vault's SVG attachment above all) runs nothing:
    // the pages carry their own policy in a meta tag, these get one that forbids every script.
    if (!html) res.set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'");
    return res;
  }

  // A response, its body left out for HEAD (its length still given).
  bool send(TimedSocket& stream, Response& res, bool head) {
    res.prepare_payload();
    error_code ec;
    http::response_serializer<http::string_body> out(res);
    if (head) http::write_header(stream, out, ec);
    else http::write(stream, out, ec);
    return !ec;
  }

  // Server-Sent Events as one chunked response, until the client leaves or the server stops.
  void stream_events(TimedSocket& stream, const Request& req) {
    http::response<http::empty_body> res(http::status::ok, req.version());
    res.set(http::field::content_type, "text/event-stream");
    res.set(http::field::cache_control, "no-store");
    res.chunked(true);
    http::response_serializer<http::empty_body> head(res);
    error_code ec;
    http::write_header(stream, head, ec);
    std::uint64_t sent;
    {
      std::lock_guard lock(mutex);
      sent = last_event;
    }
    std::string out = "retry: 1000\n: connected\n\n";
    while (!ec) {
      net::write(stream, http::make_chunk(net::buffer(out)), ec);
      if (ec) return;
      std::unique_lock lock(mutex);
      announced.wait_for(lock, std::chrono::seconds(15), [&] { return stopping || last_event > sent; });
      if (stopping) break;
      out.clear();
      for (const auto& [number, text] : events)
        if (number > sent) out += text;
      sent = last_event;
      if (out.empty()) out = ": still here\n\n";  // finds a browser gone, and keeps proxies from timing out
    }
    if (!ec) net::write(stream, http::make_chunk_last(), ec);
  }

  // One connection's requests, kept alive for up to 100 of them.
  void converse(tcp::socket& socket) {
    TimedSocket stream(socket, options.read_timeout_s * 1000, options.write_timeout_s * 1000);
    boost::beast::flat_buffer buffer;
    for (int served = 0; served < 100; ++served) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(16 * 1024);  // the request line and headers; a longer URL is refused
      parser.body_limit(64 * 1024);
      error_code ec;
      stream.deadline(TimedSocket::Clock::now() + std::chrono::seconds(options.request_timeout_s));
      http::read(stream, buffer, parser, ec);
      stream.deadline(TimedSocket::Clock::time_point::max());
      if (ec == http::error::header_limit || ec == http::error::body_limit) {
        Request none;
        Response res = reply(none, ec == http::error::header_limit ? http::status::uri_too_long : http::status::payload_too_large,
                             "text/plain; charset=utf-8", "too long\n");
        res.keep_alive(false);
        send(stream, res, false);
        return;
      }
      if (ec) return;  // closed, silent too long, or not HTTP
      const Request& req = parser.get();
      if (req.method() == http::verb::get && request_path(req.target()) == std::string(events_path)) return stream_events(stream, req);
      Response res = answer(req);
      if (!send(stream, res, req.method() == http::verb::head) || !res.keep_alive()) return;
    }
  }

  void accept_loop() {
    for (;;) {
      tcp::socket socket(io);
      error_code ec;
      acceptor.accept(socket, ec);
      std::unique_lock lock(mutex);
      if (stopping) return;
      if (ec) {
        lock.unlock();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));  // out of descriptors: let some close
        continue;
      }
      if (open.size() >= static_cast<std::size_t>(options.max_connections)) continue;  // closed as it goes
      int fd = socket.native_handle();
      open.insert(fd);
      lock.unlock();
      try {
        std::thread([this, fd, s = std::make_unique<tcp::socket>(std::move(socket))]() mutable {
          converse(*s);
          std::lock_guard done(mutex);
          open.erase(fd);
          // Closed under the lock: stop() never shuts down a descriptor number reused since, and
          // nothing of the server is touched once stop() may return.
          s.reset();
          finished.notify_all();
        }).detach();
      } catch (const std::system_error&) {  // no thread to be had: this connection is dropped
        std::lock_guard undo(mutex);
        open.erase(fd);
      }
    }
  }
};

SiteServer::SiteServer(const LiveSite& site) : impl_(std::make_unique<Impl>(site)) {}

SiteServer::~SiteServer() { stop(); }

util::Expected<int> SiteServer::bind(const ServerOptions& options) {
  impl_->options = options;
  error_code ec;
  auto address = net::ip::make_address(options.host, ec);
  if (ec) {  // a name, not an address: its first address
    tcp::resolver resolver(impl_->io);
    auto found = resolver.resolve(options.host, "", ec);
    if (!ec && !found.empty()) address = found.begin()->endpoint().address();
  }
  tcp::acceptor& a = impl_->acceptor;
  if (!ec) a.open(address.is_v6() ? tcp::v6() : tcp::v4(), ec);
  if (!ec) a.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(tcp::endpoint(address, static_cast<unsigned short>(options.port)), ec);
  if (!ec) a.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return util::failure("cannot listen on " + options.host + ":" + std::to_string(options.port) + ": " + ec.message());
  return static_cast<int>(a.local_endpoint().port());
}

void SiteServer::start() {
  impl_->listening = std::thread([this] { impl_->accept_loop(); });
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
  std::unique_lock lock(impl_->mutex);
  impl_->stopping = true;
  // Shutting a socket down wakes whatever waits on it: the accept, and each connection's poll().
  ::shutdown(impl_->acceptor.native_handle(), SHUT_RDWR);
  for (int fd : impl_->open) ::shutdown(fd, SHUT_RDWR);
  impl_->announced.notify_all();
  impl_->finished.wait(lock, [&] { return impl_->open.empty(); });
  lock.unlock();
  impl_->listening.join();
}

}  // namespace anth::workspace
