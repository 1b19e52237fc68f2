#include "ingest/link_anchors.h"

#include "core/model/rule_catalog.h"
#include "core/util/case_fold.h"
#include "core/util/text.h"

namespace anth::ingest {

namespace {

// A heading as links name it: ASCII punctuation but '-', '_' and '\'' becomes a space (what a link
// cannot hold, # | ^ : [ ], and the marks of code and emphasis the heading's text may be written
// with or without: "`move`", "hasTag()", "Why?"), spaces collapse, case folds.
std::string link_form(std::string_view text) {
  static constexpr std::string_view dropped = "!\"#$%&()*+,./:;<=>?@[\\]^`{|}~\t\n";
  std::string spaced;
  for (char c : text) spaced += dropped.find(c) != std::string_view::npos ? ' ' : c;
  std::string out;
  for (char c : spaced)
    if (c != ' ' || (!out.empty() && out.back() != ' ')) out += c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return util::fold_case(out);
}

std::vector<std::string_view> split_hashes(std::string_view subpath) {
  std::vector<std::string_view> parts;
  while (true) {
    std::size_t hash = subpath.find('#');
    std::string_view part = util::trim(subpath.substr(0, hash));
    if (!part.empty()) parts.push_back(part);
    if (hash == std::string_view::npos) return parts;
    subpath = subpath.substr(hash + 1);
  }
}

const Note* target_of(const Note& note, const Corpus& corpus, const std::string& resolved, bool self) {
  if (self) return &note;
  return resolved.empty() ? nullptr : corpus.find(resolved);
}

}  // namespace

std::string find_anchor(const std::vector<BodyAnchor>& anchors, std::string_view subpath) {
  subpath = util::trim(subpath);
  if (subpath.starts_with('^')) {
    std::string wanted = util::fold_case(subpath);
    for (const BodyAnchor& a : anchors)
      if (a.level == 0 && util::fold_case(a.text) == wanted) return a.id;
    return {};
  }
  // "A#B#C": the first heading A, then within its section (until a heading of its level or higher) a
  // heading B, and so on; the last one found is the anchor.
  std::vector<std::string_view> parts = split_hashes(subpath);
  if (parts.empty()) return {};
  std::size_t part = 0;
  int within = 0;  // the level of the section searched; 0: the whole note
  const BodyAnchor* found = nullptr;
  for (const BodyAnchor& a : anchors) {
    if (a.level == 0) continue;
    if (within > 0 && a.level <= within) return {};  // left the section without finding the next part
    if (link_form(a.text) != link_form(parts[part])) continue;
    found = &a;
    within = a.level;
    if (++part == parts.size()) return found->id;
  }
  return {};
}

void resolve_anchors(Note& note, const Corpus& corpus, std::vector<Diagnostic>& out) {
  for (BodyLink& l : note.rendered.links) {
    if (l.heading.empty()) continue;
    const Note* t = target_of(note, corpus, l.resolved, !l.file && l.target.empty());
    if (t) l.anchor = find_anchor(t->rendered.anchors, l.heading);
  }
  for (const Wikilink& w : note.wikilinks) {
    if (util::trim(w.heading).empty() || note.ignores("R007")) continue;
    const Note* t = target_of(note, corpus, w.resolved, w.target.empty());
    if (!t || !find_anchor(t->rendered.anchors, w.heading).empty()) continue;
    bool block = util::trim(w.heading).starts_with('^');
    std::string message = "wikilink [[" + w.target + "#" + w.heading + "]]: " + (t == &note ? "this note" : t->id) +
                          " has no " + (block ? "block " : "heading ") + "'" + std::string(util::trim(w.heading)) + "'";
    out.push_back({"R007", find_rule("R007")->severity, w.where, std::move(message), {{{t->path, 1, 1}, "the linked note"}}});
  }
}

}  // namespace anth::ingest
