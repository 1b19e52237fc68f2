#pragma once
// A body through the whole path the site takes: ingest's one parse (parse_body), the resolver's link
// index (LinkIndex over `others` and the note) with the headings links name (`others`' rendered
// anchors), and the site's filling in (fill_body). What the old
// single-step renderer gave: the HTML, the text, the first link to each other note, the terms.
#include <string>
#include <vector>

#include "core/graph/link_index.h"
#include "core/model/corpus.h"
#include "ingest/body_html.h"
#include "ingest/link_anchors.h"
#include "render/site/body_fill.h"
#include "render/site/site_context.h"

namespace anth::test::site {

struct RenderedForTest {
  std::string html;
  std::string plain;
  std::vector<BodyLink> links;     // the first link to each other note it resolved to, in order
  std::vector<std::string> terms;  // glossary terms linked, by id
  std::vector<std::string> excerpts;  // of `links`, in order (RenderedBody::excerpts)
};

inline RenderedForTest render_for_test(Note note, Corpus others, const anth::render::site::Glossary* glossary = nullptr,
                                       bool raw_html = false) {
  note.rendered = ingest::parse_body(note.body, raw_html).rendered;
  others.notes.push_back(note);
  others.index_ids();
  graph::LinkIndex index(others);
  for (BodyLink& l : note.rendered.links) {
    l.resolved = !l.file && l.target.empty() && !l.heading.empty() ? note.id : std::string(index.resolve(l.target, {note.path, l.file}));
    const Note* t = l.resolved == note.id ? &note : others.find(l.resolved);
    if (t && !l.heading.empty()) l.anchor = ingest::find_anchor(t->rendered.anchors, l.heading);  // as the resolver does
  }
  auto target = [&](std::string_view id) {
    const Note* n = others.find(id);
    return n ? anth::render::site::LinkTarget{n->id, n->title, anth::render::site::SiteContext::kind_class(*n)} : anth::render::site::LinkTarget{};
  };
  Corpus none;
  anth::render::site::Glossary empty(none);
  const anth::render::site::Glossary& g = glossary ? *glossary : empty;
  anth::render::site::FilledBody filled = anth::render::site::fill_body(note, target, g);
  RenderedForTest out{filled.html, note.rendered.plain, {}, {}, {}};
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < note.rendered.links.size(); ++i) {
    const BodyLink& l = note.rendered.links[i];
    if (l.file || l.resolved.empty() || l.resolved == note.id) continue;
    if (std::find(seen.begin(), seen.end(), l.resolved) != seen.end()) continue;
    seen.push_back(l.resolved);
    out.links.push_back(l);
    out.links.back().target = l.resolved;
    out.excerpts.push_back(note.rendered.excerpts.of(i));
  }
  for (std::size_t t : filled.terms) out.terms.push_back(g.terms()[t].id);
  return out;
}

}  // namespace anth::test::site
