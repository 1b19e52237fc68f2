#include "render/site/body_fill.h"

#include <algorithm>
#include <cstdlib>

#include "core/model/rendered_body.h"
#include "render/site/embeds.h"
#include "render/site/html.h"

namespace anth::render::site {

namespace {

// The link to a glossary term. Its definition is not on the page: site.js gives the link a tooltip
// with it, read from the glossary's shared scripts (glossary_tips.h). Written beside every use, the
// definitions were a fifth of a node page at 10,000 notes (5.7 of 28 KB).
void append_term_open(std::string& out, const GlossaryTerm& term) {
  out.append("<a class=\"term\" href=\"").append(term.href).append("\">");
}

// A plain link as cmark-gfm writes one: what a table cell holds, where cmark-gfm takes no custom node.
void append_plain_link_open(std::string& out, std::string_view url, std::string_view title) {
  out += "<a href=\"";
  util::append_escaped_href(out, url);
  out += "\" title=\"";
  util::append_escaped_text(out, title);
  out += "\">";
}

// What a link that resolves to nothing shows around its text: a span marked unresolved, saying so on
// hover, where a link would lead to a page the site does not have.
void append_unresolved_open(std::string& out, std::string_view target) {
  out += "<span class=\"wikilink unresolved\" title=\"";
  util::append_escaped_html(out, "unresolved link: " + std::string(target));
  out += "\">";
}

// The offset of the "</a>" that closes a link whose text starts at `from`, or npos. CommonMark puts no
// link in a link's text, but raw HTML kept by --unsafe-html may: its <a> tags are counted (in lower case).
std::size_t link_close(std::string_view html, std::size_t from) {
  int depth = 1;
  for (std::size_t at = html.find('<', from); at != std::string_view::npos; at = html.find('<', at + 1)) {
    if (html.substr(at, 4) == "</a>" && --depth == 0) return at;
    if (html.substr(at, 3) == "<a " || html.substr(at, 3) == "<a>") ++depth;
  }
  return std::string_view::npos;
}

// The value of an attribute in a start tag as cmark writes it (escaped, in double quotes); "" when none.
std::string_view attribute_of(std::string_view tag, std::string_view name) {
  std::string opening = " " + std::string(name) + "=\"";
  std::size_t at = tag.find(opening);
  if (at == std::string_view::npos) return "";
  std::size_t start = at + opening.size(), end = tag.find('"', start);
  return end == std::string_view::npos ? "" : tag.substr(start, end - start);
}

// An inline #tag (ingest/inline_tags.h): a link to its tag page; `tag` is escaped as the marker holds it.
void append_tag_link(std::string& out, std::string_view tag) {
  std::string name = util::unescape_text(tag);
  out += "<a class=\"tag inline-tag\" href=\"";
  util::append_escaped_href(out, tag_file(name));
  out += "\">#";
  util::append_escaped_text(out, name);
  out += "</a>";
}

// A transcluded body's headings and blocks lose their ids: the page has its own, and links to the
// embedded note's anchors go to its page.
std::string without_anchor_ids(std::string html) {
  for (std::size_t at = html.find(" id=\""); at != std::string::npos; at = html.find(" id=\"", at + 1)) {
    std::size_t open = html.rfind('<', at);
    bool heading = open != std::string::npos && at == open + 3 && html[open + 1] == 'h';
    if (heading || html.compare(at + 5, 1, "^") == 0) {
      std::size_t end = html.find('"', at + 5);
      if (end != std::string::npos) html.erase(at, end + 1 - at);
    }
  }
  return html;
}

class Filler {
 public:
  Filler(const Note& note, const std::function<LinkTarget(std::string_view)>& target, const Glossary& glossary, bool html,
         const QueryBlockHtml& queries, const EmbedSource& embeds, std::vector<std::string_view> chain = {})
      : note_(note), target_(target), glossary_(glossary), html_(html), queries_(queries), embeds_(embeds),
        chain_(std::move(chain)), seen_(glossary.terms().size()) {
    chain_.push_back(note.id);
  }

  FilledBody run(std::string_view in) {
    if (html_) out_.html.reserve(in.size() + in.size() / 2);
    fill(in);
    return std::move(out_);
  }

 private:
  // Appends `in` with its markers filled in.
  void fill(std::string_view in) {
    std::size_t done = 0;
    for (std::size_t at = next_marker(in, 0); at != std::string_view::npos; at = next_marker(in, done)) {
      std::size_t end = in.find('>', at);
      if (end == std::string_view::npos) break;
      if (html_) out_.html.append(in, done, at - 1 - done);
      std::string_view head = in.substr(at + 1, end - at - 1);  // "N", "N t", flags
      done = end + 1;
      switch (in[at]) {
        case body_link_open: done = wikilink(in, head, done); break;
        case body_file_link: file_link(in, head, done); break;
        case body_terms_open: done = terms(in, head, done); break;
        case body_query_block:
          if (html_ && queries_) out_.html += queries_(std::strtoul(std::string(head).c_str(), nullptr, 10));
          break;
        case body_tag:
          if (html_) append_tag_link(out_.html, head);
          break;
        default: break;  // a closing marker without its opening: dropped
      }
    }
    if (html_) out_.html.append(in, done);
  }

  // The next marker byte that follows a '<' at or after `from`; its offset.
  static std::size_t next_marker(std::string_view in, std::size_t from) {
    for (std::size_t i = from; i < in.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(in[i]);
      if (c >= body_link_open && c <= body_last_marker && i > 0 && in[i - 1] == '<') return i;
    }
    return std::string_view::npos;
  }

  // The text up to the closing marker "<\k>" from `from`; `from` moves past it.
  static std::string_view until_close(std::string_view in, char close, std::size_t& from) {
    const char marker[] = {'<', close, '>', '\0'};
    std::size_t end = in.find(marker, from);
    if (end == std::string_view::npos) end = in.size();
    std::string_view text = in.substr(from, end - from);
    from = std::min(in.size(), end + 3);
    return text;
  }

  const BodyLink* link_of(std::string_view head) const {
    std::size_t n = 0;
    for (char c : head.substr(0, head.find(' '))) {
      if (c < '0' || c > '9') return nullptr;
      n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    return n < note_.rendered.links.size() ? &note_.rendered.links[n] : nullptr;
  }

  LinkTarget resolved(const BodyLink& link) const {
    if (!link.file && link.target.empty()) return {note_.id, note_.title, ""};  // [[#heading]]: this note
    return link.resolved.empty() ? LinkTarget{} : target_(link.resolved);
  }

  std::size_t wikilink(std::string_view in, std::string_view head, std::size_t from) {
    std::string_view shown = until_close(in, body_link_close, from);
    const BodyLink* link = link_of(head);
    if (!html_ || !link) return from;
    std::string_view flags = head.find(' ') == std::string_view::npos ? "" : head.substr(head.find(' ') + 1);
    bool table = flags.find('t') != std::string_view::npos;
    if (link->embed && !table && embed(*link, shown)) return from;
    LinkTarget t = resolved(*link);
    std::string& out = out_.html;
    if (t.id.empty() && !link->attachment.empty()) {  // a link to an attachment: its copy in the site
      out += "<a class=\"attachment\" href=\"";
      out.append(attachment_href(link->attachment)).append("\">").append(shown).append("</a>");
      return from;
    }
    if (t.id.empty()) {
      if (table) return out.append(shown), from;
      append_unresolved_open(out, link->target);
      return out.append(shown).append("</span>"), from;
    }
    // The heading or block as the target's page names it (the resolver found its id); a heading that
    // is not there (R007) leaves the link on the page.
    std::string href = t.id == note_.id && !link->anchor.empty() ? "" : node_file(t.id);
    if (!link->anchor.empty()) href += "#" + link->anchor;
    std::string title = std::string(t.id) + (t.title.empty() ? "" : " \u2014 " + std::string(t.title));
    if (table) {
      append_plain_link_open(out, href, title);
    } else {
      out += "<a class=\"wikilink";
      if (!t.kind.empty()) out.append(" kind-").append(t.kind);
      out += "\" href=\"";
      util::append_escaped_html(out, href);
      out += "\" title=\"";
      util::append_escaped_html(out, title);
      out += "\">";
    }
    return out.append(shown).append("</a>"), from;
  }

  // A link to a file of the vault: its href becomes the note's page when the file is a note's, the
  // attachment's copy in the site when it is an attachment's (an image's src too).
  void file_link(std::string_view in, std::string_view head, std::size_t& from) {
    const BodyLink* link = link_of(head);
    if (!html_ || !link) return;
    std::string_view open = "<a href=\"";
    if (in.substr(from, open.size()) != open) open = "<img src=\"";
    if (in.substr(from, open.size()) != open) return;
    if (link->resolved.empty() && link->attachment.empty())
      return unresolved_file_link(in, *link, open.starts_with("<img"), from);
    std::size_t quote = in.find('"', from + open.size());
    if (quote == std::string_view::npos) return;
    std::string href = link->resolved.empty() ? attachment_href(link->attachment)
                                              : node_file(link->resolved) + (link->anchor.empty() ? "" : "#" + link->anchor);
    out_.html.append(open);
    util::append_escaped_href(out_.html, href);
    from = quote;
    // The size Obsidian reads from an image's text, `![alt|300](a.png)`, is not taken: the text stays the alt.
  }

  // A link or image to a file that is no note's and no attachment's (R002), shown as an unresolved
  // wikilink is: its text, or the image's alt (else its path), in the marked span; `from` moves past
  // it. A link's text is filled in too: it may hold an image's marker, `[![alt](a.png)](b.md)`.
  void unresolved_file_link(std::string_view in, const BodyLink& link, bool image, std::size_t& from) {
    std::size_t tag_end = in.find('>', from);  // cmark escapes '>' in attributes
    if (tag_end == std::string_view::npos) return;
    std::size_t close = image ? tag_end + 1 : link_close(in, tag_end + 1);
    if (close == std::string_view::npos) return;
    std::string_view text =
        image ? attribute_of(in.substr(from, tag_end - from), "alt") : in.substr(tag_end + 1, close - tag_end - 1);
    append_unresolved_open(out_.html, link.target);
    if (text.empty()) util::append_escaped_html(out_.html, link.target);
    if (image) out_.html.append(text);
    else fill(text);
    out_.html += "</span>";
    from = image ? close : close + 4;
  }

  // An embed `![[...]]` shown in place: an attachment's element, or the part of a note's body it names
  // (embeds.h) with a link to it. False when it is shown as a link instead: it names nothing, or a
  // note already being embedded (a cycle), or it nests past max_embed_depth.
  bool embed(const BodyLink& link, std::string_view shown) {
    if (!html_) return true;
    std::string& out = out_.html;
    if (link.resolved.empty() && !link.attachment.empty()) {
      append_attachment_embed(out, link, shown);
      return true;
    }
    if (link.resolved.empty() || !embeds_ || chain_.size() > max_embed_depth) return false;
    if (std::find(chain_.begin(), chain_.end(), std::string_view(link.resolved)) != chain_.end()) return false;
    std::optional<EmbeddedNote> target = embeds_(link.resolved);
    if (!target || !target->note) return false;
    std::string_view part = embedded_part(target->html, link.anchor);
    if (part.empty() && !target->html.empty()) return false;  // the heading or block is gone (R007)
    Filler inner(*target->note, target_, glossary_, true, no_queries(), embeds_, chain_);
    std::string inner_html = without_anchor_ids(inner.run(part).html);
    std::string href = node_file(link.resolved) + (link.anchor.empty() ? "" : "#" + link.anchor);
    LinkTarget t = target_(link.resolved);
    out += "<div class=\"embed embed-note\" data-embed=\"";
    util::append_escaped_html(out, link.resolved);
    out += "\"><div class=\"embed-title\"><a class=\"wikilink\" href=\"";
    util::append_escaped_html(out, href);
    out += "\">";
    util::append_escaped_html(out, t.title.empty() ? t.id : t.title);
    if (!link.heading.empty()) out += " \u203a ", util::append_escaped_html(out, link.heading);
    out.append("</a></div><div class=\"embed-body\">\n").append(inner_html).append("</div></div>");
    return true;
  }

  // A transcluded body's query blocks are not answered on another note's page.
  static const QueryBlockHtml& no_queries() {
    static const QueryBlockHtml none;
    return none;
  }

  // Text where glossary terms may be linked: the first mention of each term in a paragraph or cell
  // (never the note's own term).
  std::size_t terms(std::string_view in, std::string_view flags, std::size_t from) {
    std::string_view escaped = until_close(in, body_terms_close, from);
    if (flags.find('s') != std::string_view::npos) linked_.clear();
    bool table = flags.find('t') != std::string_view::npos;
    std::string text = util::unescape_text(escaped);
    chosen_.clear();
    for (const TermMatch& m : glossary_.scan(text)) {
      const GlossaryTerm& term = glossary_.terms()[m.term];
      if (term.id == note_.id || std::find(linked_.begin(), linked_.end(), m.term) != linked_.end()) continue;
      linked_.push_back(m.term);
      chosen_.push_back(m);
      if (!seen_[m.term]) {
        seen_[m.term] = true;
        out_.terms.push_back(static_cast<std::uint32_t>(m.term));
      }
    }
    if (!html_) return from;
    std::string& out = out_.html;
    if (chosen_.empty()) return out.append(escaped), from;
    std::size_t done = 0;
    std::string_view all = text;
    for (const TermMatch& m : chosen_) {
      const GlossaryTerm& term = glossary_.terms()[m.term];
      util::append_escaped_text(out, all.substr(done, m.offset - done));
      if (table) {
        append_plain_link_open(out, node_file(term.id), term.hover());
        util::append_escaped_text(out, all.substr(m.offset, m.length));
        out += "</a>";
      } else {
        append_term_open(out, term);
        util::append_escaped_text(out, all.substr(m.offset, m.length));
        out += "</a>";
      }
      done = m.offset + m.length;
    }
    util::append_escaped_text(out, all.substr(done));
    return from;
  }

  const Note& note_;
  const std::function<LinkTarget(std::string_view)>& target_;
  const Glossary& glossary_;
  bool html_;
  const QueryBlockHtml& queries_;
  const EmbedSource& embeds_;
  std::vector<std::string_view> chain_;  // the notes being embedded, outermost first, this one last
  FilledBody out_;
  std::vector<bool> seen_;             // terms linked anywhere in the body
  std::vector<std::size_t> linked_;    // terms linked in the current paragraph or cell: a few
  std::vector<TermMatch> chosen_;
};

}  // namespace

FilledBody fill_body(const Note& note, const std::function<LinkTarget(std::string_view)>& target, const Glossary& glossary,
                     bool html, const QueryBlockHtml& queries) {
  static const EmbedSource none;
  return Filler(note, target, glossary, html, queries, none).run(note.rendered.html);
}

FilledBody fill_body(const Note& note, std::string_view body_html, const std::function<LinkTarget(std::string_view)>& target,
                     const Glossary& glossary, bool html, const QueryBlockHtml& queries, const EmbedSource& embeds) {
  return Filler(note, target, glossary, html, queries, embeds).run(body_html);
}

}  // namespace anth::render::site
