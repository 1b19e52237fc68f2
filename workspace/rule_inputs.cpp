#include "workspace/rule_inputs.h"

#include <bit>

#include "core/util/hasher.h"

namespace anth::workspace {

namespace {

void location(util::Hasher& h, const Location& where) { h.text(where.file).number(where.line).number(where.column); }

void strings(util::Hasher& h, const std::vector<std::string>& list) {
  h.number(list.size());
  for (const std::string& s : list) h.text(s);
}

}  // namespace

std::uint64_t rule_inputs_print(const Note& n) {
  util::Hasher h;
  h.text(n.path).text(n.id).number(n.kind ? static_cast<int>(*n.kind) : -1).number(n.in_graph);
  h.text(n.title).text(n.status).text(n.created).text(n.updated).text(n.committed);
  strings(h, n.tags);
  strings(h, n.aliases);
  strings(h, n.lint_ignore);
  strings(h, n.authors);
  h.number(n.year).text(n.arxiv).text(n.doi).text(n.venue).text(n.url).number(n.version);
  h.text(n.promote_when).text(n.kernel).number(n.kernel_params.size());
  for (const auto& [name, value] : n.kernel_params) h.text(name).number(std::bit_cast<std::uint64_t>(value));
  h.text(n.short_definition).text(n.plain);
  h.number(n.fields.size());
  for (const Field& f : n.fields) {
    h.text(f.key).number(static_cast<int>(f.origin)).number(static_cast<int>(f.shape));
    location(h, f.where);
    h.number(f.items.size());
    for (const FieldValue& v : f.items) location(h.text(v.text), v.where);
    strings(h, f.keys);
  }
  h.number(n.relations.size());
  for (const Relation& r : n.relations) {
    h.text(r.kind).text(r.from).text(r.written).text(r.to).number(static_cast<int>(r.origin));
    location(h, r.where);
  }
  h.number(n.body_line).number(n.rendered.queries.size());
  for (const QueryBlock& q : n.rendered.queries) h.text(q.text).number(q.line).number(q.column);
  return h.digest();
}

}  // namespace anth::workspace
