#include "ingest/body_html.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>

#include "core/util/markdown_limits.h"
#include "core/util/text.h"
#include "core/util/utf8.h"
#include "ingest/block_ids.h"
#include "ingest/body_pieces.h"
#include "ingest/body_rewriter.h"
#include "ingest/body_tree.h"
#include "ingest/math_syntax.h"
#include "ingest/query_blocks.h"
#include "ingest/task_lists.h"
#include "ingest/wikilink_mask.h"

namespace anth::ingest {

namespace {

// The tree's HTML appended to `out`, one top-level block at a time, each block freed once rendered:
// cmark's buffer for the whole page (grown by doubling to 1.5x the HTML) never sits beside the whole
// tree, which is several times the body's size. Blocks render alone as they do in the document, but
// for footnotes, which the document's end collects: a body with any is rendered at once.
void render_html_freeing(cmark_node* doc, int flags, cmark_llist* extensions, std::string& out) {
  auto append = [&](cmark_node* node) {
    char* html = cmark_render_html(node, flags, extensions);
    if (html) out += html;
    std::free(html);
  };
  bool footnotes = false;
  for (cmark_node* c = cmark_node_first_child(doc); c && !footnotes; c = cmark_node_next(c))
    footnotes = cmark_node_get_type(c) == CMARK_NODE_FOOTNOTE_DEFINITION;
  if (footnotes) {
    append(doc);
  } else {
    while (cmark_node* block = cmark_node_first_child(doc)) {
      append(block);
      cmark_node_free(block);  // unlinks it too
    }
  }
  cmark_node_free(doc);
}

// Table cells: the obsolete align attribute becomes a class (an inline style would need the
// Content-Security-Policy to allow inline styles). Text from the note cannot match: its quotes and
// angle brackets are escaped.
void align_as_class(std::string& html) {
  if (html.find(" align=\"") == std::string::npos) return;
  std::string fixed;
  fixed.reserve(html.size() + 256);
  std::size_t done = 0;
  for (std::size_t at = html.find(" align=\""); at != std::string::npos; at = html.find(" align=\"", at + 1)) {
    if (at < 3 || html.compare(at - 3, 2, "<t") != 0 || (html[at - 1] != 'd' && html[at - 1] != 'h')) continue;
    for (std::string_view side : {"left", "center", "right"})
      if (html.compare(at + 8, side.size(), side) == 0 && html.compare(at + 8 + side.size(), 1, "\"") == 0) {
        fixed.append(html, done, at - done).append(" class=\"align-").append(side).append("\"");
        done = at + 8 + side.size() + 1;
        break;
      }
  }
  fixed.append(html, done);
  html = std::move(fixed);
}

// The blocks whose inline content may hold wikilinks and fields: paragraphs, headings and tables.
// cmark-gfm reports a setext heading as ending on the line after its underline (the line that closed
// it): the heading is cut back to before the next block, so that line is neither read twice nor read
// as text when it is code.
void add_inline_blocks(cmark_node* doc, int line_offset, std::vector<LineRange>& ranges) {
  // A piece's line N is the body's N + line_offset; cmark-gfm gives some nodes line 0 (unknown).
  auto body_line = [&](int line) { return line > 0 ? line + line_offset : line; };
  std::size_t heading = ranges.max_size();
  cmark_iter* iter = cmark_iter_new(doc);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* node = cmark_iter_get_node(iter);
    if (heading < ranges.size()) {
      int start = body_line(cmark_node_get_start_line(node));
      if (start > ranges[heading].first && start <= ranges[heading].last) ranges[heading].last = start - 1;
      heading = ranges.max_size();
    }
    cmark_node_type type = cmark_node_get_type(node);
    if (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || is_type(node, "table")) {
      ranges.push_back({body_line(cmark_node_get_start_line(node)), body_line(cmark_node_get_end_line(node))});
      if (type == CMARK_NODE_HEADING) heading = ranges.size() - 1;
      cmark_iter_reset(iter, node, CMARK_EVENT_EXIT);  // its inline children add nothing
    }
  }
  cmark_iter_free(iter);
}

// Markers are raw HTML, so the HTML is written with raw HTML on: the note's own raw HTML is gone by
// then unless allowed, and every link target left is safe.
// cmark's own UTF-8 check (CMARK_OPT_VALIDATE_UTF8) only for a text that needs it: a note's file was
// checked when read (note_parser.cpp), and cmark checking it again byte by byte cost ~0.4% of a lint.
constexpr int cmark_flags = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE;

struct PieceTree {
  std::unique_ptr<cmark_parser, decltype(&cmark_parser_free)> parser{nullptr, cmark_parser_free};
  std::unique_ptr<cmark_node, decltype(&cmark_node_free)> doc{nullptr, cmark_node_free};
};

PieceTree parse_tree(std::string_view text, bool tables) {
  PieceTree tree;
  const bool valid = util::find_invalid_utf8(text) == std::string_view::npos;
  tree.parser.reset(cmark_parser_new(cmark_flags | (valid ? 0 : CMARK_OPT_VALIDATE_UTF8)));
  for (const char* name : {"table", "strikethrough", "autolink", "tasklist"})
    if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name); ext && (tables || std::strcmp(name, "table") != 0))
      cmark_parser_attach_syntax_extension(tree.parser.get(), ext);
  cmark_parser_attach_syntax_extension(tree.parser.get(), math_extension());
  // cmark-gfm adds its extensions' special characters to a process-wide table while it parses
  // inlines (cmark_parser_finish) and removes them afterwards, so two inline parses at once can miss
  // each other's '~' or '@': they take turns. Blocks (cmark_parser_feed) do not use the table, and
  // rewriting and rendering the tree run in parallel too.
  // Wikilinks' brackets are hidden from cmark's own (wikilink_mask.h); the parser copies what it is fed.
  bool masked = false;
  if (std::optional<std::string> hidden = mask_wikilinks(text)) {
    cmark_parser_feed(tree.parser.get(), hidden->data(), hidden->size());
    masked = true;
  } else {
    cmark_parser_feed(tree.parser.get(), text.data(), text.size());
  }
  {
    static std::mutex inline_mutex;
    std::lock_guard lock(inline_mutex);
    reset_math_scan();
    tree.doc.reset(cmark_parser_finish(tree.parser.get()));
  }
  if (masked) {
    // Merged first (as the rewriter would: body_rewriter.cpp), so that the brackets go back into a few
    // long literals rather than into a copy of every short one.
    cmark_consolidate_text_nodes(tree.doc.get());
    unmask_wikilinks(tree.doc.get());
  }
  return tree;
}

// True when the piece's last top-level block is a fenced code block or an HTML block that only the
// piece's end closed: then the cut after it fell inside that block, and the rest of the body belongs
// to the same parse. cmark reads blocks line by line, so up to a piece's end its tree is the whole
// body's: this is the one way a cut can differ from the whole (body_pieces.h says why).
bool runs_past_end(cmark_node* doc, std::string_view text) {
  cmark_node* last = cmark_node_last_child(doc);
  if (!last) return false;
  int length = 0, offset = 0;
  char fence = 0;
  bool open_kind = cmark_node_get_type(last) == CMARK_NODE_HTML_BLOCK ||
                   (cmark_node_get_type(last) == CMARK_NODE_CODE_BLOCK && cmark_node_get_fenced(last, &length, &offset, &fence));
  int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  return open_kind && cmark_node_get_end_line(last) >= lines;
}

// One piece rewritten into `out`; its tree freed.
void add_piece(PieceTree tree, int first_line, bool allow_raw_html, BodyFor use, BodyRewriteState& state, ParsedBody& out) {
  add_inline_blocks(tree.doc.get(), first_line - 1, out.inline_blocks);
  take_query_blocks(tree.doc.get(), first_line - 1, out.rendered);
  state.line_offset = first_line - 1;
  rewrite_piece(tree.doc.get(), allow_raw_html, use == BodyFor::site, state, out.rendered);
  if (use == BodyFor::site)
    render_html_freeing(tree.doc.release(), cmark_flags, cmark_parser_get_syntax_extensions(tree.parser.get()), out.rendered.html);
}

}  // namespace

ParsedBody parse_body(std::string_view body, bool allow_raw_html, std::size_t piece_bytes, BodyFor use) {
  static std::once_flag registered;
  std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
  ParsedBody out;
  out.rendered.text_made = use == BodyFor::site;
  if (body.empty()) return out;
  // Without tables when a row is too wide for cmark-gfm (markdown_limits.h).
  bool tables = !util::has_huge_table_row(body);
  if (use == BodyFor::site) {
    out.rendered.html.reserve(body.size() + body.size() / 4);  // prose's HTML is a little larger than its markdown
    out.rendered.plain.reserve(body.size());                   // growing by doubling would waste up to half
  }
  // Its links, reserved for every wikilink and markdown link it may hold rather than grown by doubling.
  out.rendered.links.reserve(util::count_of(body, "[[") + util::count_of(body, "]("));
  BodyRewriteState state(out.rendered);
  std::vector<BodyPiece> pieces = body_pieces(body, piece_bytes);
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    PieceTree tree = parse_tree(pieces[k].text, tables);
    int first_line = pieces[k].first_line;
    if (k + 1 < pieces.size() && runs_past_end(tree.doc.get(), pieces[k].text)) {
      std::size_t from = static_cast<std::size_t>(pieces[k].text.data() - body.data());
      tree = parse_tree(body.substr(from), tables);  // the rest at once: one more parse at most
      k = pieces.size() - 1;
    }
    add_piece(std::move(tree), first_line, allow_raw_html, use, state, out);
  }
  out.tags = std::move(state.tags);
  if (use == BodyFor::checks) return out;
  while (!out.rendered.plain.empty() && out.rendered.plain.back() == '\n') out.rendered.plain.pop_back();
  set_heading_levels(out.rendered.html, state);
  align_as_class(out.rendered.html);
  place_block_ids(out.rendered.html);
  label_task_boxes(out.rendered.html);
  return out;
}

}  // namespace anth::ingest
