#pragma once
// A bibliography file's bytes as UTF-8, the only encoding notes may have (S008). Exports from older
// reference managers are often Latin-1 or Windows-1252 (JabRef writes "% Encoding: windows-1252" at
// the top); importing them byte for byte wrote notes that lint refused.
#include <string>

namespace anth::ingest {

struct DecodedText {
  std::string text;      // UTF-8
  std::string encoding;  // what it was read as when it was not UTF-8 ("windows-1252"); empty for UTF-8
};

// Valid UTF-8 (a byte order mark dropped) is kept. Otherwise the text is read, through iconv, as
// UTF-16 when it starts with that byte order mark; else as the encoding a JabRef "% Encoding:" line
// names, when iconv knows it; else as Windows-1252, whose undefined bytes fall back to Latin-1.
DecodedText to_utf8(std::string bytes);

}  // namespace anth::ingest
