#include "render/site/site_records.h"

#include <tuple>

namespace anth::render::site {

SiteRecords::SiteRecords(const std::vector<Diagnostic>& diagnostics, const std::vector<index::StoredKernelResult>& kernel_results)
    : diagnostics_(diagnostics) {
  refresh_diagnostics();
  for (const index::StoredKernelResult& r : kernel_results) {
    auto [it, fresh] = kernel_by_node_.try_emplace(r.node, &r);
    if (!fresh && std::tie(r.checked_at, r.kernel) > std::tie(it->second->checked_at, it->second->kernel)) it->second = &r;
  }
}

void SiteRecords::refresh_diagnostics() {
  diagnostics_by_file_.clear();
  severity_rank_.assign(diagnostics_.size(), 0);
  std::map<Severity, std::size_t> seen;
  for (std::size_t i = 0; i < diagnostics_.size(); ++i) {
    diagnostics_by_file_[diagnostics_[i].where.file].push_back(i);
    severity_rank_[i] = seen[diagnostics_[i].severity]++;
  }
}

std::vector<const Diagnostic*> SiteRecords::diagnostics_of(std::string_view path) const {
  std::vector<const Diagnostic*> out;
  if (auto it = diagnostics_by_file_.find(path); it != diagnostics_by_file_.end())
    for (std::size_t i : it->second) out.push_back(&diagnostics_[i]);
  return out;
}

const index::StoredKernelResult* SiteRecords::kernel_result(std::string_view id) const {
  auto it = kernel_by_node_.find(id);
  return it == kernel_by_node_.end() ? nullptr : it->second;
}

}  // namespace anth::render::site
