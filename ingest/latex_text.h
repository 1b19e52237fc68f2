#pragma once
// The text of a BibTeX value as a reader sees it: LaTeX accents and commands decoded to Unicode
// ({\"u} and \"{u} are ü, \'e é, {\ss} ß, \& &, \textbackslash{} \), `--` and `---` as en and em dashes,
// `~` a space, formatting commands (\emph{x}, \textbf{x}) dropped for their argument, protective braces
// removed, white space collapsed; the result in Unicode's composed form (NFC). Math between unescaped `$`
// (or `$$`, or `\(` and `\)`, written as `$...$`) is kept as written, only its blanks collapsed: the
// notes render it with KaTeX.
#include <string>
#include <string_view>

namespace anth::ingest {

std::string latex_to_unicode(std::string_view latex);

}  // namespace anth::ingest
