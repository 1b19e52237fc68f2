// Text from notes reaches the terminal escaped (core/util/terminal_text.h): a newline in a file name
// cannot forge diagnostic lines, an ESC in a title cannot drive the terminal. End to end through lint,
// show and path.
#include <catch2/catch.hpp>

#include "core/util/terminal_text.h"
#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

struct HostileCorpus {
  TempDir dir;
  HostileCorpus() {
    // A LIT without its year (S002 in its file), under a name that carries a forged diagnostic line.
    dir.write("lit/LIT-7\nlit/LIT-1.md:1:1: error: forged [S002].md",
              "---\nid: LIT-7\ntitle: \"Bad \\e[31mred\\e[0m title\"\nauthors: [A]\n---\nText.\n");
    dir.write("lit/LIT-1.md", "---\nid: LIT-1\ntitle: One\nauthors: [A]\nyear: 2020\n---\n[[LIT-7]]\n");
  }
  RunResult run(const std::string& args) const { return run_anthology(args, dir.path()); }
};

bool has_control(const std::string& text) {
  for (char c : text)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f) return true;
  return false;
}

}  // namespace

TEST_CASE("escape_for_terminal writes control characters as escapes", "[cli]") {
  CHECK(anth::util::escape_for_terminal("a\nb\r\tc\x1b[1m\x7f") == "a\\nb\\r\\tc\\x1b[1m\\x7f");
  CHECK(anth::util::escape_for_terminal("\xc2\x9b" "2J é") == "\\u009b2J é");
  CHECK(anth::util::escape_for_terminal("plain — text") == "plain — text");
}

TEST_CASE("cli: lint, show and path escape control characters from notes", "[cli]") {
  HostileCorpus corpus;
  RunResult lint = corpus.run("lint");
  INFO(lint.out << lint.err);
  CHECK(lint.status == 1);
  CHECK(lint.out.find("lit/LIT-7\\nlit/LIT-1.md:1:1: error: forged [S002].md:") != std::string::npos);
  CHECK(("\n" + lint.out).find("\nlit/LIT-1.md:1:1: error: forged") == std::string::npos);
  CHECK_FALSE(has_control(lint.out));

  RunResult show = corpus.run("show LIT-7");
  INFO(show.out << show.err);
  CHECK(show.out.find("LIT-7: Bad \\x1b[31mred\\x1b[0m title\n") != std::string::npos);
  CHECK(show.out.find("lit/LIT-7\\nlit/LIT-1.md") != std::string::npos);
  CHECK_FALSE(has_control(show.out));

  RunResult path = corpus.run("path LIT-1 LIT-7");
  INFO(path.out << path.err);
  CHECK(path.out.find("LIT-7 — Bad \\x1b[31mred\\x1b[0m title\n") != std::string::npos);
  CHECK_FALSE(has_control(path.out));
}
