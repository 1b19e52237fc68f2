// The reference kernel of a SOTA or THEORY: its name, formula and parameters, its last check with the
// claims measured, and its source (also written beside the page as a file to download).
#include <algorithm>
#include <bit>

#include "core/util/hasher.h"
#include "render/kernels/kernel_library.h"
#include "render/site/html.h"
#include "render/site/kernel_result_view.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"

namespace anth::render::site::sections {

namespace {

// The kernel's source, emitted for the page and as the file beside it; or why it cannot be.
void add_source(const Note& n, TemplateValue& k, SiteFiles& extra) {
  try {
    KernelRequest request{n.id, n.title, n.kernel, n.kernel_params};
    std::string source = render::kernels::emit_kernel_source(request);
    std::string file = kernel_file(n.id, n.kernel);
    k.set("source", source);
    k.set("lines", std::count(source.begin(), source.end(), '\n'));
    k.set("download_href", file);
    k.set("download_name", file.substr(file.rfind('/') + 1));
    extra.push_back({file, std::move(source)});
  } catch (const std::exception& e) {
    k.set("problem", e.what());
  }
}

void render(const Pages& pages, std::size_t v, NodePage& page) {
  const Note& n = pages.context().graph().note(v);
  if (!shows_kernel(n)) {
    page.data.set("kernel", false);
    return;
  }
  const KernelInfo* info = find_kernel(n.kernel);
  TemplateValue params = TemplateValue::list();
  for (const auto& [name, value] : n.kernel_params)
    params.push(TemplateValue::object().set("name", TemplateValue::borrow(name)).set("value", kernel_number_text(value)));
  TemplateValue k = TemplateValue::object();
  k.set("name", TemplateValue::borrow(n.kernel))
      .set("practice", info ? TemplateValue::borrow(info->practice) : false)
      .set("formula", info ? TemplateValue::borrow(info->formula) : false)
      .set("papers", info ? TemplateValue::borrow(info->papers) : false)
      .set("source", false)
      .set("lines", 0)
      .set("download_href", false)
      .set("download_name", false)
      .set("problem", false)
      .set("params", std::move(params))
      .set("result", pages.kernel_result(n));
  add_source(n, k, page.extra);
  page.data.set("kernel", std::move(k));
}

// The library's kernels are the program's (in every page's part); the request and the last result
// are the note's.
void key(const PageKeys& keys, std::size_t v, util::Hasher& h) {
  const Note& n = keys.context().graph().note(v);
  h.number(shows_kernel(n));
  if (!shows_kernel(n)) return;
  h.text(n.id).text(n.title).text(n.kernel);
  for (const auto& [name, value] : n.kernel_params) h.text(name).number(std::bit_cast<std::uint64_t>(value));
  if (const index::StoredKernelResult* r = keys.context().kernel_result(n.id))
    h.text(r->kernel).number(r->pass).text(r->claims_json).text(r->compiler).text(r->checked_at).text(r->error).text(r->program);
}

const NodeSectionRegistration registered{{"kernel", 70, render, key}};

}  // namespace

}  // namespace anth::render::site::sections
