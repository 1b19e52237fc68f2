// K002 bad-kernel-param: `kernel_params` names a parameter the kernel lacks, or a value outside its range.
// Documented in docs/rules/K002.md; tested by tests/fixtures/rules/K002/.
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"
#include "core/util/did_you_mean.h"
#include "core/model/kernel_catalog.h"

namespace anth::rules {

namespace {

// Where `kernel_params` gives `name` its value; the field's key when the entry is not found.
Location param_location(const Note& n, const std::string& name) {
  for (const Field& f : n.fields) {
    if (f.key != "kernel_params") continue;
    for (std::size_t i = 0; i < f.keys.size() && i < f.items.size(); ++i)
      if (f.keys[i] == name) return f.items[i].where;
  }
  return value_location(n, "kernel_params");
}

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    const Note& n = g.note(v);
    if (n.kernel.empty() || n.kernel_params.empty()) continue;
    // An unknown kernel is K001's; its parameters cannot be judged.
    const auto [name, variant] = split_kernel_name(n.kernel);
    const KernelInfo* kernel = find_kernel(name);
    if (!kernel) continue;
    for (const RequestProblem& p : check_kernel_request({n.id, n.title, n.kernel, n.kernel_params})) {
      using enum RequestProblem::Kind;
      if (p.kind != unknown_param && p.kind != out_of_range && p.kind != not_integer) continue;
      std::string message = p.message;
      if (p.kind == unknown_param) {
        std::vector<std::string> known;
        for (const KernelParam& k : kernel->params) known.push_back(k.name);
        if (auto best = util::closest_match(p.param, known)) message += "; did you mean '" + *best + "'?";
      }
      out.add(param_location(n, p.param), message);
    }
  }
}

const rules::RuleRegistration registered{{"K002", "bad-kernel-param", Severity::Error,
                                   "`kernel_params` names a parameter the kernel lacks, or a value outside its range."},
                                  check};

}  // namespace

}  // namespace anth::rules
