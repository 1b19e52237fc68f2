// What every command loads before it runs: the shared libraries the binary names (DT_NEEDED). libgit2
// is loaded only when a corpus is a repository (ingest/git_library.h), and serve's HTTP is header-only
// Boost.Beast; linking either again brings a dozen libraries (TLS, SSH, Kerberos) and OpenSSL's set-up
// into every start, which tripled the start-up of `anthology --version` and doubled `origin`'s time.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "tests/support/test_support.h"

namespace anth::test {

TEST_CASE("architecture: the binary links no library that only one command needs", "[architecture]") {
  RunResult r = run("readelf -d " + anthology_binary().string() + " 2>&1");
  REQUIRE(r.status == 0);
  std::istringstream lines(r.out);
  std::string line, needed;
  while (std::getline(lines, line))
    if (line.find("(NEEDED)") != std::string::npos) needed += line.substr(line.find('[')) + "\n";
  INFO("the binary needs:\n" << needed);
  REQUIRE(needed.find("libc.so") != std::string::npos);  // the listing was read
  for (const char* lib : {"libgit2", "libssl", "libcrypto", "libcpp-httplib", "libssh2", "libkrb5", "libgssapi"})
    CHECK(needed.find(lib) == std::string::npos);
}

}  // namespace anth::test
