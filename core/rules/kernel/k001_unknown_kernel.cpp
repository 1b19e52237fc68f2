// K001 unknown-kernel: `kernel:` names no kernel of the library.
// Documented in docs/rules/K001.md; tested by tests/fixtures/rules/K001/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"
#include "core/util/did_you_mean.h"
#include "core/model/kernel_catalog.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  std::vector<std::string> names;
  for (const KernelInfo& k : kernel_library()) names.push_back(k.name);
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    const Note& n = g.note(v);
    if (n.kernel.empty()) continue;
    for (const RequestProblem& p : check_kernel_request({n.id, n.title, n.kernel, {}})) {
      using enum RequestProblem::Kind;
      if (p.kind != unknown_kernel && p.kind != unknown_variant) continue;
      std::string message = p.message;
      if (p.kind == unknown_kernel)
        if (auto best = util::closest_match(split_kernel_name(n.kernel).first, names))
          message += "; did you mean '" + *best + "'?";
      out.add(value_location(n, "kernel"), message);
    }
  }
}

const rules::RuleRegistration registered{{"K001", "unknown-kernel", Severity::Error,
                                   "`kernel:` names no kernel of the library."},
                                  check};

}  // namespace

}  // namespace anth::rules
