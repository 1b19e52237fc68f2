// A TERM's related terms and every note that uses it ("Mentioned in"), by glossary match, wikilink or
// typed relation, in id order: the first mentions_cap of them, then how many more (a common term is
// used by thousands of notes).
#include <algorithm>
#include <set>

#include "core/util/hasher.h"
#include "render/site/html.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

// The ranks of every note that uses the TERM v, sorted, once each.
std::vector<std::uint32_t> users_of(const SiteContext& ctx, std::size_t v) {
  std::vector<std::uint32_t> users;
  for (std::uint32_t m : ctx.mentioned_in(v)) users.push_back(ctx.rank(m));
  for (const Backlink& b : ctx.backlinks(v)) users.push_back(ctx.rank(b.from));
  std::sort(users.begin(), users.end());
  users.erase(std::unique(users.begin(), users.end()), users.end());
  return users;
}

// The related terms that resolve, once each, in the order written.
std::vector<std::size_t> related_of(const SiteContext& ctx, const Note& n) {
  std::vector<std::size_t> out;
  std::set<std::string> seen;
  for (const Relation* r : n.relations_of("related")) {
    auto w = r->to.empty() ? std::nullopt : ctx.vertex(r->to);
    if (w && seen.insert(r->to).second) out.push_back(*w);
  }
  return out;
}

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const SiteContext& ctx = pages.context();
  const Note& n = ctx.graph().note(v);
  if (n.kind != Kind::Term) return;
  TemplateValue related = TemplateValue::list();
  for (std::size_t w : related_of(ctx, n)) related.push(pages.term_ref(w));
  page.data.set("related", std::move(related));

  std::vector<std::uint32_t> users = users_of(ctx, v);
  const std::size_t cap = ctx.options().mentions_cap;
  TemplateValue list = TemplateValue::list();
  for (std::size_t i = 0; i < users.size() && i < cap; ++i)
    list.push(pages.term_ref(ctx.vertices_by_id()[users[i]]));
  page.data.set("mentioned_in", std::move(list));
  if (std::size_t more = users.size() - std::min(users.size(), cap)) {
    page.data.set("mentioned_more", "\u2026 and " + std::to_string(more) + (more == 1 ? " more note mentions" : " more notes mention") +
                                        " this term");
    page.data.set("mentioned_more_href", "search.html?q=" + percent_encode(n.title.empty() ? n.id : n.title));
  }
}

void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const SiteContext& ctx = keys.context();
  const Note& n = ctx.graph().note(v);
  h.number(n.kind == Kind::Term);
  if (n.kind != Kind::Term) return;
  h.text(n.id).text(n.title);
  for (std::size_t w : related_of(ctx, n)) h.number(keys.shown(w));
  h.text("users");
  for (std::uint32_t r : users_of(ctx, v)) h.number(keys.shown(ctx.vertices_by_id()[r]));
}

const NodeSectionRegistration registered{{"term uses", 60, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
