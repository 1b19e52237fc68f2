#pragma once
// Text that goes into HTML: escaping, link-target safety and heading slugs. Ingest uses them to make a
// body's HTML (ingest/body_html.*), the site for everything else it writes (render/site/html.h).
#include <string>
#include <string_view>

namespace anth::util {

// Escapes & < > " ' for HTML text, attribute values (always double-quoted) and SVG.
std::string escape_html(std::string_view text);
// The same, appended to `out`.
void append_escaped_html(std::string& out, std::string_view text);

// Text as cmark-gfm's HTML renderer escapes it (& < > " only), and back: the body's HTML is made by
// cmark in ingest, and the site fills text into it (render/site/body_fill.*) the way cmark would.
void append_escaped_text(std::string& out, std::string_view text);
std::string unescape_text(std::string_view escaped);
// A URL as cmark-gfm writes it into href="...": percent-encoded outside its safe set, & and ' as entities.
void append_escaped_href(std::string& out, std::string_view url);

// True when a link target may be used as written: a relative reference or fragment, or an absolute
// URL with the http, https or mailto scheme. Everything else (javascript:, vbscript:, data:, file:,
// unknown schemes, and schemes hidden by whitespace or control characters) is unsafe.
bool is_safe_url(std::string_view url);

// The lowercase ASCII slug of a heading ("Key takeaways" -> "key-takeaways"); "section" when empty.
std::string slugify(std::string_view text);

}  // namespace anth::util