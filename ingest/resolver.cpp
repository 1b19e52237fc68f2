#include "ingest/resolver.h"

#include <algorithm>
#include <unordered_map>

#include "core/graph/link_path.h"
#include "core/model/schema.h"
#include "core/model/rule_catalog.h"
#include "core/util/case_fold.h"
#include "core/util/text.h"
#include "ingest/link_anchors.h"
#include "ingest/page_id.h"

namespace anth::ingest {

namespace {

Diagnostic make(const char* rule, Location where, std::string message, std::vector<RelatedLocation> related = {}) {
  return {rule, find_rule(rule)->severity, std::move(where), std::move(message), std::move(related)};
}

void mark_duplicates(Corpus& corpus, std::vector<Diagnostic>& out) {
  std::unordered_map<std::string, const Note*> first;
  for (Note& n : corpus.notes) {
    if (!n.in_graph) continue;
    auto [it, fresh] = first.try_emplace(n.id, &n);
    if (fresh) continue;
    const Field* id_field = n.field("id");
    Location where = id_field && !id_field->items.empty() ? id_field->items[0].where : Location{n.path, 1, 1};
    out.push_back(make("S006", where, "id " + n.id + " is already declared by " + it->second->path,
                                      {{{it->second->path, 1, 1}, "first declared here"}}));
    n.in_graph = false;
  }
}

// The links of the body made ready for the site: a wikilink by its target ([[#heading]]: the note
// itself), a link to a markdown file by its path from the note's folder first.
void resolve_body_links(Note& note, const graph::LinkIndex& links, graph::LinkMemo& memo) {
  for (BodyLink& l : note.rendered.links) {
    l.resolved = !l.file && l.target.empty() && !l.heading.empty()
                     ? note.id
                     : std::string(memo.resolve(l.target, {note.path, l.file}));
    // A file that is no note: an attachment the site copies, unless it may not (S008 below).
    const Attachment* a = l.resolved.empty() ? links.attachment(l.target, {note.path, l.file}) : nullptr;
    l.attachment = a && a->refused.empty() ? a->path : "";
  }
}

// The words and related location that say a reference names a note left out of the graph: without
// them, every link to a note whose frontmatter is broken read "resolves to no note" while the file is
// there (a real vault: 105 of its 250 R002 pointed at its 46 notes with S001).
std::string left_out_words(const Note& left_out) { return left_out.path + " is left out of the graph (see the error there)"; }
RelatedLocation left_out_place(const Note& left_out) { return {{left_out.path, 1, 1}, "left out of the graph"}; }

// R002 for `what` ("wikilink [[X]]", ...) naming no note, and which left-out note it names if any.
Diagnostic no_note(const std::string& what, const Location& where, const Note* left_out) {
  if (!left_out) return make("R002", where, what + " resolves to no note");
  return make("R002", where, what + " resolves to no note: " + left_out_words(*left_out), {left_out_place(*left_out)});
}

// A body link or embed that names no note: fine when it names an attachment the site may copy; S008
// when the attachment may not be copied; R002 when it names nothing, or only a note left out of the graph.
void check_unresolved_mention(const Relation& r, const Note& note, const graph::LinkIndex& links, const Note* left_out,
                              std::vector<Diagnostic>& out) {
  const bool link = r.origin == Origin::Link;
  std::string written = link ? "link (" + r.written + ")" : "wikilink [[" + r.written + "]]";
  if (const Attachment* a = links.attachment(r.written, {note.path, link})) {
    if (!a->refused.empty())
      out.push_back(make("S008", r.where, "attachment " + a->path + " named by " + written + " " + a->refused + ": not copied into the site"));
    return;
  }
  if (!left_out && graph::names_attachment(r.written))
    out.push_back(make("R002", r.where, written + " names an attachment that is not in the vault"));
  else
    out.push_back(no_note(written, r.where, left_out));
}

// A frontmatter link outside the schema (property_links.h): an edge when it names a note; false when
// it names none (R002, made by the caller). One to the note itself is no edge.
bool resolve_property(Relation& r, const Note& note, graph::LinkMemo& memo) {
  std::string target(memo.resolve(r.written, {note.path}));
  r.to = target == note.id ? "" : target;
  return !target.empty();
}

}  // namespace

void resolve_ids(Corpus& corpus, std::vector<Diagnostic>& out) {
  disambiguate_page_ids(corpus);
  mark_duplicates(corpus, out);
  corpus.index_ids();
}

NoteResolver::NoteResolver(const Corpus& corpus, const std::set<std::string>& rules_off)
    : corpus_(corpus), links_(corpus), rules_off_(rules_off) {
  for (const Note& n : corpus.notes) {
    if (n.in_graph) continue;
    left_out_.try_emplace(util::fold_case(n.id), &n);
    left_out_.try_emplace(util::fold_case(graph::file_stem(n.path)), &n);
  }
}

const Note* NoteResolver::left_out(std::string_view written) const {
  if (left_out_.empty()) return nullptr;
  auto it = left_out_.find(util::fold_case(graph::file_stem(written)));
  return it == left_out_.end() ? nullptr : it->second;
}

void NoteResolver::resolve(Note& note, std::vector<Diagnostic>& out) const {
  const graph::LinkIndex& links = links_;
  const bool report_broken = !rules_off_.count("R002") && !note.ignores("R002");
  // Wikilinks mirror their mentions relations (same order) and take the id each resolves to, their own
  // note's too; [[#heading]] has no relation: it is the note's own.
  std::size_t w = 0;
  auto mirror = [&](std::string_view target) {
    while (w < note.wikilinks.size() && note.wikilinks[w].target.empty()) note.wikilinks[w++].resolved = note.id;
    if (w < note.wikilinks.size()) note.wikilinks[w++].resolved = target;
  };
  for (Relation& r : note.relations) {
    if (r.origin == Origin::Property) {
      if (!resolve_property(r, note, memo_) && report_broken)
        out.push_back(no_note("wikilink [[" + r.written + "]] in `" + r.kind + "`", r.where, left_out(r.written)));
      continue;
    }
    const std::uint32_t at = memo_.place(r.written, {note.path, r.origin == Origin::Link});
    std::string_view target = links.id_of(at);
    if (r.kind == "mentions") {
      if (target.empty() && report_broken) check_unresolved_mention(r, note, links, left_out(r.written), out);
      if (r.origin != Origin::Link) mirror(target);
      r.to = target == note.id ? std::string_view() : target;  // a link to one's own heading is no edge
      continue;
    }
    if (target.empty()) {
      std::string message = "`" + r.kind + "` names " + r.written + ", which no note has";
      std::vector<RelatedLocation> related;
      if (const Note* gone = left_out(r.written)) {
        message = "`" + r.kind + "` names " + r.written + ", whose note " + left_out_words(*gone);
        related.push_back(left_out_place(*gone));
      }
      out.push_back(make("R001", r.where, message, related));
      continue;
    }
    const Note* t = &corpus_.notes[at];  // the note the index holds at that place
    const FieldSpec* spec = find_field(*note.kind, r.kind);
    if (spec && std::find(spec->targets.begin(), spec->targets.end(), *t->kind) == spec->targets.end()) {
      std::string allowed;
      for (Kind k : spec->targets) allowed += (allowed.empty() ? "" : " or ") + std::string(kind_name(k));
      out.push_back(make("R003", r.where,
                         "`" + r.kind + "` must name a " + allowed + ", but " + std::string(target) + " is a " + kind_name(*t->kind),
                         {{{t->path, 1, 1}, std::string(target)}}));
      continue;
    }
    if (target == note.id) {
      out.push_back(make("R004", r.where, note.id + " names itself in `" + r.kind + "`"));
      continue;
    }
    r.to = target;
  }
  for (; w < note.wikilinks.size(); ++w)
    if (note.wikilinks[w].target.empty()) note.wikilinks[w].resolved = note.id;
  resolve_body_links(note, links, memo_);
}

void resolve_corpus(Corpus& corpus, const std::set<std::string>& rules_off) {
  resolve_ids(corpus, corpus.diagnostics);
  NoteResolver resolver(corpus, rules_off);
  for (Note& note : corpus.notes)
    if (note.in_graph) resolver.resolve(note, corpus.diagnostics);
  // Headings and blocks, once every note's links have their notes.
  for (Note& note : corpus.notes)
    if (note.in_graph) resolve_anchors(note, corpus, corpus.diagnostics);
}

}  // namespace anth::ingest
