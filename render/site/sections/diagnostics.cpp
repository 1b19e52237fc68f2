// "Problems found in this note": the note's diagnostics, each linked to its place in the provenance
// report when the report lists it (not past its cap of findings per severity).
#include "core/model/rule_catalog.h"
#include "core/util/hasher.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const SiteContext& ctx = pages.context();
  TemplateValue list = TemplateValue::list();
  for (const Diagnostic* d : ctx.diagnostics_of(ctx.graph().note(v).path)) {
    const RuleInfo* rule = find_rule(d->rule);
    list.push(TemplateValue::object()
                  .set("severity", severity_name(d->severity))
                  .set("rule", TemplateValue::borrow(d->rule))
                  .set("rule_name", rule ? std::string(rule->name) : "")
                  .set("line", d->where.line)
                  .set("message", shortened(d->message, 600))
                  .set("href", ctx.diagnostic_listed(d) ? "provenance.html#d" + std::to_string(ctx.diagnostic_index(d)) : ""));
  }
  page.data.set("has_diagnostics", !list.empty_list()).set("diagnostics", std::move(list));
}

void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const SiteContext& ctx = keys.context();
  for (const Diagnostic* d : ctx.diagnostics_of(ctx.graph().note(v).path)) ctx.hash_diagnostic(h, d);
}

const NodeSectionRegistration registered{{"diagnostics", 30, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
