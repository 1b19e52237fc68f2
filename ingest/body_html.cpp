#include "ingest/body_html.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "core/model/wikilink_text.h"
#include "core/util/html_text.h"
#include "core/util/markdown_limits.h"
#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

// The marker "<\1N>" (or another kind) with optional flags: "<\1N t>".
std::string marker(char kind, std::string_view body = "") {
  std::string m(1, '<');
  m.append(1, kind).append(body).append(1, '>');
  return m;
}

bool has_scheme_or_authority(std::string_view url) {
  if (url.substr(0, 2) == "//") return true;
  for (char c : url) {
    if (c == ':') return true;
    if (c == '/' || c == '?' || c == '#') return false;
  }
  return false;
}

// Raw HTML kept as HTML must not hold what reads as a marker.
std::string without_marker_bytes(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c >= body_link_open && c <= body_terms_close) out += "\uFFFD";
    else out += c;
  }
  return out;
}

class BodyRewriter {
 public:
  BodyRewriter(cmark_node* doc, bool allow_raw_html, RenderedBody& out) : doc_(doc), raw_(allow_raw_html), out_(out) {}

  void run(std::size_t body_size) {
    raw_html();
    cmark_consolidate_text_nodes(doc_);
    neutralise_links();
    wikilinks();
    headings();
    // The text a reader sees is read before markers turn text nodes into raw HTML.
    out_.plain.reserve(body_size);  // about its size: growing by doubling would waste up to half
    append_plain(doc_, out_.plain);
    while (!out_.plain.empty() && out_.plain.back() == '\n') out_.plain.pop_back();
    excerpts();
    glossary_candidates();
    place_markers();
  }

 private:
  // Raw HTML becomes text (inline) or a block showing it, unless allowed.
  void raw_html() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK})) {
      std::string_view literal = literal_of(node);
      if (raw_) {
        cmark_node_set_literal(node, without_marker_bytes(literal).c_str());
        continue;
      }
      if (cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE) {
        cmark_node_insert_before(node, make_text(literal));
      } else {
        while (!literal.empty() && literal.back() == '\n') literal.remove_suffix(1);
        std::string enter = "<pre class=\"raw-html\"><code>" + escape_html(literal) + "</code></pre>";
        cmark_node_insert_before(node, make_custom(CMARK_NODE_CUSTOM_BLOCK, enter, ""));
      }
      cmark_node_free(node);
    }
  }

  void neutralise_links() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_LINK, CMARK_NODE_IMAGE})) {
      std::string url = cmark_node_get_url(node) ? cmark_node_get_url(node) : "";
      bool image = cmark_node_get_type(node) == CMARK_NODE_IMAGE;
      if (!is_safe_url(url)) {
        replace_keeping_children(node, make_custom(CMARK_NODE_CUSTOM_INLINE,
                                                   "<span class=\"unsafe-link\" title=\"link removed: unsafe target\">",
                                                   "</span>"));
        continue;
      }
      if (image) {
        if (!has_scheme_or_authority(url)) continue;  // a file beside the page
        // An image from elsewhere would be a request leaving the site: it becomes a link to it.
        cmark_node* link = cmark_node_new(CMARK_NODE_LINK);
        cmark_node_set_url(link, url.c_str());
        cmark_node_append_child(link, make_text("Image: "));
        replace_keeping_children(node, link);
        continue;
      }
      // A relative link to a note's markdown file goes to the note's page, when the file is a note's.
      if (has_scheme_or_authority(url)) continue;
      std::string_view path = url, fragment;
      if (auto hash = path.find('#'); hash != std::string_view::npos) {
        fragment = path.substr(hash + 1);
        path = path.substr(0, hash);
      }
      if (path.size() <= 3 || !path.ends_with(".md")) continue;
      std::size_t slash = path.find_last_of('/');
      std::string_view stem = path.substr(slash == std::string_view::npos ? 0 : slash + 1);
      stem.remove_suffix(3);
      file_links_.emplace_back(node, out_.links.size());
      out_.links.push_back({std::string(stem), std::string(fragment), "", "", true});
    }
  }

  void wikilinks() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_TEXT})) {
      if (literal_of(node).find("]]") == std::string_view::npos || inside_link(node)) continue;
      std::string text(literal_of(node));
      WikilinkFinder finder(text);
      std::size_t done = 0;
      bool changed = false;
      for (auto span = finder.next(0); span; span = finder.next(done)) {
        if (span->open > done) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done, span->open - done)));
        wikilink_node(span->inside(text), node);
        done = span->close + 2;
        changed = true;
      }
      if (!changed) continue;
      if (done < text.size()) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done)));
      cmark_node_free(node);
    }
  }

  // One wikilink: a wrapper around its text that becomes its markers (place_markers). A table cell
  // takes no custom node: there the wrapper is a link, and the site makes a plain link of it.
  void wikilink_node(std::string_view inside, cmark_node* at) {
    WikilinkText parts = split_wikilink(inside);
    std::string_view target = parts.target, heading = parts.heading, display = parts.display;
    std::string shown(display.empty() ? (target.empty() ? inside : target) : display);
    std::size_t index = out_.links.size();
    out_.links.push_back({std::string(target), std::string(heading), "", "", false});
    cmark_node* node = make_custom(CMARK_NODE_CUSTOM_INLINE, marker(body_link_open, std::to_string(index)), marker(body_link_close));
    cmark_node_append_child(node, make_text(shown));
    if (!cmark_node_insert_before(at, node)) {
      cmark_node* link = cmark_node_new(CMARK_NODE_LINK);
      while (cmark_node* child = cmark_node_first_child(node)) {
        cmark_node_unlink(child);
        cmark_node_append_child(link, child);
      }
      cmark_node_free(node);
      cmark_node_insert_before(at, link);
      table_links_.emplace_back(link, index);
      node = link;
    }
    wikilinks_.emplace_back(node, index);
  }

  void headings() {
    NodeList nodes = collect(doc_, {CMARK_NODE_HEADING});
    int least = 6;
    for (cmark_node* h : nodes) least = std::min(least, cmark_node_get_heading_level(h));
    int shift = std::max(0, 2 - least);
    std::unordered_set<std::string> used;
    // Per slug, the next suffix to try: counting from 1 again for every repeat was quadratic.
    std::unordered_map<std::string, int> next_suffix;
    for (cmark_node* h : nodes) {
      int level = std::min(6, cmark_node_get_heading_level(h) + shift);
      std::string text;
      append_plain(h, text);
      std::string slug = slugify(text), id = slug;
      if (!used.insert(id).second) {
        int& n = next_suffix[slug];
        do id = slug + "-" + std::to_string(++n);
        while (!used.insert(id).second);
      }
      std::string tag(1, 'h');
      tag += static_cast<char>('0' + level);
      // A block holding one inline wrapper: the heading renders on one line, "<h2 id=..>Text</h2>".
      cmark_node* inline_wrapper =
          make_custom(CMARK_NODE_CUSTOM_INLINE, "<" + tag + " id=\"" + escape_html(id) + "\">", "</" + tag + ">");
      cmark_node* block = make_custom(CMARK_NODE_CUSTOM_BLOCK, "", "");
      cmark_node_insert_before(h, block);
      cmark_node_append_child(block, inline_wrapper);
      while (cmark_node* child = cmark_node_first_child(h)) {
        cmark_node_unlink(child);
        cmark_node_append_child(inline_wrapper, child);
      }
      cmark_node_free(h);
    }
  }

  // The text around the first wikilink to each target as written, for the target's backlinks (the
  // site keeps the first link to each note it resolves to: the first of some target as written). A
  // block's text is read once for all its links: a note linking thousands of notes stays linear.
  void excerpts() {
    struct Wanted {
      cmark_node* node;
      std::size_t link;
      std::size_t start = 0, end = 0;
    };
    std::vector<Wanted> wanted;
    std::unordered_set<std::string_view> seen;
    std::vector<cmark_node*> blocks;  // in the order of their first link
    std::unordered_map<cmark_node*, std::vector<std::size_t>> in_block;
    for (auto [node, index] : wikilinks_) {
      const std::string& target = out_.links[index].target;
      if (target.empty() || !seen.insert(target).second) continue;
      cmark_node* block = enclosing_block(node);
      if (!block) continue;
      auto [it, fresh] = in_block.try_emplace(block);
      if (fresh) blocks.push_back(block);
      it->second.push_back(wanted.size());
      wanted.push_back({node, index});
    }
    std::string text;
    std::unordered_map<cmark_node*, std::size_t> wanted_at;  // a link's node -> its index in wanted
    for (cmark_node* block : blocks) {
      const std::vector<std::size_t>& here = in_block[block];
      wanted_at.clear();
      for (std::size_t j : here) wanted_at.emplace(wanted[j].node, j);
      text.clear();
      append_plain(block, text, [&](cmark_node* node, bool entering, std::size_t offset) {
        if (auto it = wanted_at.find(node); it != wanted_at.end())
          (entering ? wanted[it->second].start : wanted[it->second].end) = offset;
      });
      for (std::size_t j : here) {
        Wanted& w = wanted[j];
        out_.links[w.link].excerpt = excerpt_around(text, w.start, w.end >= w.start ? w.end - w.start : 0);
      }
    }
  }

  // Text of paragraphs and table cells, outside links: where the site may link glossary terms (the
  // first mention of each term in a paragraph or cell). Marked as a run the site scans.
  void glossary_candidates() {
    cmark_node* scope = nullptr;
    for (cmark_node* node : collect(doc_, {CMARK_NODE_TEXT})) {
      if (inside_link(node)) continue;
      cmark_node* here = glossary_scope(node);
      if (!here) continue;
      std::string flags;
      if (here != scope) flags += 's';
      if (is_type(here, "table_cell")) flags += 't';
      scope = here;
      std::string run = marker(body_terms_open, flags);
      append_escaped_text(run, literal_of(node));
      run += marker(body_terms_close);
      cmark_node_insert_before(node, make_html(run));
      cmark_node_free(node);
    }
  }

  // Wikilinks in table cells and links to note files get their markers as raw HTML nodes, which every
  // inline container takes.
  void place_markers() {
    for (auto [link, index] : table_links_) {
      cmark_node_insert_before(link, make_html(marker(body_link_open, std::to_string(index) + " t")));
      while (cmark_node* child = cmark_node_first_child(link)) {
        cmark_node_unlink(child);
        cmark_node_insert_before(link, child);
      }
      cmark_node_insert_before(link, make_html(marker(body_link_close)));
      cmark_node_free(link);
    }
    for (auto [link, index] : file_links_) cmark_node_insert_before(link, make_html(marker(body_file_link, std::to_string(index))));
  }

  cmark_node* doc_;
  bool raw_;
  RenderedBody& out_;
  std::vector<std::pair<cmark_node*, std::size_t>> wikilinks_, table_links_, file_links_;  // node, link index
};

// The tree's HTML, one top-level block at a time, each block freed once rendered: cmark's buffer for
// the whole page (grown by doubling to 1.5x the HTML) never sits beside the whole tree, which is
// several times the body's size. Blocks render alone as they do in the document, but for footnotes,
// which the document's end collects: a body with any is rendered at once.
std::string render_html_freeing(cmark_node* doc, int flags, cmark_llist* extensions, std::size_t body_size) {
  std::string out;
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
    out.reserve(body_size + body_size / 4);  // prose's HTML is a little larger than its markdown
    while (cmark_node* block = cmark_node_first_child(doc)) {
      append(block);
      cmark_node_free(block);  // unlinks it too
    }
  }
  cmark_node_free(doc);
  return out;
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
std::vector<LineRange> inline_blocks(cmark_node* doc) {
  std::vector<LineRange> ranges;
  std::size_t heading = ranges.max_size();
  cmark_iter* iter = cmark_iter_new(doc);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* node = cmark_iter_get_node(iter);
    if (heading < ranges.size()) {
      int start = cmark_node_get_start_line(node);
      if (start > ranges[heading].first && start <= ranges[heading].last) ranges[heading].last = start - 1;
      heading = ranges.max_size();
    }
    cmark_node_type type = cmark_node_get_type(node);
    if (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || is_type(node, "table")) {
      ranges.push_back({cmark_node_get_start_line(node), cmark_node_get_end_line(node)});
      if (type == CMARK_NODE_HEADING) heading = ranges.size() - 1;
      cmark_iter_reset(iter, node, CMARK_EVENT_EXIT);  // its inline children add nothing
    }
  }
  cmark_iter_free(iter);
  return ranges;
}

}  // namespace

ParsedBody parse_body(std::string_view body, bool allow_raw_html) {
  static std::once_flag registered;
  std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
  ParsedBody out;
  if (body.empty()) return out;
  // Markers are raw HTML, so the HTML is written with raw HTML on: the note's own raw HTML is gone by
  // then unless allowed, and every link target left is safe.
  int flags = CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_UNSAFE;
  std::unique_ptr<cmark_parser, decltype(&cmark_parser_free)> parser(cmark_parser_new(flags), cmark_parser_free);
  // Without tables when a row is too wide for cmark-gfm (markdown_limits.h).
  bool tables = !has_huge_table_row(body);
  for (const char* name : {"table", "strikethrough", "autolink", "tasklist"})
    if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name); ext && (tables || std::strcmp(name, "table") != 0))
      cmark_parser_attach_syntax_extension(parser.get(), ext);
  std::unique_ptr<cmark_node, decltype(&cmark_node_free)> doc(nullptr, cmark_node_free);
  // cmark-gfm adds its extensions' special characters to a process-wide table while it parses
  // inlines (cmark_parser_finish) and removes them afterwards, so two inline parses at once can miss
  // each other's '~' or '@': they take turns. Blocks (cmark_parser_feed) do not use the table, and
  // rewriting and rendering the tree run in parallel too.
  cmark_parser_feed(parser.get(), body.data(), body.size());
  {
    static std::mutex inline_mutex;
    std::lock_guard lock(inline_mutex);
    doc.reset(cmark_parser_finish(parser.get()));
  }
  out.inline_blocks = inline_blocks(doc.get());
  BodyRewriter(doc.get(), allow_raw_html, out.rendered).run(body.size());
  out.rendered.html = render_html_freeing(doc.release(), flags, cmark_parser_get_syntax_extensions(parser.get()), body.size());
  align_as_class(out.rendered.html);
  return out;
}

}  // namespace anth::ingest
