#pragma once
// What the checks recorded about the notes, found by note: the diagnostics of each file, in report
// order, and the last stored kernel result of each node.
#include <map>
#include <unordered_map>
#include <string>
#include <string_view>
#include <vector>

#include "core/index/index.h"
#include "core/model/diagnostic.h"

namespace anth::render::site {

class SiteRecords {
 public:
  SiteRecords(const std::vector<Diagnostic>& diagnostics, const std::vector<index::StoredKernelResult>& kernel_results);

  // The diagnostics taken again from the list given, whose content changed (a resident site's patch).
  void refresh_diagnostics();

  std::vector<const Diagnostic*> diagnostics_of(std::string_view path) const;
  // The position of a diagnostic in the list, for anchors on provenance.html.
  std::size_t diagnostic_index(const Diagnostic* d) const { return static_cast<std::size_t>(d - diagnostics_.data()); }
  // How many diagnostics of its severity come before it in the list: provenance.html lists each
  // severity's first few (SiteOptions::findings_cap).
  std::size_t severity_rank(const Diagnostic* d) const { return severity_rank_[diagnostic_index(d)]; }
  // The last result (latest checked_at, then kernel name) of a node, or nullptr.
  const index::StoredKernelResult* kernel_result(std::string_view id) const;

 private:
  const std::vector<Diagnostic>& diagnostics_;
  std::unordered_map<std::string_view, std::vector<std::size_t>> diagnostics_by_file_;  // keys view the list
  std::vector<std::size_t> severity_rank_;  // by position in the list
  std::map<std::string, const index::StoredKernelResult*, std::less<>> kernel_by_node_;
};

}  // namespace anth::render::site
