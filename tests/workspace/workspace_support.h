#pragma once
// What the workspace tests compare: a cold run over the files as they are (ingest, graph, rules, the
// site in memory, as `build` makes them), and the same views of a workspace after its patches.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/model/diagnostic.h"
#include "core/rules/rule.h"
#include "core/rules/severity_policy.h"
#include "ingest/config_file.h"
#include "ingest/load_corpus.h"
#include "render/site/site_builder.h"
#include "render/site/page_keys_file.h"
#include "tests/support/test_support.h"
#include "workspace/live_site.h"
#include "workspace/workspace.h"

namespace anth::test::workspace_support {

// The graph as text: one line per node ("node ID"), one per edge ("FROM -kind-> TO"), sorted.
inline std::vector<std::string> graph_lines(const graph::Graph& g) {
  std::vector<std::string> out;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    out.push_back("node " + g.note(v).id + " " + g.note(v).path);
    for (const graph::Edge& e : g.out_edges(v))
      out.push_back(g.note(e.from).id + " -" + e.relation->kind + "-> " + g.note(e.to).id + " @" +
                    e.relation->where.file + ":" + std::to_string(e.relation->where.line));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The findings as text, in their order.
inline std::vector<std::string> finding_lines(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics) {
    std::string line = d.where.file + ":" + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + " " +
                       d.rule + " " + std::to_string(static_cast<int>(d.severity)) + " " + d.message;
    for (const RelatedLocation& r : d.related) line += " | " + r.where.file + ":" + std::to_string(r.where.line) + " " + r.message;
    out.push_back(std::move(line));
  }
  return out;
}

inline ingest::LoadOptions load_options(const fs::path& root, const Config& config) {
  ingest::LoadOptions options{root};
  options.bodies = true;
  options.typing = config.typing;
  options.max_note_bytes = config.max_note_bytes;
  options.threads = 2;
  return options;
}

// A copy of the corpus `from` at `root`, opened as a workspace (no index: bodies held in memory).
inline std::unique_ptr<workspace::Workspace> open_copy(const fs::path& from, const fs::path& root) {
  fs::copy(from, root, fs::copy_options::recursive);
  auto config = ingest::load_config(root);
  REQUIRE(config);
  auto opened = workspace::Workspace::open(load_options(root, *config), *config, nullptr);
  REQUIRE(opened);
  return std::move(*opened);
}

// What a cold run over the corpus folder makes: the graph, the findings and every file of the site.
struct Cold {
  std::vector<std::string> graph, findings;
  std::map<std::string, std::string> site;
};

inline Cold cold_run(const fs::path& root) {
  auto config = ingest::load_config(root);
  REQUIRE(config);
  auto loaded = ingest::load_corpus(load_options(root, *config), nullptr);
  REQUIRE(loaded);
  graph::Graph graph(loaded->corpus);
  std::vector<Diagnostic> raw = loaded->corpus.diagnostics;
  raw.insert(raw.end(), config->findings.begin(), config->findings.end());
  std::vector<Diagnostic> found = rules::check_graph(loaded->corpus, graph);
  raw.insert(raw.end(), found.begin(), found.end());
  std::vector<Diagnostic> diagnostics = rules::finalize_diagnostics(std::move(raw), loaded->corpus, *config);
  std::vector<index::StoredKernelResult> kernels;
  render::site::SiteInput input{loaded->corpus, graph, diagnostics, kernels, {}};
  input.options.site_title = config->site_title;
  Cold cold{graph_lines(graph), finding_lines(diagnostics), {}};
  for (render::site::SiteFile& f : render::site::build_site(input)) cold.site[f.path] = std::move(f.bytes);
  return cold;
}

// The workspace's site as a map, without the page keys a cold build in memory does not write.
inline std::map<std::string, std::string> live_files(const workspace::LiveSite& live) {
  std::map<std::string, std::string> out;
  for (const std::string& path : live.paths())
    if (path != render::site::page_keys_file) out[path] = *live.file(path);
  return out;
}

// The site fixture copied to `dir`/corpus and opened, its site served from `dir`/site, rendered once.
struct Served {
  fs::path root;
  std::unique_ptr<workspace::Workspace> workspace;
  std::unique_ptr<workspace::LiveSite> live;
};

inline Served serve_copy(const fs::path& dir) {
  Served s{dir / "corpus", open_copy(source_dir() / "tests" / "fixtures" / "site" / "corpus", dir / "corpus"), nullptr};
  render::site::SiteOptions options;
  options.site_title = s.workspace->config().site_title;
  s.live = std::make_unique<workspace::LiveSite>(options, std::vector<index::StoredKernelResult>{}, dir / "site");
  REQUIRE(s.live->render(*s.workspace));
  return s;
}

// The files that differ between the served site and a cold build.
inline std::vector<std::string> differ_from_cold(const Cold& cold, const workspace::LiveSite& live) {
  std::map<std::string, std::string> served = live_files(live);
  std::vector<std::string> out;
  for (const auto& [path, bytes] : cold.site)
    if (auto it = served.find(path); it == served.end() || it->second != bytes) out.push_back(path);
  for (const auto& entry : served)
    if (!cold.site.count(entry.first)) out.push_back(entry.first + " (not in the cold site)");
  return out;
}

}  // namespace anth::test::workspace_support
