#include "render/site/markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

#include "render/site/html.h"

namespace anth::site {

namespace {

using NodeList = std::vector<cmark_node*>;

void ensure_extensions() {
  static std::once_flag registered;
  std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
}

bool type_is(cmark_node* node, const char* name) { return std::strcmp(cmark_node_get_type_string(node), name) == 0; }

std::string literal_of(cmark_node* node) {
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

// Puts `replacement` where `old` is, moves old's children into it, and frees old.
void replace_keeping_children(cmark_node* old, cmark_node* replacement) {
  cmark_node_insert_before(old, replacement);
  while (cmark_node* child = cmark_node_first_child(old)) {
    cmark_node_unlink(child);
    cmark_node_append_child(replacement, child);
  }
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

// ---- Plain text ----

void append_plain(cmark_node* root, std::string& out, const std::unordered_map<cmark_node*, std::size_t*>* marks = nullptr,
                  const std::unordered_map<cmark_node*, std::size_t*>* ends = nullptr) {
  cmark_iter* iter = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    cmark_node* node = cmark_iter_get_node(iter);
    cmark_node_type t = cmark_node_get_type(node);
    if (ev == CMARK_EVENT_ENTER) {
      if (marks)
        if (auto it = marks->find(node); it != marks->end()) *it->second = out.size();
      switch (t) {
        case CMARK_NODE_TEXT:
        case CMARK_NODE_CODE:
        case CMARK_NODE_HTML_INLINE: out += literal_of(node); break;
        case CMARK_NODE_CODE_BLOCK: out += literal_of(node); break;
        case CMARK_NODE_SOFTBREAK:
        case CMARK_NODE_LINEBREAK: out += ' '; break;
        default: break;
      }
    } else if (ev == CMARK_EVENT_EXIT) {
      if (ends)
        if (auto it = ends->find(node); it != ends->end()) *it->second = out.size();
      if (node != root && (t & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) {
        if (type_is(node, "table_cell")) out += ' ';
        else if (!out.empty() && out.back() != '\n') out += '\n';
      }
    }
  }
  cmark_iter_free(iter);
}

class BodyRewriter {
 public:
  BodyRewriter(const Note& note, const BodyOptions& options, cmark_node* doc)
      : note_(note), options_(options), doc_(doc) {}

  void run(RenderedBody& out) {
    if (!options_.allow_raw_html) escape_raw_html();
    cmark_consolidate_text_nodes(doc_);
    neutralise_links();
    wikilinks();
    headings();
    if (options_.glossary) glossary(out);
    append_plain(doc_, out.plain);
    excerpts(out);
  }

 private:
  void escape_raw_html() {
    for (cmark_node* node : collect(doc_, {CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK})) {
      std::string literal = literal_of(node);
      if (cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE) {
        cmark_node_insert_before(node, make_text(literal));
      } else {
        while (!literal.empty() && literal.back() == '\n') literal.pop_back();
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
      if (inside_link(node)) continue;
      std::string text = literal_of(node);
      std::size_t pos = 0;
      bool changed = false;
      while (true) {
        std::size_t close = text.find("]]", pos);
        if (close == std::string::npos) break;
        std::size_t open = text.rfind("[[", close);
        if (open == std::string::npos || open < pos) {
          pos = close + 2;
          continue;
        }
        std::string_view inside(text.data() + open + 2, close - open - 2);
        if (inside.empty() || inside.find('\n') != std::string_view::npos) {
          pos = close + 2;
          continue;
        }
        if (open > 0) cmark_node_insert_before(node, make_text(std::string_view(text).substr(0, open)));
        cmark_node_insert_before(node, wikilink_node(std::string(inside)));
        text.erase(0, close + 2);
        pos = 0;
        changed = true;
      }
      if (!changed) continue;
      if (!text.empty()) cmark_node_insert_before(node, make_text(text));
      cmark_node_free(node);
    }
  }

  cmark_node* wikilink_node(std::string_view inside) {
    std::string_view target = inside, display;
    if (auto bar = target.find('|'); bar != std::string_view::npos) {
      display = target.substr(bar + 1);
      target = target.substr(0, bar);
    }
    std::string_view heading;
    if (auto hash = target.find('#'); hash != std::string_view::npos) {
      heading = target.substr(hash + 1);
      target = target.substr(0, hash);
    }
    auto trim = [](std::string_view s) {
      while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
      return s;
    };
    target = trim(target);
    display = trim(display);
    heading = trim(heading);
    std::string shown(display.empty() ? (target.empty() ? inside : target) : display);

    WikilinkTarget resolved;
    if (target.empty() && !heading.empty()) resolved = {note_.id, note_.title, ""};  // [[#heading]]: this note
    else if (options_.resolve) resolved = options_.resolve(note_, target);

    cmark_node* node;
    if (resolved.id.empty()) {
      node = make_custom(CMARK_NODE_CUSTOM_INLINE,
                         "<span class=\"wikilink unresolved\" title=\"" +
                             escape_html("unresolved link: " + std::string(target)) + "\">",
                         "</span>");
    } else {
      std::string href = resolved.id == note_.id && !heading.empty() ? "" : options_.root + node_file(resolved.id);
      if (!heading.empty()) href += "#" + slugify(heading);
      std::string title = resolved.id + (resolved.title.empty() ? "" : " \u2014 " + resolved.title);
      std::string cls = "wikilink" + (resolved.kind.empty() ? std::string() : " kind-" + resolved.kind);
      node = make_custom(CMARK_NODE_CUSTOM_INLINE,
                         "<a class=\"" + cls + "\" href=\"" + escape_html(href) + "\" title=\"" + escape_html(title) + "\">",
                         "</a>");
      if (resolved.id != note_.id) links_.push_back({node, resolved.id});
    }
    cmark_node_append_child(node, make_text(shown));
    return node;
  }

  void headings() {
    NodeList nodes = collect(doc_, {CMARK_NODE_HEADING});
    int least = 6;
    for (cmark_node* h : nodes) least = std::min(least, cmark_node_get_heading_level(h));
    int shift = std::max(0, 2 - least);
    std::set<std::string> used;
    for (cmark_node* h : nodes) {
      int level = std::min(6, cmark_node_get_heading_level(h) + shift);
      std::string text;
      append_plain(h, text);
      std::string slug = slugify(text), id = slug;
      for (int n = 1; !used.insert(id).second; ++n) id = slug + "-" + std::to_string(n);
      std::string tag = "h" + std::to_string(level);
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
    std::set<std::size_t> linked;  // terms linked in the current scope
    std::set<std::string> seen;
    for (cmark_node* node : collect(doc_, {CMARK_NODE_TEXT})) {
      if (inside_link(node)) continue;
      cmark_node* here = glossary_scope(node);
      if (!here) continue;
      if (here != scope) {
        scope = here;
        linked.clear();
      }
      std::string text = literal_of(node);
      std::vector<TermMatch> chosen;
      for (const TermMatch& m : g.scan(text)) {
        const GlossaryTerm& term = g.terms()[m.term];
        if (term.id == note_.id || !linked.insert(m.term).second) continue;
        chosen.push_back(m);
      }
      if (chosen.empty()) continue;
      std::size_t done = 0;
      for (const TermMatch& m : chosen) {
        const GlossaryTerm& term = g.terms()[m.term];
        if (m.offset > done) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done, m.offset - done)));
        std::string tip = "tip_b" + std::to_string(++tips_);
        const std::string& hover = term.hover_html;
        cmark_node* link = make_custom(
            CMARK_NODE_CUSTOM_INLINE,
            "<span class=\"gloss\"><a class=\"term\" href=\"" + escape_html(options_.root) + term.href + "\" title=\"" + hover +
                "\" aria-describedby=\"" + tip + "\">",
            "</a><span class=\"tip\" role=\"tooltip\" id=\"" + tip + "\">" + hover + "</span></span>");
        cmark_node_append_child(link, make_text(std::string_view(text).substr(m.offset, m.length)));
        cmark_node_insert_before(node, link);
        done = m.offset + m.length;
        if (seen.insert(term.id).second) out.terms.push_back(term.id);
      }
      if (done < text.size()) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done)));
      cmark_node_free(node);
    }
  }

  void excerpts(RenderedBody& out) {
    std::set<std::string> seen;
    std::map<cmark_node*, std::string> block_text;
    for (auto& [node, target] : links_) {
      if (!seen.insert(target).second) continue;
      cmark_node* block = enclosing_block(node);
      if (!block) continue;
      std::size_t start = 0, end = 0;
      std::unordered_map<cmark_node*, std::size_t*> marks{{node, &start}}, ends{{node, &end}};
      std::string text;
      append_plain(block, text, &marks, &ends);
      out.links.push_back({target, excerpt_around(text, start, end >= start ? end - start : 0)});
    }
  }

  const Note& note_;
  const BodyOptions& options_;
  cmark_node* doc_;
  std::vector<std::pair<cmark_node*, std::string>> links_;
  int tips_ = 0;
};

}  // namespace

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
  for (const char* name : {"table", "strikethrough", "autolink", "tasklist"})
    if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name))
      cmark_parser_attach_syntax_extension(parser.get(), ext);
  std::unique_ptr<cmark_node, decltype(&cmark_node_free)> doc(nullptr, cmark_node_free);
  {
    // cmark-gfm adds its extensions' special characters to a process-wide table while it parses
    // inlines and removes them afterwards, so two parses at once can miss each other's '~' or '@':
    // parsing takes turns; rewriting and rendering the tree run in parallel.
    static std::mutex parse_mutex;
    std::lock_guard lock(parse_mutex);
    cmark_parser_feed(parser.get(), note.body.data(), note.body.size());
    doc.reset(cmark_parser_finish(parser.get()));
  }

  RenderedBody out;
  BodyRewriter(note, options, doc.get()).run(out);
  while (!out.plain.empty() && out.plain.back() == '\n') out.plain.pop_back();
  if (!options.render_html) return out;
  char* html = cmark_render_html(doc.get(), flags, cmark_parser_get_syntax_extensions(parser.get()));
  out.html = html ? html : "";
  std::free(html);
  // Table cells: the obsolete align attribute becomes a class (an inline style would need the
  // Content-Security-Policy to allow inline styles). Text from the note cannot match: its quotes and
  // angle brackets are escaped.
  for (const char* side : {"left", "center", "right"})
    for (const char* cell : {"td", "th"}) {
      std::string from = std::string("<") + cell + " align=\"" + side + "\"";
      std::string to = std::string("<") + cell + " class=\"align-" + side + "\"";
      for (std::size_t at = out.html.find(from); at != std::string::npos; at = out.html.find(from, at + to.size()))
        out.html.replace(at, from.size(), to);
    }
  return out;
}

}  // namespace anth::site
