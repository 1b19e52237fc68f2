#pragma once
// A body as its page shows it: the HTML ingest made once per content (core/model/rendered_body.h),
// with its markers filled in -- each wikilink a link to the note ingest's resolver found (an
// unresolved one a marked span), each relative link to a note's file a link to its page (to an
// attachment, its copy; to neither, a marked span as an unresolved wikilink's), and the
// first mention of each glossary term in a paragraph or table cell a link to the term with its
// definition on hover. No markdown is parsed here and nothing is resolved.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/note.h"
#include "render/site/glossary.h"

namespace anth::render::site {

// What a link to a note shows; views of text that outlives the filling (the corpus).
struct LinkTarget {
  std::string_view id;     // empty: no note
  std::string_view title;  // for the hover
  std::string_view kind;   // "lit", "sota", ... for styling
};

struct FilledBody {
  std::string html;                    // empty unless asked for
  std::vector<std::uint32_t> terms;    // glossary terms linked (indexes into Glossary::terms()), in order, no repeats
};

// The HTML of the note's query block N (render/site/query_blocks.h).
using QueryBlockHtml = std::function<const std::string&(std::size_t block)>;

// The note an embed `![[id]]` transcludes and its body's HTML as ingest made it (render/site/embeds.h);
// nullopt when there is none to show. From any thread.
struct EmbeddedNote {
  const Note* note = nullptr;
  std::string html;
};
using EmbedSource = std::function<std::optional<EmbeddedNote>(std::string_view id)>;

// `target(id)` is what a link to the note `id` (as ingest resolved it) shows. `html`: false gives the
// terms only. `queries` fills the query blocks' markers; without it they are left out.
FilledBody fill_body(const Note& note, const std::function<LinkTarget(std::string_view id)>& target, const Glossary& glossary,
                     bool html = true, const QueryBlockHtml& queries = {});
// `embeds` gives the notes embeds transclude; without it an embed of a note is a link to it.
// The same over the note's html read from the index (a body RenderedBody::stored there).
FilledBody fill_body(const Note& note, std::string_view body_html, const std::function<LinkTarget(std::string_view id)>& target,
                     const Glossary& glossary, bool html = true, const QueryBlockHtml& queries = {},
                     const EmbedSource& embeds = {});

}  // namespace anth::render::site
