#include "render/site/query_blocks.h"

#include <map>

#include "core/query/query_spec.h"
#include "core/util/hasher.h"
#include "core/util/html_text.h"
#include "render/site/html.h"
#include "render/site/query_answer.h"

namespace anth::render::site {

namespace {

const std::string no_block;

std::string error_box(std::string_view reason, std::string_view text) {
  std::string out = "<div class=\"query-block query-error\" role=\"note\"><p><strong>This query block has no answer:</strong> ";
  util::append_escaped_html(out, reason);
  out += "</p><pre><code>";
  util::append_escaped_html(out, text);
  return out + "</code></pre></div>\n";
}

// A cell as text; an in-graph id as a link to its page.
void append_cell(std::string& out, const anth::query::Cell& cell, const graph::Graph& graph) {
  out += "<td>";
  if (cell.type == anth::query::Cell::Type::Text && graph.vertex(cell.text)) {
    out += "<a href=\"";
    util::append_escaped_html(out, node_file(cell.text));
    out += "\">";
    util::append_escaped_html(out, cell.text);
    out += "</a>";
  } else {
    util::append_escaped_html(out, cell.text);
  }
  out += "</td>";
}

std::string table_html(const anth::query::ResultTable& t, const graph::Graph& graph) {
  std::string out = "<div class=\"query-block\"><table class=\"listing query-result\"><thead><tr>";
  for (const std::string& c : t.columns) {
    out += "<th>";
    util::append_escaped_html(out, c);
    out += "</th>";
  }
  out += "</tr></thead><tbody>";
  for (const auto& row : t.rows) {
    out += "<tr>";
    for (const anth::query::Cell& cell : row) append_cell(out, cell, graph);
    out += "</tr>";
  }
  out += "</tbody></table>";
  std::size_t n = t.rows.size();
  out += "<p class=\"query-count\">" + (n == 0 ? std::string("Nothing matches.") : std::to_string(n) + (n == 1 ? " result" : " results")) +
         "</p></div>\n";
  return out;
}

}  // namespace

QueryBlocks::QueryBlocks(const graph::Graph& graph, sqlite3* db) : of_(graph.vertex_count()) {
  std::map<std::string, std::uint32_t> seen;  // a query's canonical form (or a bad block's text) -> its answer
  auto answer_of = [&](const std::string& key, auto make) {
    auto [it, added] = seen.try_emplace(key, static_cast<std::uint32_t>(answers_.size()));
    if (added) answers_.push_back(make());
    return it->second;
  };
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
    const Note& note = graph.note(v);
    for (const QueryBlock& block : note.rendered.queries) {
      auto spec = anth::query::parse_query_block(block.text, note.id);
      if (!spec) {
        of_[v].push_back(answer_of("!" + spec.error() + '\x1f' + block.text, [&] { return error_box(spec.error(), block.text); }));
        continue;
      }
      of_[v].push_back(answer_of(spec->canonical(), [&] {
        if (!db) return error_box("the index is not available to this build", block.text);
        auto table = answer_query(db, *spec);
        return table ? table_html(*table, graph) : error_box(table.error(), block.text);
      }));
    }
  }
}

const std::string& QueryBlocks::html(std::size_t v, std::size_t b) const {
  if (v >= of_.size() || b >= of_[v].size()) return no_block;
  return answers_[of_[v][b]];
}

std::uint64_t QueryBlocks::key(std::size_t v) const {
  if (v >= of_.size() || of_[v].empty()) return 0;
  util::Hasher h;
  for (std::uint32_t a : of_[v]) h.text(answers_[a]);
  return h.digest();
}

}  // namespace anth::render::site
