// A parse for the checks only (lint, queries: ingest/body_html.h, BodyFor::checks) finds in every body
// what a parse for the site finds and the checks read (links, anchors, query blocks, tags, fields), and
// makes none of the site's text. Every note of the fixtures and of data/ is parsed both ways.
#include <catch2/catch.hpp>

#include <filesystem>

#include "core/index/index.h"
#include "ingest/note_parser.h"
#include "tests/support/test_support.h"

using namespace anth::ingest;  // the stage under test

using namespace anth;
using namespace anth::test;

namespace {

// The parse as the index keeps it (links, anchors, fields, ...; not the HTML or text), without the
// excerpts that only the site's parse makes.
std::string as_stored(ParsedNote parse) {
  parse.note.rendered.excerpts = {};
  return index::encode_parse(parse);
}

}  // namespace

TEST_CASE("a parse for the checks finds what a parse for the site finds, and makes no HTML or text", "[ingest][body]") {
  ParseSettings site, checks;
  checks.body_for = BodyFor::checks;
  std::size_t notes = 0, with_links = 0;
  for (const char* folder : {"tests/fixtures", "data"}) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(source_dir() / folder)) {
      if (!e.is_regular_file() || e.is_symlink() || e.path().extension() != ".md") continue;
      const std::string path = e.path().lexically_relative(source_dir()).generic_string();
      const std::string text = read_file(e.path());
      ParsedNote full = parse_note(path, text, site), lean = parse_note(path, text, checks);
      INFO(path);
      CHECK(as_stored(full) == as_stored(lean));
      CHECK(full.note.rendered.text_made);
      // A note refused unread (too large, not UTF-8) has no body either way, and nothing to make.
      if (!full.note.body.empty()) CHECK_FALSE(lean.note.rendered.text_made);
      CHECK(lean.note.rendered.html.empty());
      CHECK(lean.note.rendered.plain.empty());
      ++notes;
      with_links += full.note.rendered.links.empty() ? 0 : 1;
    }
  }
  CHECK(notes > 300);       // the comparison saw the corpora
  CHECK(with_links > 100);  // and bodies with links in them
}
