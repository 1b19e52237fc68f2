#include "cli/build_stamp.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <vector>

#include "core/index/index.h"
#include "core/util/file_times.h"
#include "core/util/hasher.h"
#include "core/util/contained_file.h"
#include "ingest/commit_dates.h"
#include "ingest/scan.h"
#include "render/site/site_manifest.h"

namespace anth::cli {

namespace fs = std::filesystem;

namespace {

constexpr int stamp_format = 2;  // 2: the site's files' sizes and mtimes


using util::mtime_ns;

// The kernel results, which `kernels check` changes without touching a note. False when the index
// cannot be read.
bool hash_kernel_results(const fs::path& index_path, util::Hasher& h) {
  auto index = index::Index::open(index_path, index::Index::Mode::ReadOnly);
  if (!index) return false;
  for (const index::StoredKernelResult& r : index->kernel_results()) {
    for (const std::string* field : {&r.node, &r.kernel, &r.claims_json, &r.compiler, &r.checked_at, &r.error, &r.program})
      h.text(*field);
    h.number(r.pass);
  }
  return true;
}

// The size and mtime of every file the manifest lists (render/site/site_manifest.h), hashed: a page
// edited or damaged inside the site changes them. Empty when the site has no manifest.
std::string out_file_times(const fs::path& out) {
  auto manifest = render::site::SiteManifest::load(out);
  if (!manifest) return {};
  std::vector<std::string> paths;
  paths.reserve(manifest->files.size());
  for (const auto& [path, record] : manifest->files) paths.push_back(path);
  std::sort(paths.begin(), paths.end());
  util::Hasher h;
  for (const std::string& path : paths) {
    struct stat st {};
    if (::lstat((out / path).c_str(), &st) != 0) return {};
    h.text(path);
    h.number(st.st_size);
    h.number(mtime_ns(st));
  }
  return "files " + std::to_string(h.digest()) + "\n";
}

// "path mtime" of the site folder and each folder in it (a page added, deleted or renamed changes
// one), then the files' sizes and mtimes.
std::string out_folder_times(const fs::path& out) {
  std::string text;
  std::vector<fs::path> folders = {out};
  std::error_code ec;
  for (auto it = fs::directory_iterator(out, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->is_directory(ec)) folders.push_back(it->path());
  std::sort(folders.begin() + 1, folders.end());
  for (const fs::path& f : folders) {
    struct stat st {};
    if (::stat(f.c_str(), &st) != 0) return {};
    text += std::to_string(mtime_ns(st)) + " " + f.filename().string() + "\n";
  }
  std::string files = out_file_times(out);
  return files.empty() ? std::string() : text + files;
}

std::string out_key(const BuildInputs& inputs) {
  std::error_code ec;
  fs::path abs = fs::absolute(inputs.out, ec);
  return (ec ? inputs.out : abs).lexically_normal().string();
}

// One stamp per site folder, so that builds of one corpus to two folders do not undo each other.
fs::path stamp_path(const BuildInputs& inputs) {
  std::string key = out_key(inputs);
  char name[48];
  std::snprintf(name, sizeof name, "build-%016llx.stamp", static_cast<unsigned long long>(util::hash_text(key)));
  return inputs.index.parent_path() / name;
}

}  // namespace

std::string renderer_identity() {
  struct stat exe {};
  if (::stat("/proc/self/exe", &exe) != 0) return "";
  return std::to_string(exe.st_size) + ":" + std::to_string(mtime_ns(exe));
}

std::uint64_t hash_sources(const BuildInputs& inputs) {
  util::Hasher h;
  h.number(stamp_format);
  h.text(renderer_identity());
  h.text(out_key(inputs));
  h.number(inputs.unsafe_html);
  h.number(inputs.no_kernels);
  {
    // Read as load_config reads it: never a FIFO or a file outside the corpus.
    auto config = util::read_inside(util::real_root(inputs.corpus), "anthology.toml", 1 << 20);
    h.text(config ? *config : std::string());
  }
  ingest::CorpusScan scan = ingest::scan_corpus_tree(inputs.corpus);
  for (const ingest::SourceFile& f : scan.files) {
    h.text(f.path);
    h.number(f.size);
    h.number(f.mtime_ns);
    h.number(f.ctime_ns);  // an edit whose size and mtime were restored (cp -p, rsync -t, tar x)
  }
  h.text(ingest::history_head(inputs.corpus));  // a commit changes the pages' dates (ingest/commit_dates.h)
  return h.digest();
}

std::optional<std::uint64_t> hash_with_kernel_results(const BuildInputs& inputs, std::uint64_t sources) {
  util::Hasher h;
  h.number(sources);
  if (!hash_kernel_results(inputs.index, h)) return std::nullopt;
  return h.digest();
}

std::optional<BuildSummary> unchanged_build(const BuildInputs& inputs, std::uint64_t hash) {
  std::ifstream in(stamp_path(inputs));
  std::string line, out, folder_times;
  std::uint64_t stamped = 0;
  int format = 0;
  BuildSummary s;
  if (!(in >> format >> stamped >> s.pages_total >> s.files_total >> s.errors >> s.warnings) || format != stamp_format ||
      stamped != hash)
    return std::nullopt;
  std::getline(in, line);
  std::getline(in, out);
  for (std::string l; std::getline(in, l);) folder_times += l + "\n";
  if (out != out_key(inputs) || folder_times.empty() || folder_times != out_folder_times(inputs.out)) return std::nullopt;
  return s;
}

void remember_build(const BuildInputs& inputs, std::uint64_t hash, const BuildSummary& s) {
  fs::path path = stamp_path(inputs), tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << stamp_format << " " << hash << " " << s.pages_total << " " << s.files_total << " " << s.errors << " "
        << s.warnings << "\n"
        << out_key(inputs) << "\n"
        << out_folder_times(inputs.out);
    if (!out) return;
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);  // whole or not at all
  if (ec) fs::remove(tmp, ec);
}

}  // namespace anth::cli
