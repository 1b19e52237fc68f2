// Find references: the notes that name this one (typed relations, property links, body links and
// embeds), asked from the note's own `id:` value or from any link or relation naming it.
#include <map>

#include "workspace/lsp/features/features.h"
#include "workspace/lsp/targets.h"

namespace anth::workspace::lsp {

namespace {

json answer(Context& context, const json& params) {
  json out = json::array();
  Context::Document doc = context.document(params);
  auto target = target_at(context, doc, params);
  if (!target || target->id.empty()) return out;
  std::map<std::string, std::unique_ptr<Text>> texts;
  auto text_of = [&](const std::string& path) -> const Text& {
    auto& t = texts[path];
    if (!t) t = context.text_of(path);
    if (!t) t = std::make_unique<Text>("");
    return *t;
  };
  bool declaration = params.contains("context") && params["context"].value("includeDeclaration", false);
  if (declaration) {
    if (const Note* note = context.note_of(target->id)) {
      const Field* id = note->field("id");
      Location at = id && !id->items.empty() ? id->items.front().where : Location{note->path, 1, 1};
      out.push_back(context.location(text_of(note->path), note->path, at.line, at.column));
    }
  }
  for (const Mention& m : mentions_of(context, target->id))
    out.push_back(context.location(text_of(m.note->path), m.note->path, m.relation->where.line, m.relation->where.column));
  return out;
}

}  // namespace

Feature references_feature() { return {"textDocument/references", "referencesProvider", true, answer}; }

}  // namespace anth::workspace::lsp
