// A kind's listing: one row per node of the kind, in natural id order, in pages of listing_page_size
// rows (papers.html, papers-2.html, ...).
#include <algorithm>
#include <set>

#include "core/util/case_fold.h"
#include "core/util/natural_order.h"
#include "render/site/html.h"
#include "render/site/pages.h"

namespace anth::render::site {

namespace {

TemplateValue cell(std::string text = "", std::string href = "", std::string cls = "") {
  return TemplateValue::object()
      .set("text", std::move(text))
      .set("href", std::move(href))
      .set("cls", std::move(cls))
      .set("refs", TemplateValue::list());
}

struct Listing {
  std::vector<const char*> columns;
  const char* lead;
};

// table: the columns and the lead paragraph of each kind's listing.
Listing listing_of(Kind kind) {
  switch (kind) {
    case Kind::Sota:
      return {{"Id", "Practice", "Status", "Introduced by", "Year", "Contested"},
              "Every practice the anthology records: what to do, where it comes from, and whether it is disputed."};
    case Kind::Lit: return {{"Id", "Title", "Authors", "Year", "Status", "Read as"}, "The papers and other sources the record rests on."};
    case Kind::Note: return {{"Id", "Reading", "Paper", "Status"}, "Readings: each is one careful reading of one paper."};
    case Kind::Theory:
      return {{"Id", "Statement", "Status", "Sources", "Kernel"}, "Proved or claimed statements, with the papers they come from."};
    case Kind::Term: return {{"Id", "Term"}, ""};
    case Kind::Page: return {{"Id", "Page", "Folder"}, "The vault's other notes: hubs, indexes, drafts, people, projects."};
  }
  return {{}, ""};
}

// The notes a relation of n names that resolve, once each, in the order written.
TemplateValue refs_of(const Pages& pages, const Note& n, std::string_view relation) {
  TemplateValue list = TemplateValue::list();
  std::set<std::string> seen;
  for (const Relation* r : n.relations_of(relation)) {
    auto w = r->to.empty() ? std::nullopt : pages.context().vertex(r->to);
    if (w && seen.insert(r->to).second) list.push(pages.ref(*w));
  }
  return list;
}

TemplateValue state_cell(const Note& n) { return cell(capitalize(n.status), "", "state state-" + util::slugify(n.status)); }

// The cells after id and title, by kind.
void kind_cells(const Pages& pages, std::size_t v, TemplateValue& cells) {
  const graph::Graph& g = pages.context().graph();
  const Note& n = g.note(v);
  switch (*n.kind) {
    case Kind::Sota: {
      cells.push(state_cell(n));
      cells.push(cell().set("refs", refs_of(pages, n, "introduced_by")));
      auto year = g.year(v);
      cells.push(cell(year ? std::to_string(*year) : "", "", "num"));
      bool contested = n.status == "contested" || !n.relations_of("contested_by").empty();
      cells.push(cell(contested ? "Contested" : "No", "", contested ? "contested" : "uncontested"));
      break;
    }
    case Kind::Lit: {
      cells.push(cell(authors_short(n.authors)));
      cells.push(cell(n.year > 0 ? std::to_string(n.year) : "", "", "num"));
      cells.push(state_cell(n));
      TemplateValue readings = TemplateValue::list();
      for (std::size_t r : g.readings(v)) readings.push(pages.ref(r));
      cells.push(cell().set("refs", std::move(readings)));
      break;
    }
    case Kind::Note:
      cells.push(cell().set("refs", refs_of(pages, n, "paper")));
      cells.push(state_cell(n));
      break;
    case Kind::Theory:
      cells.push(state_cell(n));
      cells.push(cell().set("refs", refs_of(pages, n, "source")));
      cells.push(cell(n.kernel, "", "code"));
      break;
    case Kind::Term: break;
    case Kind::Page: {
      const std::size_t slash = n.path.rfind('/');
      cells.push(cell(slash == std::string::npos ? "" : n.path.substr(0, slash), "", "folder"));
      break;
    }
  }
}

// One row: built when its page is, so that a kind of 40,000 notes never holds all its rows.
TemplateValue row_of(const Pages& pages, std::size_t v) {
  const Note& n = pages.context().graph().note(v);
  TemplateValue cells = TemplateValue::list();
  cells.push(cell(n.id, pages.context().file(v), "id"));
  cells.push(cell(n.title, pages.context().file(v), "title"));
  kind_cells(pages, v, cells);
  return TemplateValue::object().set("cells", std::move(cells));
}

}  // namespace

void Pages::kind_listings(Kind kind, const std::function<void(std::string file, std::string html)>& emit,
                          const std::vector<std::size_t>* only) const {
  const graph::Graph& g = ctx_.graph();
  std::vector<std::size_t> members;
  for (std::size_t v : ctx_.vertices_by_id())
    if (g.note(v).kind == kind) members.push_back(v);
  std::sort(members.begin(), members.end(),
            [&](std::size_t a, std::size_t b) { return util::natural_less(g.note(a).id, g.note(b).id); });
  const Listing listing = listing_of(kind);

  // Pages of page_size rows: papers.html, papers-2.html, ...
  std::string stem = listing_file(kind).substr(0, listing_file(kind).size() - 5);
  std::size_t size = std::max<std::size_t>(1, ctx_.options().listing_page_size);
  std::size_t pages = std::max<std::size_t>(1, (members.size() + size - 1) / size);
  auto file_of = [&](std::size_t p) { return p == 0 ? stem + ".html" : stem + "-" + std::to_string(p + 1) + ".html"; };
  for (std::size_t p = 0; p < pages; ++p) {
    if (only && std::none_of(members.begin() + static_cast<std::ptrdiff_t>(std::min(members.size(), p * size)),
                             members.begin() + static_cast<std::ptrdiff_t>(std::min(members.size(), (p + 1) * size)),
                             [&](std::size_t v) { return std::find(only->begin(), only->end(), v) != only->end(); }))
      continue;
    TemplateValue rows = TemplateValue::list();
    for (std::size_t i = p * size; i < std::min(members.size(), (p + 1) * size); ++i) rows.push(row_of(*this, members[i]));
    TemplateValue pager = TemplateValue::list();
    if (pages > 1)
      for (std::size_t q = 0; q < pages; ++q)
        pager.push(TemplateValue::object().set("label", std::to_string(q + 1)).set("href", file_of(q)).set("current", q == p));
    TemplateValue columns = TemplateValue::list();
    for (const char* c : listing.columns) columns.push(TemplateValue::object().set("label", c));
    TemplateValue data = TemplateValue::object();
    data.set("title", listing_title(kind))
        .set("lead", listing.lead)
        .set("columns", std::move(columns))
        .set("rows", std::move(rows))
        .set("count", members.size())
        .set("kind_class", util::fold_case(kind_name(kind)))
        .set("pager", std::move(pager))
        .set("page_note", pages > 1 ? "Page " + std::to_string(p + 1) + " of " + std::to_string(pages) : "");
    Frame frame;
    frame.title = listing_title(kind) + (p > 0 ? " (page " + std::to_string(p + 1) + ")" : "");
    frame.current = stem;
    frame.body_class = "page-listing";
    emit(file_of(p), wrap(frame, t_.render("listing", data)));
  }
}

}  // namespace anth::render::site
