// Hover on a link or an id: the note it names, its kind, title, year and status, and the first sentence
// of its body.
#include "core/model/kind.h"
#include "core/model/wikilink_text.h"
#include "workspace/lsp/features/features.h"
#include "workspace/lsp/targets.h"

namespace anth::workspace::lsp {

namespace {

// Wikilinks as a reader sees them: the display text, else the target (and " > heading"), as
// Obsidian's reading view shows them; the hover is a sentence, not markdown source.
std::string plain_links(const std::string& text) {
  std::string out;
  WikilinkFinder finder(text);
  std::size_t done = 0;
  while (auto span = finder.next(done)) {
    const bool embed = span->open > done && text[span->open - 1] == '!';
    out.append(text, done, span->open - done - (embed ? 1 : 0));
    WikilinkText link = split_wikilink(span->inside(text));
    if (!link.display.empty()) out += link.display;
    else out += std::string(link.target) + (link.heading.empty() ? "" : " > " + std::string(link.heading));
    done = span->close + 2;
  }
  return out.append(text, done);
}

// The first sentence of the body's first paragraph (headings, fences, tables and block quotes skipped).
std::string first_sentence(const Note& note, const Text& text) {
  std::string paragraph;
  for (int l = note.body_line - 1; l < text.lines.count(); ++l) {
    std::string_view line = text.lines.line(l);
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos) {
      if (!paragraph.empty()) break;
      continue;
    }
    char c = line[i];
    if (paragraph.empty() && (c == '#' || c == '>' || c == '|' || c == '`' || c == '~' || c == '!' || c == '-')) continue;
    paragraph += (paragraph.empty() ? "" : " ") + std::string(line.substr(i));
  }
  paragraph = plain_links(paragraph);
  for (std::size_t i = 0; i + 1 < paragraph.size(); ++i)
    if ((paragraph[i] == '.' || paragraph[i] == '!' || paragraph[i] == '?') && paragraph[i + 1] == ' ') return paragraph.substr(0, i + 1);
  return paragraph.size() > 400 ? paragraph.substr(0, 400) + "…" : paragraph;
}

json answer(Context& context, const json& params) {
  Context::Document doc = context.document(params);
  auto target = target_at(context, doc, params);
  if (!target) return nullptr;
  std::string value;
  const Note* note = target->id.empty() ? nullptr : context.note_of(target->id);
  if (!note) {
    value = "`" + target->written + "` names no note";
  } else {
    value = "**" + std::string(note->kind ? kind_name(*note->kind) : "page") + "** `" + note->id + "`: " + note->title;
    if (note->year > 0) value += " (" + std::to_string(note->year) + ")";
    if (!note->status.empty()) value += " · " + note->status;
    if (auto text = context.text_of(note->path)) {
      std::string sentence = first_sentence(*note, *text);
      if (!sentence.empty()) value += "\n\n" + sentence;
    }
  }
  Range range{doc.text->lines.position(target->line, target->start, context.encoding), doc.text->lines.position(target->line, target->end, context.encoding)};
  return {{"contents", {{"kind", "markdown"}, {"value", value}}}, {"range", to_json(range)}};
}

}  // namespace

Feature hover_feature() { return {"textDocument/hover", "hoverProvider", true, answer}; }

}  // namespace anth::workspace::lsp
