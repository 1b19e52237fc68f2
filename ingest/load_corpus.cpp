#include "ingest/load_corpus.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <utility>
#include <iterator>
#include <thread>

#include "core/util/contained_file.h"
#include "core/rules/rule_catalog.h"
#include "ingest/resolver.h"
#include "ingest/scan.h"

namespace anth {

namespace fs = std::filesystem;

namespace {

enum class Plan { Reuse, ReuseIfSameHash, Parse };

// What the index remembers of a parsed file: its content hash (0 when unreadable) and stat.
CachedFile fresh_stat(const ParsedNote& parse, std::uint64_t hash, const SourceFile& file) {
  return {parse.note.content_hash ? parse.note.content_hash : hash, file.size, file.mtime_ns, file.ctime_ns};
}

// Reads and parses one file under the run's parse key; `hash` gets the content hash (0 when unreadable).
// Like every read of a note, only from inside the corpus (core/util/contained_file.h).
ParsedNote read_and_parse(const fs::path& root_real, const LoadOptions& options, const SourceFile& file,
                          const std::string& key, std::uint64_t& hash) {
  auto bytes = read_inside(root_real, file.path, options.max_note_bytes);
  hash = bytes ? content_hash(*bytes) : 0;
  ParsedNote parse = bytes ? parse_note(file.path, *bytes, options.settings()) : unreadable_note(file.path, bytes.error());
  parse.key = key;
  return parse;
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

namespace {

// The index's view of encoded parses (they must outlive it).
std::vector<Index::FileParse> file_parses(const std::vector<LoadedCorpus::FreshParse>& fresh) {
  std::vector<Index::FileParse> out;
  out.reserve(fresh.size());
  for (const auto& f : fresh) out.push_back({nullptr, f.file, f.path, f.encoded});
  return out;
}

}  // namespace

std::vector<Index::FileParse> LoadedCorpus::changed() const { return file_parses(fresh); }

Expected<LoadedCorpus> load_corpus(const LoadOptions& options, Index* index) {
  std::error_code ec;
  if (!fs::is_directory(options.root, ec)) return failure("no corpus folder at " + options.root.string());

  const std::int64_t scanned_at = now_ns();
  CorpusScan scan = scan_corpus_tree(options.root);
  const fs::path root_real = real_root(options.root);  // notes are read only from inside it
  const std::vector<SourceFile>& files = scan.files;
  const std::string key = parse_key(options.settings());
  std::unordered_map<std::string, CachedFile> cached;
  std::int64_t index_scanned_at = 0;
  if (index) {
    cached = index->cached_files();
    index_scanned_at = index->scanned_at_ns();
  }

  // A file is trusted unread only when size, mtime and ctime are those stored and the stored stat was
  // not taken racily close to its scan; otherwise its content hash decides. A racy file whose content
  // proves the same keeps its stored stat: it is racy only against a scan within its own tick.
  LoadedCorpus out;
  std::vector<Plan> plans(files.size(), Plan::Parse);
  std::vector<char> new_stat(files.size(), 1);
  for (std::size_t i = 0; i < files.size(); ++i) {
    out.paths.push_back(files[i].path);
    auto it = cached.find(files[i].path);
    if (it == cached.end()) continue;
    const CachedFile& c = it->second;
    bool same_stat = c.size == files[i].size && c.mtime_ns == files[i].mtime_ns && c.ctime_ns == files[i].ctime_ns;
    plans[i] = same_stat && !racily_clean(c, index_scanned_at) ? Plan::Reuse : Plan::ReuseIfSameHash;
    new_stat[i] = !same_stat;
  }

  // Read and parse what changed, in parallel, a chunk of files at a time. With an index, the workers
  // also encode what they parsed. Once this run's parses fill a chunk, they go to the index on a thread
  // of their own while the next chunk parses: a cold run holds at most two chunks of encodings (all of
  // them would be 600 MB at 100,000 notes). Fewer wait for store(), which writes them in one
  // transaction with the tables derived from them.
  constexpr std::size_t chunk = 2048;
  std::vector<std::optional<ParsedNote>> parses(files.size());
  std::vector<std::uint64_t> hashes(files.size(), 0);
  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = std::min<unsigned>(threads, std::max<std::size_t>(1, files.size() / 16 + 1));
  std::future<void> storing;  // the last batch handed over
  auto hand_over = [&](std::vector<LoadedCorpus::FreshParse> batch) {
    storing = std::async(std::launch::async, [&out, index, batch = std::move(batch)]() mutable {
      // When the index cannot take them, they stay for store(), which then says why.
      if (!index->store_parses(file_parses(batch))) std::move(batch.begin(), batch.end(), std::back_inserter(out.fresh));
    });
  };
  for (std::size_t start = 0; start < files.size(); start += chunk) {
    std::size_t end = std::min(files.size(), start + chunk);
    std::vector<std::string> encodings(end - start);
    std::atomic<std::size_t> next{start};
    auto worker = [&] {
      for (std::size_t i; (i = next.fetch_add(1)) < end;) {
        if (options.on_progress && i % 64 == 0) options.on_progress(i, files.size());
        if (plans[i] == Plan::Reuse) continue;
        auto bytes = read_inside(root_real, files[i].path, options.max_note_bytes);
        if (!bytes) {
          parses[i] = unreadable_note(files[i].path, bytes.error());
        } else {
          hashes[i] = content_hash(*bytes);
          if (plans[i] == Plan::ReuseIfSameHash && hashes[i] == cached[files[i].path].hash) continue;
          parses[i] = parse_note(files[i].path, *bytes, options.settings());
        }
        parses[i]->key = key;
        if (index) encodings[i - start] = encode_parse(*parses[i]);
      }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    if (!index) continue;
    if (storing.valid()) storing.get();  // it may have put a batch back into out.fresh
    for (std::size_t i = start; i < end; ++i)
      if (parses[i])
        out.fresh.push_back({parses[i]->note.path, std::move(encodings[i - start]), fresh_stat(*parses[i], hashes[i], files[i])});
    if (out.fresh.size() >= chunk) hand_over(std::exchange(out.fresh, {}));
  }
  if (storing.valid()) storing.get();  // the index is used again below

  // Unchanged content: take the index's parses, fetched in batches and decoded on every core. A stale
  // or undecodable entry is parsed again below.
  std::vector<char> from_index(files.size(), 0);
  if (index) {
    std::vector<std::size_t> wanted;
    for (std::size_t i = 0; i < files.size(); ++i)
      if (!parses[i]) wanted.push_back(i);
    constexpr std::size_t batch = 1024;
    for (std::size_t start = 0; start < wanted.size(); start += batch) {
      std::size_t end = std::min(wanted.size(), start + batch);
      std::vector<std::string> paths;
      for (std::size_t k = start; k < end; ++k) paths.push_back(files[wanted[k]].path);
      std::vector<std::optional<std::string>> texts = index->load_parse_texts(paths);
      std::atomic<std::size_t> next_text{0};
      auto decode = [&] {
        for (std::size_t k; (k = next_text.fetch_add(1)) < texts.size();) {
          if (!texts[k]) continue;
          std::size_t i = wanted[start + k];
          try {
            parses[i] = decode_parse(*texts[k]);
          } catch (...) {
            parses[i].reset();
          }
          if (parses[i] && parses[i]->key != key) parses[i].reset();  // made by another parser or settings
          from_index[i] = parses[i].has_value();
          texts[k].reset();
        }
      };
      std::vector<std::thread> decoders;
      for (unsigned t = 1; t < threads && texts.size() > 64; ++t) decoders.emplace_back(decode);
      decode();
      for (auto& t : decoders) t.join();
    }
  }

  for (std::size_t i = 0; i < files.size(); ++i) {
    if (from_index[i]) {
      ++out.reused;
      if (plans[i] == Plan::ReuseIfSameHash && new_stat[i]) {  // same bytes, new stat: remember it
        out.fresh.push_back({files[i].path, encode_parse(*parses[i]), fresh_stat(*parses[i], hashes[i], files[i])});
      }
      continue;
    }
    ++out.parsed;
    if (parses[i]) continue;  // parsed above (and with an index, in out.fresh or the index already)
    // A stale or undecodable index entry, or one of another parse key (so there is an index).
    parses[i] = read_and_parse(root_real, options, files[i], key, hashes[i]);
    out.fresh.push_back({parses[i]->note.path, encode_parse(*parses[i]), fresh_stat(*parses[i], hashes[i], files[i])});
    // As above; when the index cannot take them they stay, and store() says why.
    if (out.fresh.size() >= chunk && index->store_parses(out.changed())) out.fresh.clear();
  }

  out.corpus.root = options.root.string();
  out.corpus.folder_stamps = encode_folder_stamps(scan);
  out.corpus.scanned_at_ns = scanned_at;
  out.corpus.notes.reserve(files.size());
  for (auto& p : parses) {
    for (Diagnostic& d : p->diagnostics) out.corpus.diagnostics.push_back(d);
    out.corpus.notes.push_back(std::move(p->note));
  }
  for (const std::string& folder : scan.too_deep)
    out.corpus.diagnostics.push_back({"S008", find_rule("S008")->severity, {folder, 1, 1},
                                      "folder more than " + std::to_string(max_folder_depth) +
                                          " folders deep: the notes in it are not read",
                                      {}});
  resolve_corpus(out.corpus);
  return out;
}

}  // namespace anth
