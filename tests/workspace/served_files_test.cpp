// What `anthology serve` decides from a request's path alone (workspace/site_server.h): the file of the
// site it names, or none, and the type it is served with.
#include <catch2/catch.hpp>

#include "workspace/site_server.h"

using anth::workspace::content_type;
using anth::workspace::request_path;
using anth::workspace::site_path;

TEST_CASE("serve: a request's path names a file inside the site or nothing", "[serve][workspace]") {
  CHECK(site_path("/") == "index.html");
  CHECK(site_path("/LIT-001.html") == "LIT-001.html");
  CHECK(site_path("/tags/") == "tags/index.html");
  CHECK(site_path("/attachments/img/a b.png") == "attachments/img/a b.png");
  for (const char* bad : {"", "x", "/..", "/../etc/passwd", "/a/../../b", "/./a", "//a", "/a//b", "/a\\b"})
    CHECK_FALSE(site_path(bad));
  CHECK_FALSE(site_path(std::string_view("/a\0b", 4)));
}

TEST_CASE("serve: a request target's path is percent-decoded, its query dropped, a bad escape refused", "[serve][workspace]") {
  CHECK(request_path("/LIT-001.html?x=1#top") == "/LIT-001.html");
  CHECK(request_path("/a%20b.png") == "/a b.png");
  CHECK(request_path("/%2e%2E/etc") == "/../etc");  // decoded first, so that site_path sees the escape
  CHECK(request_path("/%C3%A9") == "/\xC3\xA9");
  for (const char* bad : {"/%", "/%2", "/%zz", "/%2g"}) CHECK_FALSE(request_path(bad));
  CHECK_FALSE(site_path(*request_path("/..%2fetc%2fpasswd")));
}

TEST_CASE("serve: the site's files and a vault's attachments get their types, whatever the case", "[serve][workspace]") {
  CHECK(content_type("index.html") == "text/html; charset=utf-8");
  CHECK(content_type("style.css") == "text/css; charset=utf-8");
  CHECK(content_type("attachments/Photo.JPG") == "image/jpeg");
  CHECK(content_type("attachments/a.jpeg") == "image/jpeg");
  CHECK(content_type("attachments/clip.webm") == "video/webm");
  CHECK(content_type("attachments/talk.MP3") == "audio/mpeg");
  CHECK(content_type("attachments/paper.pdf") == "application/pdf");
  CHECK(content_type("attachments/x.unknownext") == "application/octet-stream");
  CHECK(content_type("noext") == "application/octet-stream");
}
