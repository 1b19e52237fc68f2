// Backlinks: every note that links here, how (its typed relations, a body link) and, for the first
// excerpts_cap of them, the text around its first body link. A TERM shows who uses it instead
// (term_uses.cpp).
#include <cctype>
#include <optional>

#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const SiteContext& ctx = pages.context();
  TemplateValue list = TemplateValue::list();
  if (ctx.graph().note(v).kind != Kind::Term) {
    const auto& all = ctx.backlinks(v);
    list.reserve(all.size());
    for (const Backlink& b : all) {
      std::string via;
      for (std::string_view kind : b.kinds) {
        std::string words = outgoing_label(kind);
        words[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(words[0])));
        via += (via.empty() ? "" : ", ") + words;
      }
      if (b.mentions) via += via.empty() ? "mentions" : ", mentions";
      list.push(pages.ref(b.from).set("via", std::move(via)).set("excerpt", excerpt(b, ctx.graph().note(b.from))));
    }
  }
  page.data.set("backlink_count", list.size()).set("backlinks", std::move(list));
}

void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const SiteContext& ctx = keys.context();
  const bool term = ctx.graph().note(v).kind == Kind::Term;
  h.number(term);
  if (term) return;
  for (const Backlink& b : ctx.backlinks(v)) {
    h.number(keys.shown(b.from)).number(b.mentions);
    // What the excerpt is made from, which fixes it, without making it.
    std::optional<ExcerptWindow> w = excerpt_window(b, ctx.graph().note(b.from));
    h.number(w.has_value());
    if (w) h.text(w->text).number(w->cut_front).number(w->cut_back);
    for (std::string_view kind : b.kinds) h.text(kind);
  }
}

const NodeSectionRegistration registered{{"backlinks", 80, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
