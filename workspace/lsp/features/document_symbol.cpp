// Document symbols: the note's headings, at their lines, with their level in the detail.
#include "workspace/lsp/features/features.h"
#include "workspace/lsp/headings.h"

namespace anth::workspace::lsp {

namespace {

json answer(Context& context, const json& params) {
  Context::Document doc = context.document(params);
  json out = json::array();
  if (!doc.note) return out;
  for (const AnchorPlace& place : anchor_places(*doc.note, doc.text->lines)) {
    if (place.anchor->level == 0 || place.line < 0) continue;
    std::string_view line = doc.text->lines.line(place.line);
    Range range{{place.line, 0}, doc.text->lines.position(place.line, static_cast<int>(line.size()), context.encoding)};
    out.push_back({{"name", place.anchor->text.empty() ? "(empty heading)" : place.anchor->text},
                   {"detail", "H" + std::to_string(place.anchor->level)},
                   {"kind", 15},  // SymbolKind.String, as markdown servers give headings
                   {"range", to_json(range)},
                   {"selectionRange", to_json(range)}});
  }
  return out;
}

}  // namespace

Feature document_symbol_feature() { return {"textDocument/documentSymbol", "documentSymbolProvider", true, answer}; }

}  // namespace anth::workspace::lsp
