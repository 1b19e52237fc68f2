#pragma once
// The kinds of edge a graph drawing tells apart: each relation kind of the schema (relation_kinds(),
// "mentions" among them), and "other" for a kind the schema does not list. A drawing puts each kind's
// edges in a group of its own class ("e-cites"), which graph.css colours and dashes, and lists in its
// legend only the kinds it drew.
#include <cstdint>
#include <string>
#include <string_view>

namespace anth::render::site {

using EdgeKind = std::uint8_t;

// The kind of a relation by its name: its place in relation_kinds(), else edge_kind_other().
EdgeKind edge_kind(std::string_view relation);
EdgeKind edge_kind_other();
EdgeKind edge_kind_count();  // edge_kind_other() + 1

// "e-introduced-by", ..., "e-other".
std::string edge_class(EdgeKind kind);

// The legend's items (<li>), one per kind whose bit is set in `drawn` (1 << kind), in schema order:
// a key drawn like the edges (graph.css) and the relation's name ("introduced by").
std::string edge_legend_html(std::uint32_t drawn);

}  // namespace anth::render::site
