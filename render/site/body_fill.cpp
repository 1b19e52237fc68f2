#include "render/site/body_fill.h"

#include <algorithm>
#include <cstdlib>

#include "core/model/rendered_body.h"
#include "render/site/html.h"

namespace anth::site {

namespace {

// The link to a glossary term with its definition in a title, and after the term's text the tooltip
// element; `tip` numbers the links of a body.
void append_term_open(std::string& out, const GlossaryTerm& term, std::size_t tip) {
  out.append("<span class=\"gloss\"><a class=\"term\" href=\"").append(term.href).append("\" title=\"");
  out.append(term.hover_html).append("\" aria-describedby=\"tip_b").append(std::to_string(tip)).append("\">");
}
void append_term_close(std::string& out, const GlossaryTerm& term, std::size_t tip) {
  out.append("</a><span class=\"tip\" role=\"tooltip\" id=\"tip_b").append(std::to_string(tip)).append("\">");
  out.append(term.hover_html).append("</span></span>");
}

// A plain link as cmark-gfm writes one: what a table cell holds, where cmark-gfm takes no custom node.
void append_plain_link_open(std::string& out, std::string_view url, std::string_view title) {
  out += "<a href=\"";
  append_escaped_href(out, url);
  out += "\" title=\"";
  append_escaped_text(out, title);
  out += "\">";
}

// An inline #tag (ingest/inline_tags.h): a link to its tag page; `tag` is escaped as the marker holds it.
void append_tag_link(std::string& out, std::string_view tag) {
  std::string name = unescape_text(tag);
  out += "<a class=\"tag inline-tag\" href=\"";
  append_escaped_href(out, tag_file(name));
  out += "\">#";
  append_escaped_text(out, name);
  out += "</a>";
}

class Filler {
 public:
  Filler(const Note& note, const std::function<LinkTarget(std::string_view)>& target, const Glossary& glossary, bool html,
         const QueryBlockHtml& queries)
      : note_(note), target_(target), glossary_(glossary), html_(html), queries_(queries), seen_(glossary.terms().size()) {}

  FilledBody run(std::string_view in) {
    if (html_) out_.html.reserve(in.size() + in.size() / 2);
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
    return std::move(out_);
  }

 private:
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
    bool table = head.ends_with(" t");
    LinkTarget t = resolved(*link);
    std::string& out = out_.html;
    if (t.id.empty()) {
      if (table) return out.append(shown), from;
      out += "<span class=\"wikilink unresolved\" title=\"";
      append_escaped_html(out, "unresolved link: " + link->target);
      return out.append("\">").append(shown).append("</span>"), from;
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
      append_escaped_html(out, href);
      out += "\" title=\"";
      append_escaped_html(out, title);
      out += "\">";
    }
    return out.append(shown).append("</a>"), from;
  }

  // A link to a note's file: its href becomes the note's page when the file is a note's.
  void file_link(std::string_view in, std::string_view head, std::size_t& from) {
    const BodyLink* link = link_of(head);
    constexpr std::string_view open = "<a href=\"";
    if (!html_ || !link || link->resolved.empty() || in.substr(from, open.size()) != open) return;
    std::size_t quote = in.find('"', from + open.size());
    if (quote == std::string_view::npos) return;
    std::string href = node_file(link->resolved) + (link->anchor.empty() ? "" : "#" + link->anchor);
    out_.html.append(open);
    append_escaped_href(out_.html, href);
    from = quote;
  }

  // Text where glossary terms may be linked: the first mention of each term in a paragraph or cell
  // (never the note's own term), numbered across the body for their tooltips.
  std::size_t terms(std::string_view in, std::string_view flags, std::size_t from) {
    std::string_view escaped = until_close(in, body_terms_close, from);
    if (flags.find('s') != std::string_view::npos) linked_.clear();
    bool table = flags.find('t') != std::string_view::npos;
    std::string text = unescape_text(escaped);
    chosen_.clear();
    for (const TermMatch& m : glossary_.scan(text)) {
      const GlossaryTerm& term = glossary_.terms()[m.term];
      if (term.id == note_.id || std::find(linked_.begin(), linked_.end(), m.term) != linked_.end()) continue;
      linked_.push_back(m.term);
      chosen_.push_back(m);
      if (!seen_[m.term]) {
        seen_[m.term] = true;
        out_.terms.push_back(m.term);
      }
    }
    if (!html_) return from;
    std::string& out = out_.html;
    if (chosen_.empty()) return out.append(escaped), from;
    std::size_t done = 0;
    std::string_view all = text;
    for (const TermMatch& m : chosen_) {
      const GlossaryTerm& term = glossary_.terms()[m.term];
      append_escaped_text(out, all.substr(done, m.offset - done));
      std::size_t tip = ++tips_;
      if (table) {
        append_plain_link_open(out, node_file(term.id), term.hover());
        append_escaped_text(out, all.substr(m.offset, m.length));
        out += "</a>";
      } else {
        append_term_open(out, term, tip);
        append_escaped_text(out, all.substr(m.offset, m.length));
        append_term_close(out, term, tip);
      }
      done = m.offset + m.length;
    }
    append_escaped_text(out, all.substr(done));
    return from;
  }

  const Note& note_;
  const std::function<LinkTarget(std::string_view)>& target_;
  const Glossary& glossary_;
  bool html_;
  const QueryBlockHtml& queries_;
  FilledBody out_;
  std::vector<bool> seen_;             // terms linked anywhere in the body
  std::vector<std::size_t> linked_;    // terms linked in the current paragraph or cell: a few
  std::vector<TermMatch> chosen_;
  std::size_t tips_ = 0;
};

}  // namespace

FilledBody fill_body(const Note& note, const std::function<LinkTarget(std::string_view)>& target, const Glossary& glossary,
                     bool html, const QueryBlockHtml& queries) {
  return Filler(note, target, glossary, html, queries).run(note.rendered.html);
}

FilledBody fill_body(const Note& note, std::string_view body_html, const std::function<LinkTarget(std::string_view)>& target,
                     const Glossary& glossary, bool html, const QueryBlockHtml& queries) {
  return Filler(note, target, glossary, html, queries).run(body_html);
}

}  // namespace anth::site
