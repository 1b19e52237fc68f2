// Completion: note names after `[[` and `![[`, a note's headings after `[[Note#`, and in a relation
// field of the frontmatter the ids of the kinds that field allows (docs/format.md's tables, through
// core/model/schema), each with its title as detail.
#include "core/model/kind.h"
#include "core/model/schema.h"
#include "core/util/case_fold.h"
#include "workspace/lsp/features/features.h"

namespace anth::workspace::lsp {

namespace {

json item(const std::string& label, const std::string& detail, int kind, const Range& replace) {
  return {{"label", label}, {"detail", detail}, {"kind", kind}, {"filterText", label},
          {"textEdit", {{"range", to_json(replace)}, {"newText", label}}}};
}

// At most this many notes per answer: a corpus of 10,000 would send them all on every keystroke.
// A capped answer says it is incomplete, so the editor asks again as more is typed.
constexpr std::size_t max_notes = 200;

// The notes a link may name: each by its id (a page by its file name when that finds it), those whose
// label or title holds what is typed so far (case folded as the resolver folds), at most max_notes.
json notes(Context& context, const Range& replace, const std::vector<Kind>* kinds, std::string_view typed) {
  const std::string want = util::fold_case(typed);
  json out = json::array();
  for (const Note& n : context.workspace->corpus().notes) {
    if (!n.in_graph) continue;
    if (kinds && (!n.kind || std::find(kinds->begin(), kinds->end(), *n.kind) == kinds->end())) continue;
    std::string label = n.id;
    if (!n.kind && !kinds) {
      std::string stem(graph::file_stem(n.path));
      if (context.links().resolve(stem) == n.id) label = stem;
    }
    if (!want.empty() && util::fold_case(label).find(want) == std::string::npos && util::fold_case(n.title).find(want) == std::string::npos)
      continue;
    if (out.size() == max_notes) return {{"isIncomplete", true}, {"items", std::move(out)}};
    out.push_back(item(label, n.title, 18 /* Reference */, replace));
  }
  return out;
}

// The relation field a frontmatter line is in: its own key, or the key above a "- item" line.
std::string field_key(const TextLines& lines, int line) {
  for (int l = line; l >= 1; --l) {
    std::string_view text = lines.line(l);
    if (text.empty() || text.front() == ' ' || text.front() == '\t' || text.front() == '-') continue;
    std::size_t colon = text.find(':');
    return colon == std::string_view::npos ? "" : std::string(text.substr(0, colon));
  }
  return "";
}

json answer(Context& context, const json& params) {
  Context::Document doc = context.document(params);
  auto [line, column] = context.byte_position(params, *doc.text);
  if (column < 0) return json::array();
  std::string_view before = doc.text->lines.line(line).substr(0, static_cast<std::size_t>(column));
  Position cursor = doc.text->lines.position(line, column, context.encoding);
  std::size_t open = before.rfind("[[");
  if (open != std::string_view::npos && before.find("]]", open) == std::string_view::npos && before.find('|', open) == std::string_view::npos) {
    std::string_view inside = before.substr(open + 2);
    std::size_t hash = inside.find('#');
    if (hash == std::string_view::npos) {
      Range replace{doc.text->lines.position(line, static_cast<int>(open + 2), context.encoding), cursor};
      return notes(context, replace, nullptr, inside);
    }
    std::string_view written = inside.substr(0, hash);
    const Note* target = written.empty() ? doc.note : context.note_of(context.links().resolve(written, {doc.path}));
    json out = json::array();
    if (!target) return out;
    Range replace{doc.text->lines.position(line, static_cast<int>(open + 2 + hash + 1), context.encoding), cursor};
    for (const BodyAnchor& a : target->rendered.anchors)
      out.push_back(item(a.text, a.level > 0 ? "H" + std::to_string(a.level) + " of " + target->id : "block of " + target->id, a.level > 0 ? 15 : 14, replace));
    return out;
  }
  // A frontmatter relation field: ids of the kinds it allows.
  if (!doc.note || !doc.note->kind || line <= 0 || line >= doc.note->body_line - 2 || doc.text->lines.line(0) != "---") return json::array();
  std::string key = field_key(doc.text->lines, line);
  const FieldSpec* spec = find_field(*doc.note->kind, key);
  if (!spec || !is_relation(*spec)) return json::array();
  std::size_t word = before.find_last_of(" [,\"':");
  int from = word == std::string_view::npos ? 0 : static_cast<int>(word + 1);
  Range replace{doc.text->lines.position(line, from, context.encoding), cursor};
  return notes(context, replace, &spec->targets, before.substr(static_cast<std::size_t>(from)));
}

}  // namespace

Feature completion_feature() {
  return {"textDocument/completion", "completionProvider", {{"triggerCharacters", {"[", "#", " ", ","}}}, answer};
}

}  // namespace anth::workspace::lsp
