#include "render/site/markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "core/model/wikilink_text.h"
#include "core/util/markdown_limits.h"
#include "render/site/html.h"

namespace anth::site {

namespace {

using NodeList = std::vector<cmark_node*>;

void ensure_extensions() {
  static std::once_flag registered;
  std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
}

bool type_is(cmark_node* node, const char* name) { return std::strcmp(cmark_node_get_type_string(node), name) == 0; }

std::string_view literal_of(cmark_node* node) {
  const char* s = cmark_node_get_literal(node);
  return s ? s : "";
}

cmark_node* make_text(std::string_view text) {
  cmark_node* node = cmark_node_new(CMARK_NODE_TEXT);
  cmark_node_set_literal(node, std::string(text).c_str());
  return node;
}

cmark_node* make_custom(cmark_node_type type, const std::string& enter, const std::string& exit) {
  cmark_node* node = cmark_node_new(type);
  cmark_node_set_on_enter(node, enter.c_str());
  cmark_node_set_on_exit(node, exit.c_str());
  return node;
}

// Puts a custom inline wrapper before `at` and returns the node that went into the tree. cmark-gfm's
// table cells take only its own inline types and refuse a custom node, which then stayed orphaned:
// its text was missing from the page and its memory leaked (found by LeakSanitizer). There the wrapper
// becomes a plain link to `url` with `title`, or just its children when `url` is empty.
cmark_node* insert_inline(cmark_node* at, cmark_node* custom, const std::string& url = "", const std::string& title = "") {
  if (cmark_node_insert_before(at, custom)) return custom;
  cmark_node* link = nullptr;
  if (!url.empty()) {
    link = cmark_node_new(CMARK_NODE_LINK);
    cmark_node_set_url(link, url.c_str());
    cmark_node_set_title(link, title.c_str());
    cmark_node_insert_before(at, link);
  }
  cmark_node* first = nullptr;
  while (cmark_node* child = cmark_node_first_child(custom)) {
    cmark_node_unlink(child);
    if (link) cmark_node_append_child(link, child);
    else cmark_node_insert_before(at, child);
    if (!first) first = child;
  }
  cmark_node_free(custom);
  return link ? link : first;
}

// Puts `replacement` where `old` is, moves old's children into it, and frees old.
void replace_keeping_children(cmark_node* old, cmark_node* replacement) {
  while (cmark_node* child = cmark_node_first_child(old)) {
    cmark_node_unlink(child);
    cmark_node_append_child(replacement, child);
  }
  insert_inline(old, replacement);  // in a table cell, an unsafe link keeps only its text
  cmark_node_free(old);  // unlinks too
}

// Every node of the given types, in document order.
NodeList collect(cmark_node* root, std::initializer_list<cmark_node_type> types) {
  NodeList out;
  cmark_iter* iter = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* node = cmark_iter_get_node(iter);
    if (std::find(types.begin(), types.end(), cmark_node_get_type(node)) != types.end()) out.push_back(node);
  }
  cmark_iter_free(iter);
  return out;
}

// True when the node sits inside a link, an image or one of our inline replacements.
bool inside_link(cmark_node* node) {
  for (cmark_node* p = cmark_node_parent(node); p; p = cmark_node_parent(p)) {
    cmark_node_type t = cmark_node_get_type(p);
    if (t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE || t == CMARK_NODE_CUSTOM_INLINE) return true;
  }
  return false;
}

// The nearest ancestor that is a block.
cmark_node* enclosing_block(cmark_node* node) {
  for (cmark_node* p = cmark_node_parent(node); p; p = cmark_node_parent(p))
    if ((cmark_node_get_type(p) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) return p;
  return nullptr;
}

// The paragraph-like block whose glossary mentions are counted together: a paragraph or a table cell.
cmark_node* glossary_scope(cmark_node* node) {
  cmark_node* block = enclosing_block(node);
  if (!block) return nullptr;
  if (cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH || type_is(block, "table_cell")) return block;
  return nullptr;
}

bool has_scheme_or_authority(std::string_view url) {
  if (url.substr(0, 2) == "//") return true;
  for (char c : url) {
    if (c == ':') return true;
    if (c == '/' || c == '?' || c == '#') return false;
  }
  return false;
}

// ---- Glossary links ----

// The link to a glossary term with its definition in a title, and after the term's text the tooltip
// element; `tip` numbers the links of a body. `root` is escaped.
void append_term_open(std::string& out, const GlossaryTerm& term, std::string_view root, std::size_t tip) {
  out.append("<span class=\"gloss\"><a class=\"term\" href=\"").append(root).append(term.href).append("\" title=\"");
  out.append(term.hover_html).append("\" aria-describedby=\"tip_b").append(std::to_string(tip)).append("\">");
}
void append_term_close(std::string& out, const GlossaryTerm& term, std::size_t tip) {
  out.append("</a><span class=\"tip\" role=\"tooltip\" id=\"tip_b").append(std::to_string(tip)).append("\">");
  out.append(term.hover_html).append("</span></span>");
}

// Markers for them: "<\1TERM TIP>" and "<\2TERM TIP>". Nothing else in a body's HTML can hold '<'
// and a control character: cmark escapes '<' in text, and raw HTML is not passed through.
constexpr char term_open = '\1', term_close = '\2';
void append_term_marker(std::string& out, char which, std::size_t term, std::size_t tip) {
  out.append(1, '<').append(1, which).append(std::to_string(term)).append(1, ' ').append(std::to_string(tip)).append(1, '>');
}

// Text as cmark's HTML renderer escapes it (houdini_escape_html0, not in an attribute): & < > and ".
void append_cmark_escaped(std::string& out, std::string_view text) {
  std::size_t done = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char* entity;
    switch (text[i]) {
      case '&': entity = "&amp;"; break;
      case '<': entity = "&lt;"; break;
      case '>': entity = "&gt;"; break;
      case '"': entity = "&quot;"; break;
      default: continue;
    }
    out.append(text, done, i - done).append(entity);
    done = i + 1;
  }
  out.append(text, done, text.size() - done);
}

// ---- Plain text ----

// The text a reader sees under `root`. `at(node, entering, offset)` is told where each node starts
// and ends in it (leaf nodes only start).
template <class At>
void append_plain(cmark_node* root, std::string& out, At&& at) {
  cmark_iter* iter = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    cmark_node* node = cmark_iter_get_node(iter);
    cmark_node_type t = cmark_node_get_type(node);
    if (ev == CMARK_EVENT_ENTER) {
      at(node, true, out.size());
      switch (t) {
        case CMARK_NODE_TEXT:
        case CMARK_NODE_CODE:
        case CMARK_NODE_HTML_INLINE:
        case CMARK_NODE_CODE_BLOCK: out += literal_of(node); break;
        case CMARK_NODE_SOFTBREAK:
        case CMARK_NODE_LINEBREAK: out += ' '; break;
        default: break;
      }
    } else if (ev == CMARK_EVENT_EXIT) {
      at(node, false, out.size());
      if (node != root && (t & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) {
        if (type_is(node, "table_cell")) out += ' ';
        else if (!out.empty() && out.back() != '\n') out += '\n';
      }
    }
  }
  cmark_iter_free(iter);
}

void append_plain(cmark_node* root, std::string& out) {
  append_plain(root, out, [](cmark_node*, bool, std::size_t) {});
}

class BodyRewriter {
 public:
  BodyRewriter(const Note& note, const BodyOptions& options, cmark_node* doc)
      : note_(note), options_(options), doc_(doc), html_(options.render_html) {}

  void run(RenderedBody& out) {
    if (!options_.allow_raw_html) escape_raw_html();
    cmark_consolidate_text_nodes(doc_);
    neutralise_links();
    wikilinks();
    headings();
    // The text a reader sees is read before glossary links turn text nodes into raw HTML.
    if (options_.read_text) {
      out.plain.reserve(note_.body.size());  // about its size: growing by doubling would waste up to half
      append_plain(doc_, out.plain);
      excerpts(out);
    }
    if (options_.glossary) glossary(out);
  }

 private:
  void escape_raw_html() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK})) {
      std::string_view literal = literal_of(node);
      if (cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE) {
        cmark_node_insert_before(node, make_text(literal));
      } else {
        while (!literal.empty() && literal.back() == '\n') literal.remove_suffix(1);
        std::string enter = html_ ? "<pre class=\"raw-html\"><code>" + escape_html(literal) + "</code></pre>" : "";
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
      // A relative link to a note's markdown file goes to the note's page.
      if (!has_scheme_or_authority(url) && options_.resolve_file) {
        std::string path = url, fragment;
        if (auto hash = path.find('#'); hash != std::string::npos) {
          fragment = path.substr(hash + 1);
          path.resize(hash);
        }
        if (path.size() > 3 && path.compare(path.size() - 3, 3, ".md") == 0) {
          std::string id = options_.resolve_file(path);
          if (!id.empty()) {
            std::string href = options_.root + node_file(id) + (fragment.empty() ? "" : "#" + slugify(fragment));
            cmark_node_set_url(node, href.c_str());
          }
        }
      }
    }
  }

  void wikilinks() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_TEXT})) {
      if (literal_of(node).find("]]") == std::string_view::npos || inside_link(node)) continue;
      std::string text(literal_of(node));
      std::string_view rest(text);  // from the end of the last link made
      std::size_t pos = 0;          // in rest: where the next "]]" is looked for
      bool changed = false;
      while (true) {
        std::size_t close = rest.find("]]", pos);
        if (close == std::string_view::npos) break;
        // The "[[" is looked for back to pos only: each byte is searched once, even in runs of "]".
        std::size_t open = rest.substr(pos, close - pos).rfind("[[");
        if (open == std::string_view::npos) {
          pos = close + 2;
          continue;
        }
        open += pos;
        std::string_view inside = rest.substr(open + 2, close - open - 2);
        if (inside.empty() || inside.find('\n') != std::string_view::npos) {
          pos = close + 2;
          continue;
        }
        if (open > 0) cmark_node_insert_before(node, make_text(rest.substr(0, open)));
        wikilink_node(inside, node);
        rest.remove_prefix(close + 2);  // not erased from text: that would copy the rest once per link
        pos = 0;
        changed = true;
      }
      if (!changed) continue;
      if (!rest.empty()) cmark_node_insert_before(node, make_text(rest));
      cmark_node_free(node);
    }
  }

  // Inserts the link (or unresolved marker) for `[[inside]]` before `at`.
  void wikilink_node(std::string_view inside, cmark_node* at) {
    const WikilinkText parts = split_wikilink(inside);
    std::string_view target = parts.target, heading = parts.heading, display = parts.display;
    std::string shown(display.empty() ? (target.empty() ? inside : target) : display);

    WikilinkTarget resolved;
    if (target.empty() && !heading.empty()) resolved = {note_.id, note_.title, ""};  // [[#heading]]: this note
    else if (options_.resolve) resolved = options_.resolve(note_, target);

    if (resolved.id.empty()) {
      cmark_node* node = make_custom(CMARK_NODE_CUSTOM_INLINE,
                                     html_ ? "<span class=\"wikilink unresolved\" title=\"" +
                                                 escape_html("unresolved link: " + std::string(target)) + "\">"
                                           : "",
                                     "</span>");
      cmark_node_append_child(node, make_text(shown));
      insert_inline(at, node);
      return;
    }
    auto href = [&] {
      std::string h = resolved.id == note_.id && !heading.empty() ? "" : options_.root + node_file(resolved.id);
      if (!heading.empty()) h += "#" + slugify(heading);
      return h;
    };
    auto title = [&] { return std::string(resolved.id) + (resolved.title.empty() ? "" : " \u2014 " + std::string(resolved.title)); };
    std::string enter;
    if (html_) {
      std::string cls = "wikilink" + (resolved.kind.empty() ? std::string() : " kind-" + std::string(resolved.kind));
      enter = "<a class=\"" + cls + "\" href=\"" + escape_html(href()) + "\" title=\"" + escape_html(title()) + "\">";
    }
    cmark_node* node = make_custom(CMARK_NODE_CUSTOM_INLINE, enter, "</a>");
    cmark_node_append_child(node, make_text(shown));
    // Reading a body needs the link's place, not its HTML: the plain link of a table cell is made only there.
    if (!cmark_node_insert_before(at, node)) node = insert_inline(at, node, href(), title());
    if (resolved.id != note_.id) links_.push_back({node, std::string(resolved.id)});
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

  void glossary(RenderedBody& out) {
    const Glossary& g = *options_.glossary;
    cmark_node* scope = nullptr;
    std::vector<std::size_t> linked;  // terms linked in the current scope: a few
    std::vector<bool> seen(g.terms().size());
    std::vector<TermMatch> chosen;
    for (cmark_node* node : collect(doc_, {CMARK_NODE_TEXT})) {
      if (inside_link(node)) continue;
      cmark_node* here = glossary_scope(node);
      if (!here) continue;
      if (here != scope) {
        scope = here;
        linked.clear();
      }
      std::string_view text = literal_of(node);
      chosen.clear();
      for (const TermMatch& m : g.scan(text)) {
        const GlossaryTerm& term = g.terms()[m.term];
        if (term.id == note_.id || std::find(linked.begin(), linked.end(), m.term) != linked.end()) continue;
        linked.push_back(m.term);
        chosen.push_back(m);
      }
      if (chosen.empty()) continue;
      for (const TermMatch& m : chosen)
        if (!seen[m.term]) {
          seen[m.term] = true;
          out.terms.push_back(g.terms()[m.term].id);
        }
      // Reading a body only wants its terms: its text and the plain text around links stay as they are.
      if (!html_) continue;
      std::string root = escape_html(options_.root), enter, exit;
      auto open_close = [&](const TermMatch& m, std::size_t tip) {
        enter.clear();
        exit.clear();
        if (options_.compact_terms) {
          append_term_marker(enter, term_open, m.term, tip);
          append_term_marker(exit, term_close, m.term, tip);
        } else {
          append_term_open(enter, g.terms()[m.term], root, tip);
          append_term_close(exit, g.terms()[m.term], tip);
        }
      };
      // The text node becomes one raw node: the HTML cmark would give the text split around its
      // links (three nodes a link fewer to make, render and free). A table cell refuses raw nodes:
      // there the text is split.
      std::string whole;
      std::size_t done = 0, tip = static_cast<std::size_t>(tips_);
      for (const TermMatch& m : chosen) {
        append_cmark_escaped(whole, text.substr(done, m.offset - done));
        open_close(m, ++tip);
        whole += enter;
        append_cmark_escaped(whole, text.substr(m.offset, m.length));
        whole += exit;
        done = m.offset + m.length;
      }
      append_cmark_escaped(whole, text.substr(done));
      if (cmark_node* raw = make_custom(CMARK_NODE_CUSTOM_INLINE, whole, ""); cmark_node_insert_before(node, raw)) {
        tips_ = static_cast<int>(tip);
        cmark_node_free(node);
        continue;
      } else {
        cmark_node_free(raw);
      }
      std::string copy(text);  // the node's literal goes with the node
      text = copy;
      done = 0;
      for (const TermMatch& m : chosen) {
        const GlossaryTerm& term = g.terms()[m.term];
        if (m.offset > done) cmark_node_insert_before(node, make_text(text.substr(done, m.offset - done)));
        open_close(m, static_cast<std::size_t>(++tips_));
        cmark_node* link = make_custom(CMARK_NODE_CUSTOM_INLINE, enter, exit);
        cmark_node_append_child(link, make_text(text.substr(m.offset, m.length)));
        if (!cmark_node_insert_before(node, link)) insert_inline(node, link, options_.root + node_file(term.id), term.hover());
        done = m.offset + m.length;
      }
      if (done < text.size()) cmark_node_insert_before(node, make_text(text.substr(done)));
      cmark_node_free(node);
    }
  }

  // The first link to each target, with the text of its block around it. A block's text is read
  // once for all the links in it.
  // The text around the first link to each target. Linear in the links: a note linking to thousands
  // of notes, in one paragraph or many, must not compare every link with every other.
  void excerpts(RenderedBody& out) {
    struct Wanted {
      cmark_node* node;
      const std::string* target;
      std::size_t start = 0, end = 0;
      std::string excerpt;
    };
    std::vector<Wanted> wanted;
    std::unordered_set<std::string_view> seen;
    std::vector<cmark_node*> blocks;  // in the order of their first link
    std::unordered_map<cmark_node*, std::vector<std::size_t>> in_block;
    for (auto& [node, target] : links_) {
      if (!seen.insert(target).second) continue;
      cmark_node* block = enclosing_block(node);
      if (!block) continue;
      auto [it, fresh] = in_block.try_emplace(block);
      if (fresh) blocks.push_back(block);
      it->second.push_back(wanted.size());
      wanted.push_back({node, &target});
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
        w.excerpt = excerpt_around(text, w.start, w.end >= w.start ? w.end - w.start : 0);
      }
    }
    for (Wanted& w : wanted) out.links.push_back({*w.target, std::move(w.excerpt)});
  }

  const Note& note_;
  const BodyOptions& options_;
  cmark_node* doc_;
  bool html_;  // false: the tree only has to hold the right nodes, not their HTML
  std::vector<std::pair<cmark_node*, std::string>> links_;
  int tips_ = 0;
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

}  // namespace

std::string expand_terms(std::string_view html, const Glossary& glossary, std::string_view root) {
  std::string out, escaped_root = escape_html(root);
  out.reserve(html.size() * 3);
  std::size_t done = 0;
  // The next marker byte: memchr skips the long stretches between them fast.
  auto next = [&](std::size_t from) {
    const void* a = from < html.size() ? std::memchr(html.data() + from, term_open, html.size() - from) : nullptr;
    const void* b = from < html.size() ? std::memchr(html.data() + from, term_close, html.size() - from) : nullptr;
    if (!a && !b) return std::string_view::npos;
    const char* first = !a ? static_cast<const char*>(b) : !b ? static_cast<const char*>(a) : std::min(static_cast<const char*>(a), static_cast<const char*>(b));
    return static_cast<std::size_t>(first - html.data());
  };
  for (std::size_t at = next(0); at != std::string_view::npos; at = next(at + 1)) {
    if (at == 0 || html[at - 1] != '<') continue;
    // "<\1TERM TIP>": two numbers, or it is no marker and stays as it is.
    std::size_t term = 0, tip = 0, i = at + 1;
    auto number = [&](std::size_t& n) {
      std::size_t start = i;
      while (i < html.size() && html[i] >= '0' && html[i] <= '9' && i - start < 9) n = n * 10 + static_cast<std::size_t>(html[i++] - '0');
      return i > start;
    };
    if (!number(term) || i >= html.size() || html[i++] != ' ' || !number(tip) || i >= html.size() || html[i] != '>' ||
        term >= glossary.terms().size())
      continue;
    out.append(html, done, at - 1 - done);
    if (html[at] == term_open) append_term_open(out, glossary.terms()[term], escaped_root, tip);
    else append_term_close(out, glossary.terms()[term], tip);
    done = i + 1;
    at = i;
  }
  out.append(html, done);
  return out;
}

std::string excerpt_around(std::string_view text, std::size_t offset, std::size_t length, std::size_t radius) {
  auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\t'; };
  offset = std::min(offset, text.size());
  std::size_t end = std::min(text.size(), offset + length);
  std::size_t from = offset > radius ? offset - radius : 0;
  std::size_t to = std::min(text.size(), end + radius);
  bool cut_front = from > 0, cut_back = to < text.size();
  if (cut_front) {
    while (from < offset && !is_space(text[from])) ++from;
    while (from < offset && is_space(text[from])) ++from;
  }
  if (cut_back) {
    while (to > end && !is_space(text[to - 1])) --to;
    while (to > end && is_space(text[to - 1])) --to;
  }
  std::string out;
  if (cut_front) out += "\u2026";
  for (char c : text.substr(from, to - from)) {
    if (is_space(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (cut_back) out += "\u2026";
  return out;
}

RenderedBody render_body(const Note& note, const BodyOptions& options) {
  ensure_extensions();
  int flags = CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | (options.allow_raw_html ? CMARK_OPT_UNSAFE : 0);
  std::unique_ptr<cmark_parser, decltype(&cmark_parser_free)> parser(cmark_parser_new(flags), cmark_parser_free);
  // Without tables when a row is too wide for cmark-gfm, as ingest reads the body (has_huge_table_row).
  bool tables = !has_huge_table_row(note.body);
  for (const char* name : {"table", "strikethrough", "autolink", "tasklist"})
    if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name); ext && (tables || std::strcmp(name, "table") != 0))
      cmark_parser_attach_syntax_extension(parser.get(), ext);
  std::unique_ptr<cmark_node, decltype(&cmark_node_free)> doc(nullptr, cmark_node_free);
  // cmark-gfm adds its extensions' special characters to a process-wide table while it parses
  // inlines (cmark_parser_finish) and removes them afterwards, so two inline parses at once can miss
  // each other's '~' or '@': they take turns. Blocks (cmark_parser_feed) do not use the table, and
  // rewriting and rendering the tree run in parallel too.
  cmark_parser_feed(parser.get(), note.body.data(), note.body.size());
  {
    static std::mutex inline_mutex;
    std::lock_guard lock(inline_mutex);
    doc.reset(cmark_parser_finish(parser.get()));
  }

  RenderedBody out;
  BodyRewriter(note, options, doc.get()).run(out);
  while (!out.plain.empty() && out.plain.back() == '\n') out.plain.pop_back();
  if (!options.render_html) return out;
  out.html = render_html_freeing(doc.release(), flags, cmark_parser_get_syntax_extensions(parser.get()), note.body.size());
  // Table cells: the obsolete align attribute becomes a class (an inline style would need the
  // Content-Security-Policy to allow inline styles). Text from the note cannot match: its quotes and
  // angle brackets are escaped.
  const std::string& html_text = out.html;
  if (html_text.find(" align=\"") == std::string::npos) return out;
  std::string fixed;
  fixed.reserve(html_text.size() + 256);
  std::size_t done = 0;
  for (std::size_t at = html_text.find(" align=\""); at != std::string::npos; at = html_text.find(" align=\"", at + 1)) {
    if (at < 3 || html_text.compare(at - 3, 2, "<t") != 0 || (html_text[at - 1] != 'd' && html_text[at - 1] != 'h')) continue;
    for (std::string_view side : {"left", "center", "right"})
      if (html_text.compare(at + 8, side.size(), side) == 0 && html_text.compare(at + 8 + side.size(), 1, "\"") == 0) {
        fixed.append(html_text, done, at - done).append(" class=\"align-").append(side).append("\"");
        done = at + 8 + side.size() + 1;
        break;
      }
  }
  fixed.append(html_text, done);
  out.html = std::move(fixed);
  return out;
}

}  // namespace anth::site
