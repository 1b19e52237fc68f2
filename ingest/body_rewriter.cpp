#include "ingest/body_rewriter.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "core/graph/link_path.h"
#include "core/model/wikilink_text.h"
#include "core/util/html_text.h"
#include "ingest/block_ids.h"
#include "ingest/body_html.h"
#include "ingest/body_tree.h"
#include "ingest/callouts.h"
#include "ingest/embeds.h"
#include "ingest/highlight.h"
#include "ingest/inline_tags.h"
#include "ingest/math_syntax.h"
#include "ingest/inline_fields_html.h"

namespace anth::ingest {

std::size_t BodyRewriteState::TargetHash::operator()(std::size_t link) const {
  return std::hash<std::string_view>()((*links)[link].target);
}

bool BodyRewriteState::SameTarget::operator()(std::size_t a, std::size_t b) const {
  return (*links)[a].target == (*links)[b].target;
}

BodyRewriteState::BodyRewriteState(const RenderedBody& out)
    : excerpted(16, TargetHash{&out.links}, SameTarget{&out.links}) {}

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

// A heading's level while the body is rewritten: its tag is "<h" and this byte, turned into the digit
// once every piece is read (the least level of the whole body shifts them all).
char level_placeholder(int level) { return static_cast<char>(0x10 + level); }
bool is_level_placeholder(char c) { return c > 0x10 && c <= 0x16; }

// Raw HTML kept as HTML must not hold what reads as a marker.
std::string without_marker_bytes(std::string_view text) {
  std::string out;
  for (char c : text) {
    if ((c >= body_link_open && c <= body_last_marker) || is_level_placeholder(c) || c == '\x17') out += "\uFFFD";
    else out += c;
  }
  return out;
}

class BodyRewriter {
 public:
  BodyRewriter(cmark_node* doc, bool allow_raw_html, bool site_text, BodyRewriteState& state, RenderedBody& out)
      : doc_(doc), raw_(allow_raw_html), site_text_(site_text), state_(state), out_(out) {}

  void run() {
    raw_html();
    cmark_consolidate_text_nodes(doc_);
    make_callouts(doc_);
    neutralise_links();
    wikilinks();
    unwrap_embed_paragraphs(embeds_);
    mark_highlights(doc_);
    block_ids();
    headings();
    if (!site_text_) {
      mark_inline_tags(doc_, state_.tags);
      return;
    }
    // The text a reader sees is read before markers turn text nodes into raw HTML.
    append_plain(doc_, out_.plain);
    excerpts();
    render_math(doc_);
    mark_inline_tags(doc_, state_.tags);
    mark_line_fields(doc_);  // after the reader's text: its spans are raw HTML
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
        std::string enter = "<pre class=\"raw-html\"><code>" + util::escape_html(literal) + "</code></pre>";
        cmark_node_insert_before(node, make_custom(CMARK_NODE_CUSTOM_BLOCK, enter, ""));
      }
      cmark_node_free(node);
    }
  }

  void neutralise_links() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_LINK, CMARK_NODE_IMAGE})) {
      std::string url = cmark_node_get_url(node) ? cmark_node_get_url(node) : "";
      bool image = cmark_node_get_type(node) == CMARK_NODE_IMAGE;
      if (!util::is_safe_url(url)) {
        replace_keeping_children(node, make_custom(CMARK_NODE_CUSTOM_INLINE,
                                                   "<span class=\"unsafe-link\" title=\"link removed: unsafe target\">",
                                                   "</span>"));
        continue;
      }
      if (image && has_scheme_or_authority(url)) {
        // An image from elsewhere would be a request leaving the site: it becomes a link to it.
        cmark_node* link = cmark_node_new(CMARK_NODE_LINK);
        cmark_node_set_url(link, url.c_str());
        cmark_node_append_child(link, make_text("Image: "));
        replace_keeping_children(node, link);
        continue;
      }
      if (has_scheme_or_authority(url)) continue;
      // A file of the vault, relative to the note's folder first: a note's ("x.md", or as Obsidian
      // writes a markdown link, without the extension: "Three%20laws"), whose page a link goes to, or
      // an attachment's ("notes.pdf"), which the site copies. A query is no part of the file's name
      // (Obsidian allows no '?' in one); an image's fragment names nothing.
      std::string_view path = url, fragment;
      if (auto hash = path.find('#'); hash != std::string_view::npos) {
        fragment = path.substr(hash + 1);
        path = path.substr(0, hash);
      }
      path = path.substr(0, path.find('?'));
      if (path.empty()) continue;
      file_link(node, path, image ? "" : fragment, image);
    }
  }

  // A relative link or image to a file of the vault: the resolver reads the path from the note's
  // folder first; its place in the body is its relation's (Origin::Link).
  void file_link(cmark_node* node, std::string_view path, std::string_view fragment, bool image) {
    file_links_.emplace_back(node, out_.links.size());
    BodyLink link{graph::percent_decode(path), graph::percent_decode(fragment), "", true};
    link.embed = image;
    int line = cmark_node_get_start_line(node);
    link.line = line > 0 ? line + state_.line_offset : 0;
    link.column = cmark_node_get_start_column(node);
    out_.links.push_back(std::move(link));
  }

  void wikilinks() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_TEXT})) {
      if (literal_of(node).find("]]") == std::string_view::npos || inside_link(node)) continue;
      if (!site_text_ && !inside_heading(node)) {
        wikilinks_in_place(node);
        continue;
      }
      std::string text(literal_of(node));
      WikilinkFinder finder(text);
      std::size_t done = 0;
      bool changed = false;
      for (auto span = finder.next(0); span; span = finder.next(done)) {
        // `![[...]]`: an embed; its '!' is not text.
        bool embed = span->open > done && text[span->open - 1] == '!';
        std::size_t text_end = span->open - (embed ? 1 : 0);
        if (text_end > done) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done, text_end - done)));
        wikilink_node(span->inside(text), node, embed);
        done = span->close + 2;
        changed = true;
      }
      if (!changed) continue;
      if (done < text.size()) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done)));
      cmark_node_free(node);
    }
  }

  // For the checks only (no HTML, reader's text or excerpts), outside headings (whose text names their
  // anchors): the links are recorded but make no nodes, each replaced in the text by one byte, '\x01',
  // neither a blank nor part of a tag, so that a tag or a block id next to a link reads as next to its
  // node; the text after the last link stays a node of its own, as a block id's "^id" after a link
  // does. A note of millions of links would otherwise hold three nodes (~600 bytes) a link for lint.
  void wikilinks_in_place(cmark_node* node) {
    std::string_view text = literal_of(node);
    WikilinkFinder finder(text);
    std::string before;
    std::size_t done = 0;
    for (auto span = finder.next(0); span; span = finder.next(done)) {
      bool embed = span->open > done && text[span->open - 1] == '!';
      before.append(text.substr(done, span->open - (embed ? 1 : 0) - done)).append(1, '\x01');
      add_link(span->inside(text), embed);
      done = span->close + 2;
    }
    if (done == 0) return;
    cmark_node_insert_before(node, make_text(before));
    if (done == text.size()) cmark_node_free(node);
    else cmark_node_set_literal(node, std::string(text.substr(done)).c_str());
  }

  // A wikilink's inside as a link of the body; returns the text it shows.
  std::string add_link(std::string_view inside, bool embed) {
    WikilinkText parts = split_wikilink(inside);
    std::string_view target = parts.target, heading = parts.heading, display = parts.display;
    BodyLink link{std::string(target), std::string(heading), "", false};
    link.embed = embed;
    if (auto size = embed ? embed_size(display) : std::nullopt) {  // `![[a.png|300x200]]`: a size, not a text
      std::tie(link.width, link.height) = *size;
      display = {};
    }
    out_.links.push_back(std::move(link));
    return std::string(display.empty() ? (target.empty() ? inside : target) : display);
  }

  // One wikilink: a wrapper around its text that becomes its markers (place_markers). A table cell
  // takes no custom node: there the wrapper is a link, and the site makes a plain link of it.
  void wikilink_node(std::string_view inside, cmark_node* at, bool embed) {
    std::size_t index = out_.links.size();
    std::string shown = add_link(inside, embed);
    cmark_node* node = make_custom(CMARK_NODE_CUSTOM_INLINE, marker(body_link_open, std::to_string(index) + (embed ? " e" : "")),
                                   marker(body_link_close));
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
    } else if (embed) {
      embeds_.push_back(node);
    }
    wikilinks_.emplace_back(node, index);
  }

  void headings() {
    for (cmark_node* h : collect(doc_, {CMARK_NODE_HEADING})) {
      int level = cmark_node_get_heading_level(h);
      state_.least_heading_level = std::min(state_.least_heading_level, level);
      std::string text;
      append_plain(h, text);
      std::string slug = util::slugify(text), id = slug;
      if (!state_.heading_ids.insert(id).second) {
        // Per slug, the next suffix to try: counting from 1 again for every repeat was quadratic.
        int& n = state_.next_suffix[slug];
        do id = slug + "-" + std::to_string(++n);
        while (!state_.heading_ids.insert(id).second);
      }
      out_.anchors.push_back({text, id, level, cmark_node_get_start_line(h) + state_.line_offset});
      std::string tag(1, 'h');
      tag += level_placeholder(level);
      // A block holding one inline wrapper: the heading renders on one line, "<h2 id=..>Text</h2>".
      cmark_node* inline_wrapper =
          make_custom(CMARK_NODE_CUSTOM_INLINE, "<" + tag + " id=\"" + util::escape_html(id) + "\">", "</" + tag + ">");
      cmark_node* block = make_custom(CMARK_NODE_CUSTOM_BLOCK, "", "");
      cmark_node_insert_before(h, block);
      cmark_node_append_child(block, inline_wrapper);
      move_children_and_free(h, inline_wrapper);
    }
  }

  // Block ids ("^id" ending a paragraph, ingest/block_ids.h) are anchors links name; the first of an id keeps it.
  void block_ids() {
    for (const BlockId& block : mark_block_ids(doc_)) {
      std::string anchor = "^" + block.id;
      if (state_.heading_ids.insert(anchor).second) out_.anchors.push_back({anchor, anchor, 0, block.line + state_.line_offset});
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
    std::vector<cmark_node*> blocks;  // in the order of their first link
    std::unordered_map<cmark_node*, std::vector<std::size_t>> in_block;
    for (auto [node, index] : wikilinks_) {
      const std::string& target = out_.links[index].target;
      if (target.empty() || !state_.excerpted.insert(index).second) continue;
      cmark_node* block = enclosing_block(node);
      if (!block) continue;
      auto [it, fresh] = in_block.try_emplace(block);
      if (fresh) blocks.push_back(block);
      it->second.push_back(wanted.size());
      wanted.push_back({node, index});
    }
    std::string text;
    std::unordered_map<cmark_node*, std::size_t> wanted_at;  // a link's node -> its index in wanted
    std::vector<LinkExcerpts::Wanted> spans;
    const std::size_t first = out_.excerpts.spans.size();
    for (cmark_node* block : blocks) {
      const std::vector<std::size_t>& here = in_block[block];
      wanted_at.clear();
      for (std::size_t j : here) wanted_at.emplace(wanted[j].node, j);
      text.clear();
      append_plain(block, text, [&](cmark_node* node, bool entering, std::size_t offset) {
        if (auto it = wanted_at.find(node); it != wanted_at.end())
          (entering ? wanted[it->second].start : wanted[it->second].end) = offset;
      });
      spans.clear();
      for (std::size_t j : here) spans.push_back({wanted[j].link, wanted[j].start, wanted[j].end});
      out_.excerpts.add(text, spans);
    }
    out_.excerpts.sort_spans(first);
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
      util::append_escaped_text(run, literal_of(node));
      run += marker(body_terms_close);
      cmark_node_insert_before(node, make_html(run));
      cmark_node_free(node);
    }
  }

  // Wikilinks in table cells and links to note files get their markers as raw HTML nodes, which every
  // inline container takes.
  void place_markers() {
    for (auto [link, index] : table_links_) {
      cmark_node_insert_before(link, make_html(marker(body_link_open, std::to_string(index) + (out_.links[index].embed ? " te" : " t"))));
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
  bool site_text_;
  BodyRewriteState& state_;
  RenderedBody& out_;
  std::vector<std::pair<cmark_node*, std::size_t>> wikilinks_, table_links_, file_links_;  // node, link index
  std::vector<cmark_node*> embeds_;  // the embeds' wrappers, outside table cells
};

}  // namespace

void rewrite_piece(cmark_node* doc, bool allow_raw_html, bool site_text, BodyRewriteState& state, RenderedBody& out) {
  BodyRewriter(doc, allow_raw_html, site_text, state, out).run();
}

void set_heading_levels(std::string& html, const BodyRewriteState& state) {
  // Headings start at level 2 on the page, where the title is the h1: a body with an h1 moves down one.
  int shift = std::max(0, 2 - state.least_heading_level);
  // One pass over the tags for both "<hN" and "</hN".
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    std::size_t h = at + 1 < html.size() && html[at + 1] == '/' ? at + 2 : at + 1, level = h + 1;
    if (level < html.size() && html[h] == 'h' && is_level_placeholder(html[level]))
      html[level] = static_cast<char>('0' + std::min(6, html[level] - 0x10 + shift));
  }
}

}  // namespace anth::ingest
