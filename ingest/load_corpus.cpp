#include "ingest/load_corpus.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <utility>
#include <iterator>
#include <thread>

#include "core/util/allocator.h"
#include "core/util/contained_file.h"
#include "core/util/phase_timer.h"
#include "core/util/thread_pool.h"
#include "core/model/rule_catalog.h"
#include "ingest/commit_dates.h"
#include "ingest/resolver.h"
#include "ingest/scan.h"
#include "ingest/vault_attachments.h"

namespace anth::ingest {

namespace fs = std::filesystem;

namespace {

enum class Plan { Reuse, ReuseIfSameHash, Parse };

constexpr std::uint64_t frugal_note_bytes = 1 << 20;

// What the index remembers of a parsed file: its content hash (0 when unreadable) and stat.
index::CachedFile fresh_stat(const ParsedNote& parse, std::uint64_t hash, const SourceFile& file) {
  return {parse.note.content_hash ? parse.note.content_hash : hash, file.size, file.mtime_ns, file.ctime_ns};
}

// Reads and parses one file under the run's parse key; `hash` gets the content hash (0 when unreadable).
// Like every read of a note, only from inside the corpus (core/util/contained_file.h).
ParsedNote read_and_parse(const fs::path& root_real, const LoadOptions& options, const SourceFile& file,
                          const std::string& key, std::uint64_t& hash) {
  auto bytes = util::read_inside(root_real, file.path, options.max_note_bytes);
  hash = bytes ? content_hash(*bytes) : 0;
  ParsedNote parse = bytes ? parse_note(file.path, *bytes, options.settings()) : unreadable_note(file.path, bytes.error());
  parse.key = key;
  return parse;
}

// Frees a body's html and plain (assigning an empty string would keep their buffers).
void release_text(RenderedBody& r) {
  std::string().swap(r.html);
  std::string().swap(r.plain);
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

namespace {

// The index's view of encoded parses (they must outlive it).
std::vector<index::Index::FileParse> file_parses(const std::vector<LoadedCorpus::FreshParse>& fresh) {
  std::vector<index::Index::FileParse> out;
  out.reserve(fresh.size());
  for (const auto& f : fresh) out.push_back({nullptr, f.file, f.path, f.encoded, f.body, f.no_body});
  return out;
}

}  // namespace

std::vector<index::Index::FileParse> LoadedCorpus::changed() const { return file_parses(fresh); }

namespace {

// One run of load_corpus: what it scanned, what the index had, and the parses it is gathering (one slot
// per file, in scan order). Each step below is one concept of ingest's caching.
class LoadRun {
 public:
  LoadRun(const LoadOptions& options, index::Index* index) : options_(options), index_(index) {}
  util::Expected<LoadedCorpus> run();

 private:
  void plan();
  void parse_changed();
  void parse_chunk(std::size_t start, std::size_t end, std::vector<LoadedCorpus::FreshParse>& encodings);
  void reuse_cached();
  void decode_batch(const std::vector<std::size_t>& wanted, std::size_t start, std::size_t end);
  void count_and_reparse_stale();
  LoadedCorpus::FreshParse encoded(std::size_t i);
  void store_bodies();
  void assemble();

  const LoadOptions& options_;
  index::Index* index_;
  CorpusScan scan_;
  fs::path root_real_;  // notes are read only from inside it
  std::string key_;
  std::unordered_map<std::string, index::CachedFile> cached_;
  std::int64_t index_scanned_at_ = 0;
  unsigned threads_ = 1;
  std::vector<Plan> plans_;
  std::vector<char> new_stat_;
  std::vector<std::optional<ParsedNote>> parses_;
  std::vector<std::uint64_t> hashes_;
  std::vector<char> from_index_;
  std::atomic<std::size_t> largest_body_{0};  // of the parses made on the pool (encoded())
  LoadedCorpus out_;
};

// Parses of this run go to the index a chunk at a time (see parse_changed). A parse with its body
// encoded is about 16 KB for a note of 4 KB.
constexpr std::size_t chunk = 1024;

util::Expected<LoadedCorpus> LoadRun::run() {
  std::error_code ec;
  if (!fs::is_directory(options_.root, ec)) return util::failure("no corpus folder at " + options_.root.string());
  out_.corpus.scanned_at_ns = now_ns();
  util::PhaseTimer timer;  // ANTHOLOGY_TIMINGS=1
  scan_ = scan_corpus_tree(options_.root);
  // A note of a megabyte or more (a few hundred times a typical one) makes the run frugal with memory:
  // its parse allocates and frees hundreds of MiB that the allocator would otherwise hold for seconds.
  if (std::any_of(scan_.files.begin(), scan_.files.end(), [](const SourceFile& f) { return f.size >= frugal_note_bytes; }))
    util::favour_low_memory();
  root_real_ = util::real_root(options_.root);
  key_ = parse_key(options_.settings());
  if (index_) {
    cached_ = index_->cached_files();
    index_scanned_at_ = index_->scanned_at_ns();
  }
  const std::size_t n = scan_.files.size();
  parses_.resize(n);
  hashes_.assign(n, 0);
  from_index_.assign(n, 0);
  threads_ = options_.threads ? options_.threads : std::max(1u, std::thread::hardware_concurrency());
  threads_ = std::min<unsigned>(threads_, std::max<std::size_t>(1, n / 16 + 1));
  timer.mark("ingest: scan and the index's file table");
  plan();
  parse_changed();
  timer.mark("ingest: changed files parsed");
  reuse_cached();
  count_and_reparse_stale();
  store_bodies();
  timer.mark("ingest: unchanged parses read from the index");
  assemble();
  timer.mark("ingest: resolve");
  out_.largest_parsed_body = largest_body_;
  return std::move(out_);
}

// A file is trusted unread only when size, mtime and ctime are those stored and the stored stat was
// not taken racily close to its scan; otherwise its content hash decides. A racy file whose content
// proves the same keeps its stored stat: it is racy only against a scan within its own tick.
void LoadRun::plan() {
  const std::vector<SourceFile>& files = scan_.files;
  plans_.assign(files.size(), Plan::Parse);
  new_stat_.assign(files.size(), 1);
  for (std::size_t i = 0; i < files.size(); ++i) {
    out_.paths.push_back(files[i].path);
    auto it = cached_.find(files[i].path);
    if (it == cached_.end()) continue;
    const index::CachedFile& c = it->second;
    bool same_stat = c.size == files[i].size && c.mtime_ns == files[i].mtime_ns && c.ctime_ns == files[i].ctime_ns;
    plans_[i] = same_stat && !index::racily_clean(c, index_scanned_at_) ? Plan::Reuse : Plan::ReuseIfSameHash;
    new_stat_[i] = !same_stat;
  }
}

// Read and parse what changed, in parallel, a chunk of files at a time. With an index, the workers
// also encode what they parsed. Once this run's parses fill a chunk, they go to the index on a thread
// of their own while the next chunk parses: a cold run holds at most two chunks of encodings (all of
// them would be 600 MB at 100,000 notes). Fewer wait for store(), which writes them in one
// transaction with the tables derived from them.
void LoadRun::parse_changed() {
  const std::vector<SourceFile>& files = scan_.files;
  std::future<void> storing;  // the last batch handed over
  auto hand_over = [&](std::vector<LoadedCorpus::FreshParse> batch) {
    storing = std::async(std::launch::async, [this, batch = std::move(batch)]() mutable {
      // When the index cannot take them, they stay for store(), which then says why.
      if (!index_->store_parses(file_parses(batch))) std::move(batch.begin(), batch.end(), std::back_inserter(out_.fresh));
    });
  };
  for (std::size_t start = 0; start < files.size(); start += chunk) {
    std::size_t end = std::min(files.size(), start + chunk);
    std::vector<LoadedCorpus::FreshParse> encodings(end - start);
    parse_chunk(start, end, encodings);
    if (!index_) continue;
    if (storing.valid()) storing.get();  // it may have put a batch back into out_.fresh
    for (std::size_t i = start; i < end; ++i)
      if (parses_[i]) out_.fresh.push_back(std::move(encodings[i - start]));
    if (out_.fresh.size() >= chunk) hand_over(std::exchange(out_.fresh, {}));
  }
  if (storing.valid()) storing.get();  // the index is used again below
}

// Files [start, end) on the pool: those whose stat or content changed are parsed (and, with an index,
// encoded into encodings[i - start]).
void LoadRun::parse_chunk(std::size_t start, std::size_t end, std::vector<LoadedCorpus::FreshParse>& encodings) {
  const std::vector<SourceFile>& files = scan_.files;
  util::parallel_for(end - start, threads_, [&](std::size_t k, unsigned) {
    std::size_t i = start + k;
    if (options_.on_progress && i % 64 == 0) options_.on_progress(i, files.size());
    if (plans_[i] == Plan::Reuse) return;
    auto bytes = util::read_inside(root_real_, files[i].path, options_.max_note_bytes);
    if (!bytes) {
      parses_[i] = unreadable_note(files[i].path, bytes.error());
    } else {
      hashes_[i] = content_hash(*bytes);
      if (plans_[i] == Plan::ReuseIfSameHash && hashes_[i] == cached_.at(files[i].path).hash) return;
      parses_[i] = parse_note(files[i].path, *bytes, options_.settings());
    }
    parses_[i]->key = key_;
    if (index_) encodings[k] = encoded(i);
    else if (!options_.bodies) release_text(parses_[i]->note.rendered);
  });
}

// Unchanged content: take the index's parses, fetched in batches and decoded on every core. A stale
// or undecodable entry is parsed again by count_and_reparse_stale.
void LoadRun::reuse_cached() {
  if (!index_) return;
  std::vector<std::size_t> wanted;
  for (std::size_t i = 0; i < parses_.size(); ++i)
    if (!parses_[i]) wanted.push_back(i);
  constexpr std::size_t batch = 1024;
  for (std::size_t start = 0; start < wanted.size(); start += batch)
    decode_batch(wanted, start, std::min(wanted.size(), start + batch));
}

void LoadRun::decode_batch(const std::vector<std::size_t>& wanted, std::size_t start, std::size_t end) {
  std::vector<std::string> paths;
  for (std::size_t k = start; k < end; ++k) paths.push_back(scan_.files[wanted[k]].path);
  std::vector<std::optional<std::string>> texts = index_->load_parse_texts(paths, options_.bodies);
  util::parallel_for(texts.size(), texts.size() > 64 ? threads_ : 1, [&](std::size_t k, unsigned) {
    if (!texts[k]) return;
    std::size_t i = wanted[start + k];
    try {
      // The markdown body only when the parse goes back to the index with its new stat (encoded()):
      // nothing else reads it after ingest but the full-text table, which asks the index itself.
      const bool restat = plans_[i] == Plan::ReuseIfSameHash && new_stat_[i];
      parses_[i] = index::decode_parse(*texts[k], /*body_links=*/options_.bodies, /*body=*/restat);
    } catch (...) {
      parses_[i].reset();
    }
    if (parses_[i] && parses_[i]->key != key_) parses_[i].reset();  // made by another parser or settings
    from_index_[i] = parses_[i].has_value();
    texts[k].reset();
  });
}

void LoadRun::count_and_reparse_stale() {
  const std::vector<SourceFile>& files = scan_.files;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (from_index_[i]) {
      ++out_.reused;
      if (plans_[i] == Plan::ReuseIfSameHash && new_stat_[i]) {  // same bytes, new stat: remember it
        out_.fresh.push_back(encoded(i));
      }
      continue;
    }
    ++out_.parsed;
    if (parses_[i]) continue;  // parsed above (and with an index, in out_.fresh or the index already)
    // A stale or undecodable index entry, or one of another parse key (so there is an index).
    parses_[i] = read_and_parse(root_real_, options_, files[i], key_, hashes_[i]);
    out_.fresh.push_back(encoded(i));
    // As above; when the index cannot take them they stay, and store() says why.
    if (out_.fresh.size() >= chunk && index_->store_parses(out_.changed())) out_.fresh.clear();
  }
}

// What the index must remember of parses_[i]. A body made this run moves into its encoding, out of
// the note: the index keeps it (stored) and the site reads it from there.
LoadedCorpus::FreshParse LoadRun::encoded(std::size_t i) {
  ParsedNote& p = *parses_[i];
  LoadedCorpus::FreshParse f{p.note.path, index::encode_parse(p), fresh_stat(p, hashes_[i], scan_.files[i]), {}};
  // The markdown is in the encoding now, which the index keeps: its full-text table reads it from there
  // (decode_parse_body), and nothing else after ingest does. Held, it was 360 MB of a cold build's heap
  // at 100,000 notes.
  // Called on the pool's threads: the largest is kept by compare-and-swap (ThreadSanitizer found the
  // plain std::max here racing).
  const std::size_t size = p.note.body.size();
  std::size_t seen = largest_body_.load();
  while (seen < size && !largest_body_.compare_exchange_weak(seen, size)) {
  }
  std::string().swap(p.note.body);
  p.note.body_held = false;
  if (!p.note.rendered.text_made) {
    f.no_body = true;
  } else if (!p.note.rendered.stored) {
    f.body = index::encode_body(p.note.rendered);
    release_text(p.note.rendered);
    p.note.rendered.stored = true;
  }
  if (!options_.bodies) {  // only the site uses them
    std::vector<BodyLink>().swap(p.note.rendered.links);
    p.note.rendered.excerpts = {};
  }
  return f;
}

// When the site reads the bodies, the last parses go to the index now rather than with the derived
// tables (store()), so that every body is there. Bodies the index cannot take come back into their
// notes; store() then says why.
void LoadRun::store_bodies() {
  if (!options_.bodies || !index_ || out_.fresh.empty()) return;
  if (index_->store_parses(out_.changed())) {
    out_.fresh.clear();
    return;
  }
  std::unordered_map<std::string_view, std::size_t> slot;
  for (std::size_t i = 0; i < parses_.size(); ++i) slot.emplace(scan_.files[i].path, i);
  for (const LoadedCorpus::FreshParse& f : out_.fresh) {
    auto text = f.body.empty() ? std::nullopt : index::decode_body(f.body);
    auto it = slot.find(f.path);
    if (!text || it == slot.end() || !parses_[it->second]) continue;
    RenderedBody& r = parses_[it->second]->note.rendered;
    r.html = std::move(text->html), r.plain = std::move(text->plain), r.stored = false;
  }
}

// The notes in scan order with their diagnostics, resolved across the corpus.
void LoadRun::assemble() {
  Corpus& corpus = out_.corpus;
  corpus.root = options_.root.string();
  corpus.folder_stamps = encode_folder_stamps(scan_);
  corpus.attachments = vault_attachments(root_real_, scan_.attachments, options_.max_note_bytes);
  corpus.attachment_folder = attachment_folder(root_real_);
  corpus.notes.reserve(parses_.size());
  for (auto& p : parses_) {
    for (Diagnostic& d : p->diagnostics) corpus.diagnostics.push_back(d);
    corpus.notes.push_back(std::move(p->note));
  }
  for (const std::string& folder : scan_.too_deep)
    corpus.diagnostics.push_back({"S008", find_rule("S008")->severity, {folder, 1, 1},
                                  "folder more than " + std::to_string(max_folder_depth) +
                                      " folders deep: the notes in it are not read",
                                  {}});
  if (options_.resolve) resolve_corpus(corpus, options_.rules_off);
  if (options_.commit_dates) apply_commit_dates(corpus, options_.root);
}

}  // namespace

util::Expected<LoadedCorpus> load_corpus(const LoadOptions& options, index::Index* index) { return LoadRun(options, index).run(); }

}  // namespace anth::ingest
