// The language server's base protocol and positions: Content-Length framing (good, malformed,
// oversized, cut short), UTF-16 and UTF-8 positions of the parse's code-point columns, file URIs.
#include <catch2/catch.hpp>

#include <sstream>

#include "workspace/lsp/framing.h"
#include "workspace/lsp/positions.h"
#include "workspace/lsp/text_sync.h"
#include "workspace/lsp/uri.h"

namespace anth::test {

using namespace anth::workspace::lsp;

TEST_CASE("lsp framing: messages, blank lines between them, bad headers skipped, the end", "[lsp]") {
  std::istringstream in("Content-Length: 2\r\n\r\n{}\r\n"
                        "content-length:7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"a\":1}"
                        "Content-Type: x\r\n\r\n"
                        "Content-Length: 1x\r\n\r\n"
                        "Content-Length: 5\r\n\r\n[1,2]"
                        "Content-Length: 10\r\n\r\nshort");
  auto f = read_frame(in);
  REQUIRE(f);
  CHECK(f->body == "{}");
  f = read_frame(in);
  REQUIRE(f);
  CHECK(f->body == "{\"a\":1}");
  f = read_frame(in);
  REQUIRE(f);
  CHECK(f->error == "no Content-Length header");
  f = read_frame(in);
  REQUIRE(f);
  CHECK(f->error == "a Content-Length that is not a number");
  f = read_frame(in);
  REQUIRE(f);
  CHECK(f->body == "[1,2]");
  CHECK_FALSE(read_frame(in));  // cut short: the end of the input, not a hang
  CHECK_FALSE(read_frame(in));
}

TEST_CASE("lsp framing: a body over the limit is skipped and reported", "[lsp]") {
  std::string big = std::to_string(max_message_bytes + 1);
  std::istringstream in("Content-Length: " + big + "\r\n\r\nxyz");
  auto f = read_frame(in);
  REQUIRE(f);
  CHECK(f->error.find("over the limit") != std::string::npos);
  std::ostringstream out;
  write_frame(out, "{\"id\":1}");
  CHECK(out.str() == "Content-Length: 8\r\n\r\n{\"id\":1}");
}

TEST_CASE("lsp positions: code-point columns to UTF-16 and UTF-8, and back, clamped", "[lsp]") {
  TextLines lines("---\r\nCafé 🎉 [[x]]\nlast");
  CHECK(lines.count() == 3);
  CHECK(lines.line(0) == "---");
  int byte = lines.byte_of(1, 8);  // the '[' after "Café 🎉 " (7 code points)
  CHECK(byte == 11);
  CHECK(lines.position(1, byte, Encoding::Utf16) == Position{1, 8});
  CHECK(lines.position(1, byte, Encoding::Utf8) == Position{1, 11});
  CHECK(lines.byte_column({1, 8}, Encoding::Utf16) == 11);
  CHECK(lines.byte_column({1, 6}, Encoding::Utf16) == 6);   // inside the emoji's pair: its start
  CHECK(lines.byte_column({1, 999}, Encoding::Utf16) == 16);  // past the end: the end
  CHECK(lines.byte_column({7, 0}, Encoding::Utf16) == -1);
  CHECK(lines.position(9, 0, Encoding::Utf16) == Position{2, 4});
  CHECK(lines.byte_of(1, 99) == 16);
  CHECK(units("é🎉", Encoding::Utf16) == 3);
  CHECK(units("\xff", Encoding::Utf16) == 1);  // a stray byte counts one
}

TEST_CASE("lsp: a ranged change replaces its UTF-16 range", "[lsp]") {
  nlohmann::json change = {{"range", {{"start", {{"line", 0}, {"character", 1}}}, {"end", {{"line", 0}, {"character", 3}}}}}, {"text", "X"}};
  CHECK(apply_change("a🎉b\nc", change, Encoding::Utf16) == "aXb\nc");
  CHECK(apply_change("abc", {{"text", "whole"}}, Encoding::Utf16) == "whole");
}

TEST_CASE("lsp uris: file URIs with escapes, other schemes refused", "[lsp]") {
  CHECK(path_of_uri("file:///home/a/Caf%C3%A9%20b.md") == std::filesystem::path("/home/a/Café b.md"));
  CHECK(path_of_uri("file://localhost/x/../y.md") == std::filesystem::path("/y.md"));
  CHECK_FALSE(path_of_uri("untitled:Untitled-1"));
  CHECK_FALSE(path_of_uri("file://server/share/a.md"));
  CHECK_FALSE(path_of_uri("file:///a%2"));
  CHECK_FALSE(path_of_uri("file:///a%00b"));
  CHECK(uri_of_path("/home/a/Café b.md") == "file:///home/a/Caf%C3%A9%20b.md");
}

}  // namespace anth::test
