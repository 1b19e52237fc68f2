// Bibliography bytes as UTF-8 (ingest/text_encoding.h): older exports are Latin-1 or Windows-1252, and
// importing them byte for byte wrote notes lint refused (S008).
#include <catch2/catch.hpp>

#include "ingest/text_encoding.h"

using anth::ingest::to_utf8;

TEST_CASE("text encoding: UTF-8 is kept, its byte order mark dropped", "[ingest][import]") {
  CHECK(to_utf8("Über “x”").text == "Über “x”");
  CHECK(to_utf8("Über").encoding.empty());
  CHECK(to_utf8("\xEF\xBB\xBF@article").text == "@article");
}

TEST_CASE("text encoding: other bytes are read as Windows-1252, or Latin-1 where it has no character", "[ingest][import]") {
  auto cp1252 = to_utf8("M\xfcller \x93quoted\x94 \x80");
  CHECK(cp1252.text == "Müller “quoted” €");
  CHECK(cp1252.encoding == "windows-1252");
  auto latin1 = to_utf8("M\xfcller \x81");  // 0x81 is no Windows-1252 character
  CHECK(latin1.text == "Müller \u0081");
  CHECK(latin1.encoding == "ISO-8859-1");
}

TEST_CASE("text encoding: a JabRef header names the encoding, and UTF-16 is known by its mark", "[ingest][import]") {
  // Latin-1 declared: 0x93 is the C1 control U+0093, not Windows-1252's quote.
  auto declared = to_utf8("% Encoding: ISO8859_1\n@article{a, title={\x93\xe9}}");
  CHECK(declared.encoding == "ISO8859-1");
  CHECK(declared.text == "% Encoding: ISO8859_1\n@article{a, title={\u0093é}}");
  // No iconv option rides along with the name ("//TRANSLIT" stops it), and an unknown name falls back.
  CHECK(to_utf8("% Encoding: ISO-8859-1//TRANSLIT\n\xe9").encoding == "ISO-8859-1");
  CHECK(to_utf8("% Encoding: no-such-charset\n\xe9").encoding == "windows-1252");
  auto utf16 = to_utf8(std::string("\xFF\xFE@\0a\0\xE9\0", 8));
  CHECK(utf16.text == "@aé");
  CHECK(utf16.encoding == "UTF-16");
}
