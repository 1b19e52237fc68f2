#include "core/rules/k001_unknown_kernel.h"

#include "core/rules/rule_support.h"
#include "core/util/did_you_mean.h"
#include "core/model/kernel_catalog.h"

namespace anth::rules {

void UnknownKernel::check(const RuleContext& context, std::vector<Diagnostic>& out) const {
  const Graph& g = context.graph;
  std::vector<std::string> names;
  for (const kernels::KernelInfo& k : kernels::kernel_library()) names.push_back(k.name);
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    const Note& n = g.note(v);
    if (n.kernel.empty()) continue;
    for (const kernels::RequestProblem& p : kernels::check_kernel_request({n.id, n.title, n.kernel, {}})) {
      using enum kernels::RequestProblem::Kind;
      if (p.kind != unknown_kernel && p.kind != unknown_variant) continue;
      std::string message = p.message;
      if (p.kind == unknown_kernel)
        if (auto best = closest_match(kernels::split_kernel_name(n.kernel).first, names))
          message += "; did you mean '" + *best + "'?";
      out.push_back(make_diagnostic(id(), value_location(n, "kernel"), message));
    }
  }
}

}  // namespace anth::rules
