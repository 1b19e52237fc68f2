// Rename a note's id, from its `id:` value or any link or relation naming it: a workspace edit that
// writes the new id there and in every link and relation that names the note by its id. Links that
// name it by a title, an alias or a path still find it and are left alone. A file named by the id
// (`LIT-2.md`) is renamed with it when the client applies file renames (documentChanges with
// resourceOperations "rename") and no file has the new name; otherwise it keeps its name (S007 then
// says so).
#include <filesystem>

#include "core/util/case_fold.h"
#include "workspace/lsp/features/features.h"
#include "workspace/lsp/targets.h"

namespace anth::workspace::lsp {

namespace {

// The byte column of `written` at or after a place's column on its line; -1 when it is not there.
int written_column(const Text& text, const Location& where, const std::string& written) {
  std::string_view line = text.lines.line(where.line - 1);
  std::size_t at = line.find(written, static_cast<std::size_t>(text.lines.byte_of(where.line - 1, where.column)));
  return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

json edit(const Context& context, const Text& text, int line, int column, std::size_t length, const std::string& new_text) {
  Range r{text.lines.position(line, column, context.encoding), text.lines.position(line, column + static_cast<int>(length), context.encoding)};
  return {{"range", to_json(r)}, {"newText", new_text}};
}

std::optional<Target> renamable(Context& context, const json& params, Context::Document& doc) {
  auto target = target_at(context, doc, params);
  if (!target || target->id.empty() || !context.note_of(target->id)) return std::nullopt;
  if (util::fold_case(target->written) != util::fold_case(target->id) || target->written_at < 0) return std::nullopt;
  return target;
}

// The note's new path when its file is named by the id and the client can rename it; nullopt otherwise
// (a file of the new name exists: the edit then leaves the file alone rather than fail as a whole).
std::optional<std::string> renamed_file(const Context& context, const Note& note, const std::string& id, const std::string& name) {
  // An id may hold '/' ("a/b" is a name, not a path): such a one keeps the file where it is, so that no
  // rename can move a note into another folder, or out of the corpus.
  if (!context.rename_files || name.find_first_of("/\\") != std::string::npos || name == "." || name == "..") return std::nullopt;
  std::size_t slash = note.path.rfind('/');
  std::string folder = slash == std::string::npos ? "" : note.path.substr(0, slash + 1);
  if (note.path != folder + id + ".md") return std::nullopt;
  std::string path = folder + name + ".md";
  std::error_code ec;
  if (context.note_at(path) || std::filesystem::exists(context.root() / path, ec)) return std::nullopt;
  return path;
}

// The edits as documentChanges, applied in order: each file's text, then the file's rename.
json document_changes(const Context& context, std::map<std::string, json> changes, const std::string& from, const std::string& to) {
  json out = json::array();
  for (auto& [path, edits] : changes)
    out.push_back({{"textDocument", {{"uri", context.uri_of(path)}, {"version", nullptr}}}, {"edits", std::move(edits)}});
  out.push_back({{"kind", "rename"}, {"oldUri", context.uri_of(from)}, {"newUri", context.uri_of(to)}});
  return {{"documentChanges", out}};
}

json prepare(Context& context, const json& params) {
  Context::Document doc = context.document(params);
  auto target = renamable(context, params, doc);
  if (!target) throw RequestError(request_failed, "only a note's id can be renamed: its `id:` value or a link by id");
  int start = target->written_at, end = start + static_cast<int>(target->written.size());
  Range r{doc.text->lines.position(target->line, start, context.encoding), doc.text->lines.position(target->line, end, context.encoding)};
  return {{"range", to_json(r)}, {"placeholder", target->id}};
}

json answer(Context& context, const json& params) {
  Context::Document doc = context.document(params);
  auto target = renamable(context, params, doc);
  if (!target) throw RequestError(request_failed, "only a note's id can be renamed: its `id:` value or a link by id");
  std::string name = params.at("newName").get<std::string>();
  if (name.empty() || name.find_first_of("[]|#^:\"' \t\n,") != std::string::npos)
    throw RequestError(invalid_params, "`" + name + "` cannot be an id: no blanks, quotes, brackets or | # ^ : ,");
  if (const Note* other = context.note_of(name); other && util::fold_case(other->id) != util::fold_case(target->id))
    throw RequestError(invalid_params, name + " is already the id of " + other->path);
  const Note* note = context.note_of(target->id);
  std::map<std::string, json> changes;
  std::map<std::string, std::unique_ptr<Text>> texts;
  auto text_of = [&](const std::string& path) -> const Text* {
    auto& t = texts[path];
    if (!t) t = context.text_of(path);
    return t.get();
  };
  if (const Field* id = note->field("id"); id && !id->items.empty())
    if (const Text* t = text_of(note->path)) {
      const FieldValue& v = id->items.front();
      if (int at = written_column(*t, v.where, v.text); at >= 0)
        changes[note->path].push_back(edit(context, *t, v.where.line - 1, at, v.text.size(), name));
    }
  for (const Mention& m : mentions_of(context, target->id)) {
    if (util::fold_case(m.relation->written) != util::fold_case(target->id)) continue;  // by title, alias or path
    const Text* t = text_of(m.note->path);
    if (!t) continue;
    Location from = m.relation->where;
    if (t->lines.line(from.line - 1).substr(static_cast<std::size_t>(t->lines.byte_of(from.line - 1, from.column)), 2) == "[[") from.column += 2;
    if (int at = written_column(*t, from, m.relation->written); at >= 0)
      changes[m.note->path].push_back(edit(context, *t, from.line - 1, at, m.relation->written.size(), name));
  }
  if (auto renamed = renamed_file(context, *note, target->id, name))
    return document_changes(context, std::move(changes), note->path, *renamed);
  json out = json::object();
  for (auto& [path, edits] : changes) out[context.uri_of(path)] = std::move(edits);
  return {{"changes", out}};
}

}  // namespace

Feature prepare_rename_feature() { return {"textDocument/prepareRename", "renameProvider", {{"prepareProvider", true}}, prepare}; }
Feature rename_feature() { return {"textDocument/rename", "renameProvider", {{"prepareProvider", true}}, answer}; }

}  // namespace anth::workspace::lsp
