// The file work a cold one-note build cannot skip while it keeps the site whole at every instant
// (docs/site-output.md: a killed build leaves the previous site or the new one, byte for byte):
//
//   1. stat every file of the corpus, to learn which note changed (a cold process has no watcher);
//   2. hard-link every file of the current site into a new folder, which one rename then swaps in;
//   3. remove the old folder's links once the new site is in place.
//
// Nothing else is done: no parse, no page, no index. What this prints is a floor under `anthology
// build` after a one-note change on the same corpus and site, on the same file system.
//
//   g++ -O2 -std=c++20 -o /tmp/file_floor bench/file_floor.cpp
//   /tmp/file_floor CORPUS SITE        # e.g. bench/out/corpus-10000 and the site built from it
//
// It writes only into a folder it creates beside SITE (SITE.floor-XXXXXX) and removes it at the end.
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

std::vector<std::string> g_files;  // nftw's callback has no user pointer

int collect(const char* path, const struct stat*, int type, struct FTW*) {
  if (type == FTW_F) g_files.emplace_back(path);
  return 0;
}

std::vector<std::string> files_under(const std::string& root) {
  g_files.clear();
  if (nftw(root.c_str(), collect, 64, FTW_PHYS) != 0) {
    std::perror(root.c_str());
    std::exit(2);
  }
  return std::move(g_files);
}

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: file_floor CORPUS SITE\n");
    return 2;
  }
  const std::string corpus = argv[1], site = argv[2];

  auto t = std::chrono::steady_clock::now();
  const std::vector<std::string> notes = files_under(corpus);
  struct stat st {};
  for (const std::string& p : notes) stat(p.c_str(), &st);
  std::printf("stat %zu corpus files: %.1f ms\n", notes.size(), ms_since(t));

  const std::vector<std::string> pages = files_under(site);
  std::string scratch = site + ".floor-XXXXXX";
  if (!mkdtemp(scratch.data())) {
    std::perror("mkdtemp");
    return 2;
  }
  std::vector<std::string> made, folders;
  t = std::chrono::steady_clock::now();
  for (const std::string& p : pages) {
    std::string to = scratch + p.substr(site.size());
    for (std::size_t slash = to.find('/', scratch.size() + 1); slash != std::string::npos; slash = to.find('/', slash + 1))
      if (mkdir(to.substr(0, slash).c_str(), 0755) == 0) folders.push_back(to.substr(0, slash));
    if (link(p.c_str(), to.c_str()) == 0) made.push_back(to);
  }
  std::printf("hard-link %zu site files into a new folder: %.1f ms\n", made.size(), ms_since(t));

  t = std::chrono::steady_clock::now();
  for (const std::string& p : made) unlink(p.c_str());
  std::printf("remove those links: %.1f ms\n", ms_since(t));
  for (auto it = folders.rbegin(); it != folders.rend(); ++it) rmdir(it->c_str());
  rmdir(scratch.c_str());
  return 0;
}
