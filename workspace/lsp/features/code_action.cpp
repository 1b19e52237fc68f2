// Code actions where the fix is certain:
// - P003 (read-as-mismatch): set `read_as` to exactly the notes whose `paper` is this LIT, as the rule
//   asks (docs/rules/P003.md);
// - a wikilink whose target is written in another case than the name that finds it ("[[lit-1]]" for
//   LIT-1.md): written in the name's own case, so that it finds its note on a case-sensitive system too.
#include <algorithm>

#include "core/util/case_fold.h"
#include "workspace/lsp/features/features.h"

namespace anth::workspace::lsp {

namespace {

json action(const Context& context, const std::string& path, const std::string& title, json edits, json diagnostics) {
  json out = {{"title", title}, {"kind", "quickfix"}, {"edit", {{"changes", {{context.uri_of(path), std::move(edits)}}}}}};
  if (!diagnostics.empty()) out["diagnostics"] = std::move(diagnostics);
  return out;
}

// The client's diagnostics of a rule given with the request (to attach them to the action).
json given(const json& params, const std::string& rule) {
  json out = json::array();
  if (params.contains("context") && params["context"].contains("diagnostics"))
    for (const json& d : params["context"]["diagnostics"])
      if (d.value("code", "") == rule) out.push_back(d);
  return out;
}

void read_as_fix(const Context& context, const Context::Document& doc, int first, int last, const json& params, json& out) {
  const Note& note = *doc.note;
  bool reported = std::any_of(context.workspace->diagnostics().begin(), context.workspace->diagnostics().end(), [&](const Diagnostic& d) {
    return d.rule == "P003" && d.where.file == doc.path && d.where.line - 1 >= first && d.where.line - 1 <= last;
  });
  const Field* field = note.field("read_as");
  if (!reported || !field || field->origin != Origin::Frontmatter) return;
  std::vector<std::string> readings;
  for (const Note& n : context.workspace->corpus().notes)
    if (n.in_graph)
      for (const Relation* r : n.relations_of("paper"))
        if (r->to == note.id) readings.push_back(n.id);
  std::sort(readings.begin(), readings.end());
  readings.erase(std::unique(readings.begin(), readings.end()), readings.end());
  std::string list;
  for (const std::string& id : readings) list += (list.empty() ? "" : ", ") + id;
  int end_line = field->where.line;
  for (const FieldValue& v : field->items) end_line = std::max(end_line, v.where.line);
  Range replace{{field->where.line - 1, 0}, {end_line, 0}};
  json edits = json::array({{{"range", to_json(replace)}, {"newText", "read_as: [" + list + "]\n"}}});
  out.push_back(action(context, doc.path, "Set read_as to the readings of " + note.id + ": [" + list + "]", edits, given(params, "P003")));
}

// The names a link finds its note by (docs/format.md, "Links"): id, file name, path, title, aliases.
std::vector<std::string> names_of(const Note& n) {
  std::vector<std::string> names = {n.id, std::string(graph::file_stem(n.path)), n.path, n.title};
  if (n.path.ends_with(".md")) names.push_back(n.path.substr(0, n.path.size() - 3));
  names.insert(names.end(), n.aliases.begin(), n.aliases.end());
  return names;
}

void case_fixes(const Context& context, const Context::Document& doc, int first, int last, json& out) {
  for (const Wikilink& w : doc.note->wikilinks) {
    if (w.where.line - 1 < first || w.where.line - 1 > last || w.target.empty() || w.resolved.empty()) continue;
    const Note* target = context.note_of(w.resolved);
    if (!target) continue;
    std::vector<std::string> names = names_of(*target);
    if (std::find(names.begin(), names.end(), w.target) != names.end()) continue;
    std::string folded = util::fold_case(w.target);
    auto same = std::find_if(names.begin(), names.end(), [&](const std::string& n) { return util::fold_case(n) == folded; });
    if (same == names.end()) continue;
    std::string_view line = doc.text->lines.line(w.where.line - 1);
    std::size_t at = line.find(w.target, static_cast<std::size_t>(doc.text->lines.byte_of(w.where.line - 1, w.where.column)));
    if (at == std::string_view::npos) continue;
    Range r{doc.text->lines.position(w.where.line - 1, static_cast<int>(at), context.encoding),
            doc.text->lines.position(w.where.line - 1, static_cast<int>(at + w.target.size()), context.encoding)};
    json edits = json::array({{{"range", to_json(r)}, {"newText", *same}}});
    out.push_back(action(context, doc.path, "Write the link as [[" + *same + "]], the case of its note", edits, json::array()));
  }
}

json answer(Context& context, const json& params) {
  Context::Document doc = context.document(params);
  json out = json::array();
  if (!doc.note) return out;
  int first = params.at("range").at("start").at("line").get<int>(), last = params.at("range").at("end").at("line").get<int>();
  read_as_fix(context, doc, first, last, params, out);
  case_fixes(context, doc, first, last, out);
  return out;
}

}  // namespace

Feature code_action_feature() {
  return {"textDocument/codeAction", "codeActionProvider", {{"codeActionKinds", {"quickfix"}}}, answer};
}

}  // namespace anth::workspace::lsp
