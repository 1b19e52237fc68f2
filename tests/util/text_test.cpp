// count_words (core/util/text.h) and the escapes of core/util/html_text.h: count_words calls a byte a space
// exactly when the "C" locale's isspace does; the escapes agree with a plain byte loop wherever a byte falls.
#include <catch2/catch.hpp>

#include <cctype>
#include <string>

#include "core/util/html_text.h"
#include "core/util/text.h"

TEST_CASE("count_words: every byte is a space exactly when isspace says so", "[util]") {
  for (int b = 1; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const std::string text = std::string("a") + c + "b";
    INFO("byte " << b);
    CHECK(anth::util::count_words(text) == (std::isspace(b) ? 2 : 1));
  }
  CHECK(anth::util::count_words("") == 0);
  CHECK(anth::util::count_words(" \t\n two\v\f\rwords \r\n") == 2);
  CHECK(anth::util::count_words("caf\xc3\xa9 \xc2\xa0 x") == 3);  // a no-break space is no ASCII space
}

TEST_CASE("append_escaped_text and _html: every special byte at every offset of the eight-byte steps", "[util]") {
  auto reference = [](std::string_view text, bool apostrophe) {
    std::string out;
    for (char c : text) {
      if (c == '&') out += "&amp;";
      else if (c == '<') out += "&lt;";
      else if (c == '>') out += "&gt;";
      else if (c == '"') out += "&quot;";
      else if (c == '\'' && apostrophe) out += "&#39;";
      else out += c;
    }
    return out;
  };
  for (char special : {'&', '<', '>', '"', '\''})
    for (std::size_t at = 0; at < 19; ++at) {
      std::string text = std::string(at, 'x') + special + "caf\xc3\xa9 " + std::string(at % 7, 'y') + special;
      std::string as_text = "[", as_html = "[";
      anth::util::append_escaped_text(as_text, text);
      anth::util::append_escaped_html(as_html, text);
      INFO("byte " << special << " at " << at);
      CHECK(as_text == "[" + reference(text, false));
      CHECK(as_html == "[" + reference(text, true));
    }
}

TEST_CASE("unescape_text: the four entities back, anything else as written, at every offset", "[util]") {
  for (std::size_t at = 0; at < 12; ++at) {
    const std::string pad(at, 'p');
    CHECK(anth::util::unescape_text(pad + "&amp;&lt;&gt;&quot;" + pad) == pad + "&<>\"" + pad);
    CHECK(anth::util::unescape_text(pad + "&amp;amp; &#39; & &q" + pad) == pad + "&amp; &#39; & &q" + pad);
    CHECK(anth::util::unescape_text(pad + "&") == pad + "&");
    std::string text = pad + "a \"b\" & <c>";
    std::string escaped;
    anth::util::append_escaped_text(escaped, text);
    CHECK(anth::util::unescape_text(escaped) == text);
  }
}
