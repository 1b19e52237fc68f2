#include "workspace/workspace.h"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "core/model/rule_catalog.h"
#include "core/rules/rule.h"
#include "core/rules/severity_policy.h"
#include "core/util/case_fold.h"
#include "core/util/contained_file.h"
#include "core/util/phase_timer.h"
#include "ingest/link_anchors.h"
#include "ingest/resolver.h"
#include "ingest/scan.h"
#include "workspace/resolution_reset.h"
#include "workspace/rule_inputs.h"

namespace anth::workspace {

namespace fs = std::filesystem;

namespace {

// Whether the scan would list `path` (ingest/scan.cpp): a ".md" name, no hidden part.
bool note_path(std::string_view path) {
  if (path.size() <= 3 || path.substr(path.size() - 3) != ".md") return false;
  for (std::size_t start = 0; start <= path.size();) {
    std::size_t slash = path.find('/', start);
    std::string_view part = path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    if (part.empty() || part[0] == '.') return false;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return true;
}

Diagnostic too_deep(const std::string& folder) {
  return {"S008", find_rule("S008")->severity, {folder, 1, 1},
          "folder more than " + std::to_string(ingest::max_folder_depth) + " folders deep: the notes in it are not read",
          {}};
}

// A body made for the site stays in memory only when the site reads bodies (ingest::LoadOptions::bodies).
void keep_what_is_read(ParsedNote& parse, bool bodies) {
  if (bodies) return;
  std::string().swap(parse.note.rendered.html);
  std::string().swap(parse.note.rendered.plain);
  std::vector<BodyLink>().swap(parse.note.rendered.links);
}

}  // namespace

Workspace::Workspace(ingest::LoadOptions options, Config config)
    : options_(std::move(options)),
      config_(std::move(config)),
      root_real_(util::real_root(options_.root)),
      parse_key_(ingest::parse_key(options_.settings())) {}

Workspace::~Workspace() = default;

util::Expected<std::unique_ptr<Workspace>> Workspace::open(ingest::LoadOptions options, Config config, index::Index* index) {
  options.resolve = false;
  auto loaded = ingest::load_corpus(options, index);
  if (!loaded) return std::unexpected(loaded.error());
  std::unique_ptr<Workspace> ws(new Workspace(std::move(options), std::move(config)));
  ws->adopt(std::move(loaded->corpus));
  ws->check();
  if (index) {
    auto stored = index->store(ws->corpus_, loaded->changed(), loaded->paths, ws->diagnostics_, ws->graph_->node_facts());
    if (!stored) return std::unexpected(stored.error());
  }
  return ws;
}

// The corpus as ingest left it, unresolved: each note's own findings are told apart from the folders'.
void Workspace::adopt(Corpus loaded) {
  corpus_ = std::move(loaded);
  parsed_.resize(corpus_.notes.size());
  std::unordered_map<std::string_view, std::size_t> at;
  for (std::size_t i = 0; i < corpus_.notes.size(); ++i) {
    parsed_[i].id = corpus_.notes[i].id;
    parsed_[i].in_graph = corpus_.notes[i].in_graph;
    at.emplace(corpus_.notes[i].path, i);
  }
  for (Diagnostic& d : corpus_.diagnostics) {
    auto it = at.find(d.where.file);
    if (it != at.end()) parsed_[it->second].findings.push_back(std::move(d));
    else folder_findings_.push_back(std::move(d));
  }
  corpus_.diagnostics.clear();
}

// Puts a parse in its place by path: replacing the note there, or inserted in order.
void Workspace::put(ParsedNote parse) {
  keep_what_is_read(parse, options_.bodies);
  auto it = std::lower_bound(corpus_.notes.begin(), corpus_.notes.end(), parse.note.path,
                             [](const Note& n, const std::string& p) { return n.path < p; });
  std::size_t i = it - corpus_.notes.begin();
  Parsed info{parse.note.id, parse.note.in_graph, std::move(parse.diagnostics)};
  pending_.push_back(parse.note.path);
  add_keys(parse.note, fresh_keys_);
  if (it != corpus_.notes.end() && it->path == parse.note.path) {
    add_keys(*it, stale_keys_);
    if (linked_otherwise(*it, parse.note)) add_keys(parse.note, reach_keys_);  // the notes naming it resolve again
    Parsed& was = parsed_[i];
    // Its id or place changed, or the resolve gave it another than parsed (a page's suffix, a duplicate
    // taken out): the ids are told apart over the corpus again.
    ids_moved_ = ids_moved_ || was.id != info.id || was.in_graph != info.in_graph || was.resolved_id != was.id ||
                 was.resolved_in_graph != was.in_graph;
    findings_moved_ = findings_moved_ || was.findings != info.findings;
    parse.note.committed = it->committed;  // the day of the file's last commit stays the file's
    *it = std::move(parse.note);
    info.resolved_id = std::move(was.resolved_id);  // what the graph knows it as, until resolved again
    info.resolved_in_graph = was.resolved_in_graph;
    info.link_findings = std::move(was.link_findings);  // compared with what the resolve finds now
    info.anchor_findings = std::move(was.anchor_findings);
    info.rule_inputs = was.rule_inputs;
    was = std::move(info);
    return;
  }
  corpus_.notes.insert(it, std::move(parse.note));
  notes_moved_ = true;
  parsed_.insert(parsed_.begin() + static_cast<std::ptrdiff_t>(i), std::move(info));
}

ParsedNote Workspace::parse_text(const std::string& path, std::string_view text) const {
  ParsedNote parse = ingest::parse_note(path, text, options_.settings());
  parse.note.content_hash = parse.note.content_hash ? parse.note.content_hash : ingest::content_hash(text);
  parse.key = parse_key_;
  return parse;
}

void Workspace::update_text(const std::string& path, std::string_view text) {
  unstored_.forget(path);  // not what the file holds: the index keeps its parse of the file
  put(parse_text(path, text));
}

void Workspace::update_from_disk(const std::string& path) {
  std::error_code ec;
  fs::path file = options_.root / path;
  auto status = fs::symlink_status(file, ec);
  if (!note_path(path) || ec || !fs::exists(status) || fs::is_directory(file, ec)) return remove(path);
  std::optional<index::CachedFile> stat = UnstoredParses::stat_of(file);  // before the read, as the scan
  auto bytes = util::read_inside(root_real_, path, options_.max_note_bytes);
  ParsedNote parse = bytes ? parse_text(path, *bytes) : ingest::unreadable_note(path, bytes.error());
  if (!bytes) parse.key = parse_key_;  // parse_text keys its own
  if (stat) unstored_.remember(parse, *stat);
  else unstored_.forget(path);
  put(std::move(parse));
}

void Workspace::remove(const std::string& path) {
  auto it = std::lower_bound(corpus_.notes.begin(), corpus_.notes.end(), path,
                             [](const Note& n, const std::string& p) { return n.path < p; });
  unstored_.forget(path);
  if (it == corpus_.notes.end() || it->path != path) return;
  add_keys(*it, stale_keys_);
  notes_moved_ = true;
  parsed_.erase(parsed_.begin() + (it - corpus_.notes.begin()));
  corpus_.notes.erase(it);
  pending_.push_back(path);
}

void Workspace::sync_with_disk() {
  ingest::CorpusScan scan = ingest::scan_corpus_tree(options_.root);
  std::unordered_set<std::string> present;
  for (const ingest::SourceFile& f : scan.files) present.insert(f.path);
  std::vector<std::string> gone, added;
  std::unordered_set<std::string_view> held;
  for (const Note& n : corpus_.notes) {
    held.insert(n.path);
    if (!present.count(n.path)) gone.push_back(n.path);
  }
  for (const ingest::SourceFile& f : scan.files)
    if (!held.count(f.path)) added.push_back(f.path);
  for (const std::string& p : gone) remove(p);
  for (const std::string& p : added) update_from_disk(p);
  std::vector<Diagnostic> folders;
  for (const std::string& folder : scan.too_deep) folders.push_back(too_deep(folder));
  findings_moved_ = findings_moved_ || folders != folder_findings_;
  folder_findings_ = std::move(folders);
  corpus_.folder_stamps = ingest::encode_folder_stamps(scan);
  pending_.push_back("");  // the folders' findings may have changed
}

util::Expected<void> Workspace::store(index::Index& index) {
  std::vector<std::string> paths;
  paths.reserve(corpus_.notes.size());
  for (const Note& n : corpus_.notes) paths.push_back(n.path);
  auto stored = index.store(corpus_, unstored_.parses(), paths, diagnostics_, graph_->node_facts());
  if (stored) unstored_.clear();
  return stored;
}

// Resolves what a change can affect (every note the first time), then graph and rules: what
// open_session does after ingest, each step kept where the change cannot reach it (workspace.h).
void Workspace::check() {
  util::PhaseTimer timer;  // ANTHOLOGY_TIMINGS=1: where a patch's time goes
  resolve_patch();
  timer.mark("workspace: resolve");
  const bool edges_kept = patch_graph();
  timer.mark("workspace: graph");
  const bool inputs_moved = reprint_rule_inputs();
  const bool rules_again = !edges_kept || inputs_moved;
  if (rules_again) {
    graph_findings_ = rules::check_graph(corpus_, *graph_);
    ++rule_runs_;
  }
  timer.mark(rules_again ? "workspace: rules" : "workspace: rules kept");
  if (!rules_again && !findings_moved_) {
    timer.mark("workspace: findings kept");
    return;
  }
  // The findings joined afresh from the notes' own (parsed_), configured and sorted.
  std::vector<Diagnostic> raw;
  auto append = [&](const std::vector<Diagnostic>& d) { raw.insert(raw.end(), d.begin(), d.end()); };
  for (const Parsed& p : parsed_) append(p.findings);
  append(folder_findings_);
  append(id_findings_);
  for (const Parsed& p : parsed_) append(p.link_findings);
  for (const Parsed& p : parsed_) append(p.anchor_findings);
  append(config_.findings);
  append(graph_findings_);
  diagnostics_ = rules::finalize_diagnostics(std::move(raw), corpus_, config_);
  findings_moved_ = false;
  timer.mark("workspace: findings configured and sorted");
}

// ingest::resolve_corpus, again only where a change can reach (link_keys.h).
void Workspace::resolve_patch() {
  LinkKeys keys;
  if (notes_moved_ || ids_moved_ || !resolver_) {
    // The ids told apart over the corpus again (a page's suffix, a duplicate taken out of the graph).
    for (std::size_t i = 0; i < corpus_.notes.size(); ++i)
      restore_parsed_identity(corpus_.notes[i], parsed_[i].id, parsed_[i].in_graph);
    id_findings_.clear();
    ingest::resolve_ids(corpus_, id_findings_);
    findings_moved_ = true;
    // A note whose id or place in the graph came out otherwise than last time (a duplicate went or
    // came, a page's id got or lost its suffix) is named differently: it counts as changed.
    keys = std::move(stale_keys_);
    for (std::size_t i = 0; i < corpus_.notes.size(); ++i) {
      const Note& n = corpus_.notes[i];
      Parsed& p = parsed_[i];
      if (p.resolved_id != n.id || p.resolved_in_graph != n.in_graph) {
        if (!p.dirty) keys.insert(util::fold_case(p.resolved_id));
        p.dirty = true;
        notes_moved_ = true;
      }
      if (p.dirty) add_keys(n, keys);
    }
    resolver_.reset();
  } else {
    // Every changed note kept its parsed id and place: each takes the id the last resolve gave it, and
    // only a key a changed note lost or gained (a title, an alias) can name something else now.
    for (std::size_t i = 0; i < corpus_.notes.size(); ++i)
      if (parsed_[i].dirty) restore_parsed_identity(corpus_.notes[i], parsed_[i].resolved_id, parsed_[i].resolved_in_graph);
    for (const std::string& k : stale_keys_)
      if (!fresh_keys_.count(k)) keys.insert(k);
    for (const std::string& k : fresh_keys_)
      if (!stale_keys_.count(k)) keys.insert(k);
    if (!keys.empty()) resolver_.reset();
    keys.insert(reach_keys_.begin(), reach_keys_.end());
  }
  stale_keys_.clear();
  fresh_keys_.clear();
  reach_keys_.clear();
  // Many keys (a folder synced, many files at once): resolving every note is cheaper than asking.
  const bool all = keys.size() > 256;
  if (!keys.empty())
    for (std::size_t i = 0; i < corpus_.notes.size(); ++i)
      if (!parsed_[i].dirty && (all || names_any(corpus_.notes[i], keys))) parsed_[i].dirty = true;

  static const std::set<std::string> every_rule;  // as resolve_corpus(corpus): finalize_diagnostics applies the settings
  if (!resolver_) resolver_ = std::make_unique<ingest::NoteResolver>(corpus_, every_rule);
  std::vector<std::size_t> again;
  for (std::size_t i = 0; i < corpus_.notes.size(); ++i)
    if (parsed_[i].dirty) again.push_back(i);
  // Each one's findings as they were, to tell whether the sorted list must be made again.
  std::vector<std::pair<std::vector<Diagnostic>, std::vector<Diagnostic>>> before(again.size());
  for (std::size_t j = 0; j < again.size(); ++j) {
    Parsed& p = parsed_[again[j]];
    Note& n = corpus_.notes[again[j]];
    before[j] = {std::move(p.link_findings), std::move(p.anchor_findings)};
    clear_resolution(n);
    p.link_findings.clear();
    if (n.in_graph) resolver_->resolve(n, p.link_findings);
  }
  for (std::size_t j = 0; j < again.size(); ++j) {  // anchors once every link has its note
    Parsed& p = parsed_[again[j]];
    p.anchor_findings.clear();
    if (corpus_.notes[again[j]].in_graph) ingest::resolve_anchors(corpus_.notes[again[j]], corpus_, p.anchor_findings);
    findings_moved_ = findings_moved_ || p.link_findings != before[j].first || p.anchor_findings != before[j].second;
  }
}

// The graph's edges re-pointed at the relations resolved again, or the graph built again. True when
// the graph kept its vertices and edges.
bool Workspace::patch_graph() {
  bool kept = graph_ && !notes_moved_;
  for (std::size_t i = 0; kept && i < corpus_.notes.size(); ++i) {
    if (!parsed_[i].dirty || !corpus_.notes[i].in_graph) continue;
    auto v = graph_->vertex(corpus_.notes[i].id);
    kept = v && graph_->repoint_out_edges(*v);
  }
  if (!kept) {
    graph_.reset();
    graph_ = std::make_unique<graph::Graph>(corpus_);
    ++graph_builds_;
  }
  ++refreshes_;
  for (std::size_t i = 0; i < corpus_.notes.size(); ++i) {
    if (parsed_[i].dirty) parsed_[i].touched = refreshes_;
    parsed_[i].resolved_id = corpus_.notes[i].id;
    parsed_[i].resolved_in_graph = corpus_.notes[i].in_graph;
  }
  notes_moved_ = false;
  ids_moved_ = false;
  return kept;
}

// Takes afresh the rule inputs' print of each note resolved again by this refresh (and so leaves no
// note to resolve again); true when one of them moved.
bool Workspace::reprint_rule_inputs() {
  bool moved = false;
  for (std::size_t i = 0; i < corpus_.notes.size(); ++i) {
    Parsed& p = parsed_[i];
    if (!p.dirty) continue;
    p.dirty = false;
    std::uint64_t print = rule_inputs_print(corpus_.notes[i]);
    moved = moved || print != p.rule_inputs;
    p.rule_inputs = print;
  }
  return moved;
}

std::vector<const Note*> Workspace::touched_since(std::uint64_t since) const {
  std::vector<const Note*> out;
  for (std::size_t i = 0; i < parsed_.size(); ++i)
    if (parsed_[i].touched > since) out.push_back(&corpus_.notes[i]);
  return out;
}

Refresh Workspace::refresh() {
  Refresh out;
  if (pending_.empty()) return out;
  auto started = std::chrono::steady_clock::now();
  check();
  std::sort(pending_.begin(), pending_.end());
  pending_.erase(std::unique(pending_.begin(), pending_.end()), pending_.end());
  for (std::string& p : pending_)
    if (!p.empty()) out.changed.push_back(std::move(p));
  pending_.clear();
  out.took = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
  return out;
}

}  // namespace anth::workspace
