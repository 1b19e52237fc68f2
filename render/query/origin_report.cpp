#include "render/query/origin_report.h"

#include "core/util/terminal_text.h"
#include "render/query/node_text.h"

namespace anth::render::query {

using anth::query::Hedge;
using anth::query::Link;
using anth::query::LinkedPaper;
using anth::query::Provenance;

namespace {

const char* way_name(Link::Way way) {
  switch (way) {
    case Link::Way::IntroducedBy: return "introduced_by";
    case Link::Way::Source: return "source";
    case Link::Way::TheorySource: return "theory_source";
    case Link::Way::PaperRelates: return "paper_relates";
    case Link::Way::NoteReading: return "note_reading";
    case Link::Way::BodyMention: return "body_mention";
  }
  return "";
}

std::string link_text(const Link& link) {
  auto relates = [](const std::string& who, const std::string& relation) {
    return relation == "mentions" ? who + " mentions it" : who + " names it in " + relation;
  };
  switch (link.way) {
    case Link::Way::IntroducedBy: return "its introduced_by (the origin)";
    case Link::Way::Source: return "in its source";
    case Link::Way::TheorySource: return "a source of " + link.via + ", in its source";
    case Link::Way::PaperRelates: return relates("the paper's note", link.relation);
    case Link::Way::NoteReading: return "paper of " + relates(link.via + ", which", link.relation);
    case Link::Way::BodyMention: return "mentioned in its body";
  }
  return "";
}

bool earlier_than_origin(const LinkedPaper& lp, const Provenance& p) {
  return p.origin && p.origin->year && lp.paper.year && *lp.paper.year < *p.origin->year;
}

bool contradicts_origin(const Hedge& h, const Provenance& p) {
  return p.origin && !h.paper.id.empty() && h.paper.id == p.origin->id;
}

std::string year_text(const std::optional<int>& year) { return year ? std::to_string(*year) : "----"; }

std::string links_text(const LinkedPaper& lp) {
  std::string how;
  for (const Link& l : lp.links) how += (how.empty() ? "" : "; ") + link_text(l);
  return how;
}

// How a linked paper stands to the origin, as the report and the table mark it ("" for neither).
std::string origin_mark(const LinkedPaper& lp, const Provenance& p) {
  if (p.origin && lp.paper.id == p.origin->id) return "[origin]";
  if (earlier_than_origin(lp, p)) return "[earlier than the origin]";
  return "";
}

}  // namespace

anth::query::ResultTable origin_table(const Provenance& p) {
  using anth::query::Cell;
  anth::query::ResultTable t;
  t.columns = {"year", "id", "title", "linked as"};
  for (const LinkedPaper& lp : p.linked) {
    std::string mark = origin_mark(lp, p);
    if (!mark.empty()) mark += ' ';
    t.rows.push_back({lp.paper.year ? Cell::of(static_cast<std::int64_t>(*lp.paper.year)) : Cell::null(), Cell::of(lp.paper.id),
                      Cell::of(lp.paper.title), Cell::of(mark + links_text(lp))});
  }
  return t;
}

std::string origin_text(const Provenance& p) {
  // Text from notes is escaped (escape_for_terminal): ref_text and finding_lines do it for theirs.
  std::string out = util::escape_for_terminal(p.practice.id) + ": " + util::escape_for_terminal(p.practice.title) + "\n";
  out += "  " + util::escape_for_terminal((p.practice.kind.empty() ? std::string("?") : p.practice.kind) +
                                    (p.practice.status.empty() ? "" : " · " + p.practice.status) + " · " + p.path) +
         "\n";

  out += "\nOrigin\n";
  if (p.origin) {
    out += "  " + ref_text(*p.origin) + "\n";
    std::string cite = citation(p.origin_authors, p.origin->year, p.origin_arxiv);
    if (!cite.empty()) out += "  " + util::escape_for_terminal(cite) + "\n";
  } else if (!p.introduced_by_written.empty()) {
    out += "  " + util::escape_for_terminal(p.introduced_by_written) + " — names no note\n";
  } else {
    out += "  none: introduced_by is missing\n";
  }

  if (!p.linked.empty()) {
    out += "\nLinked papers, earliest first\n";
    for (const LinkedPaper& lp : p.linked) {
      out += "  " + year_text(lp.paper.year) + "  " + ref_text(lp.paper);
      if (std::string mark = origin_mark(lp, p); !mark.empty()) out += "  " + mark;
      out += "\n";
      out += "        " + util::escape_for_terminal(links_text(lp)) + "\n";
    }
  }

  if (p.origin) {
    out += "\nReadings of the origin\n";
    if (p.readings.empty()) out += "  none: no NOTE reads " + p.origin->id + "\n";
    for (const auto& r : p.readings) {
      out += "  " + ref_text(r) + (r.status.empty() ? "" : " (" + r.status + ")") + "\n";
      for (const Hedge& h : p.reading_hedges)
        if (h.note.id == r.id)
          for (const std::string& s : h.practices) out += "    declines to claim its paper is the origin of " + s + "\n";
    }
  }

  if (!p.hedges.empty()) {
    out += "\nHedges (declines_origin_of " + p.practice.id + ")\n";
    for (const Hedge& h : p.hedges) {
      out += "  " + ref_text(h.note) + "\n";
      if (!h.paper.id.empty()) out += "    reading " + ref_text(h.paper) + "\n";
      if (contradicts_origin(h, p))
        out += "    contradicted: " + p.practice.id + " is introduced by " + h.paper.id + " [P002]\n";
    }
  }

  if (!p.contested_by.empty()) {
    out += "\nContested by\n";
    for (const auto& c : p.contested_by)
      out += "  " + ref_text(c) + (c.year ? " (" + std::to_string(*c.year) + ")" : "") + "\n";
  }

  out += "\nLint\n";
  out += p.findings.empty() ? "  no findings\n" : finding_lines(p.findings, "  ");
  return out;
}

std::string origin_json(const Provenance& p) {
  ordered_json j = ref_json(p.practice);
  j["path"] = p.path;
  j["introduced_by"] = p.introduced_by_written.empty() ? ordered_json(nullptr) : ordered_json(p.introduced_by_written);
  if (p.origin) {
    ordered_json o = ref_json(*p.origin);
    o["authors"] = p.origin_authors;
    o["arxiv"] = p.origin_arxiv.empty() ? ordered_json(nullptr) : ordered_json(p.origin_arxiv);
    o["citation"] = citation(p.origin_authors, p.origin->year, p.origin_arxiv);
    j["origin"] = std::move(o);
  } else {
    j["origin"] = nullptr;
  }
  ordered_json linked = ordered_json::array();
  for (const LinkedPaper& lp : p.linked) {
    ordered_json l = ref_json(lp.paper);
    l["is_origin"] = p.origin && lp.paper.id == p.origin->id;
    l["earlier_than_origin"] = earlier_than_origin(lp, p);
    ordered_json links = ordered_json::array();
    for (const Link& link : lp.links) {
      ordered_json one;
      one["way"] = way_name(link.way);
      one["via"] = link.via.empty() ? ordered_json(nullptr) : ordered_json(link.via);
      one["relation"] = link.relation.empty() ? ordered_json(nullptr) : ordered_json(link.relation);
      one["text"] = link_text(link);
      links.push_back(std::move(one));
    }
    l["links"] = std::move(links);
    linked.push_back(std::move(l));
  }
  j["linked_papers"] = std::move(linked);
  ordered_json readings = ordered_json::array();
  for (const auto& r : p.readings) {
    ordered_json one = ref_json(r);
    ordered_json declines = ordered_json::array();
    for (const Hedge& h : p.reading_hedges)
      if (h.note.id == r.id)
        for (const std::string& s : h.practices) declines.push_back(s);
    one["declines_origin_of"] = std::move(declines);
    readings.push_back(std::move(one));
  }
  j["readings"] = std::move(readings);
  ordered_json hedges = ordered_json::array();
  for (const Hedge& h : p.hedges)
    hedges.push_back({{"note", ref_json(h.note)},
                      {"paper", h.paper.id.empty() ? ordered_json(nullptr) : ref_json(h.paper)},
                      {"contradicts_origin", contradicts_origin(h, p)}});
  j["hedges"] = std::move(hedges);
  ordered_json contested = ordered_json::array();
  for (const auto& c : p.contested_by) contested.push_back(ref_json(c));
  j["contested_by"] = std::move(contested);
  j["diagnostics"] = findings_json(p.findings);
  return dump(j);
}

}  // namespace anth::render::query
