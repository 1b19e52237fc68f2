#pragma once
// Helpers of the site tests: building a corpus into a scratch folder, reading a site back, and a
// small HTML tag scanner for checking links and attributes.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/test_support.h"

namespace anth::test::site {

namespace fs = std::filesystem;

// Copies tests/fixtures/site/corpus to DIR/corpus and returns that path.
inline fs::path copy_fixture(const TempDir& dir) {
  fs::path to = dir.path() / "corpus";
  fs::copy(source_dir() / "tests" / "fixtures" / "site" / "corpus", to, fs::copy_options::recursive);
  return to;
}

// Replaces the first `from` in a file by `to` (which must be there).
inline void replace_in_file(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::binary) << text;
}

inline std::string shell_arg(const fs::path& p) { return "'" + p.string() + "'"; }

// `anthology build` of `corpus` into `out`, with its index kept beside the site in `dir`, never in
// the corpus. `env` is prepended to the command ("ANTHOLOGY_SITE_FAULT=fail:3"). The kernels are not
// compiled (--no-kernels) unless `kernels`: the site's tests look at pages; tests/cli/build_kernels_test.cpp
// and the browser's interaction test check the kernels a build runs.
inline RunResult build_site(const fs::path& dir, const fs::path& corpus, const fs::path& out,
                            const std::string& extra = "", const std::string& env = "", bool kernels = false) {
  return run("cd " + shell_arg(dir) + " && NO_COLOR=1 " + env + " " + shell_arg(anthology_binary()) + " build --corpus " +
             shell_arg(corpus) + " --out " + shell_arg(out) + " --index " + shell_arg(dir / "index.db") +
             (kernels ? " " : " --no-kernels ") + extra);
}

// Whether the browser tests can run: without Chromium they are skipped, with a warning.
inline bool have_chromium(const fs::path& chromium) {
  if (fs::exists(chromium)) return true;
  WARN("no " << chromium.string() << ": skipped");
  return false;
}

// A browser test's driver, tests/site/<script>, run on `site` in headless Chromium with `extra`
// arguments after its own (CHROMIUM SITE SHOTS), its screenshots left in `shots` and copied where
// ANTHOLOGY_KEEP_SHOTS names.
inline RunResult run_browser_checks(const std::string& script, const fs::path& chromium, const fs::path& site,
                                    const fs::path& shots, const std::string& extra = "") {
  RunResult r = run("timeout 300 python3 " + shell_arg(source_dir() / "tests/site" / script) + " " + shell_arg(chromium) +
                    " " + shell_arg(site) + " " + shell_arg(shots) + " " + extra);
  if (const char* keep = std::getenv("ANTHOLOGY_KEEP_SHOTS")) {
    std::error_code ec;
    fs::copy(shots, keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  }
  return r;
}

// Every regular file under `root`, by '/'-separated relative path; but the site's manifest, whose
// records hold each file's mtime and inode (render/site/site_manifest.h), which no two builds share.
inline std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> out;
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().lexically_relative(root) != ".anthology-files")
      out[e.path().lexically_relative(root).generic_string()] = read_file(e.path());
  return out;
}

inline std::map<std::string, ino_t> inodes(const fs::path& root) {
  std::map<std::string, ino_t> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    struct stat st {};
    if (e.is_regular_file() && ::stat(e.path().c_str(), &st) == 0) out[e.path().lexically_relative(root).generic_string()] = st.st_ino;
  }
  return out;
}

// Files whose inode changed between two listings, or that are new.
inline std::vector<std::string> rewritten(const std::map<std::string, ino_t>& before, const std::map<std::string, ino_t>& after) {
  std::vector<std::string> out;
  for (const auto& [path, ino] : after) {
    auto it = before.find(path);
    if (it == before.end() || it->second != ino) out.push_back(path);
  }
  return out;
}

struct Tag {
  std::string name;  // lowercase
  std::vector<std::pair<std::string, std::string>> attributes;  // names lowercase, values entity-decoded
  const std::string* attribute(const std::string& n) const {
    for (const auto& [k, v] : attributes)
      if (k == n) return &v;
    return nullptr;
  }
};

inline std::string decode_entities(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    std::size_t semi = s.find(';', i);
    if (semi == std::string::npos || semi - i > 10) {
      out += s[i];
      continue;
    }
    std::string name = s.substr(i + 1, semi - i - 1);
    if (name == "amp") out += '&';
    else if (name == "lt") out += '<';
    else if (name == "gt") out += '>';
    else if (name == "quot") out += '"';
    else if (name == "apos" || name == "#39") out += '\'';
    else if (!name.empty() && name[0] == '#') {
      long code = name.size() > 1 && (name[1] == 'x' || name[1] == 'X') ? std::strtol(name.c_str() + 2, nullptr, 16)
                                                                       : std::strtol(name.c_str() + 1, nullptr, 10);
      out += code < 128 ? static_cast<char>(code) : '?';
    } else {
      out += s.substr(i, semi - i + 1);
    }
    i = semi;
  }
  return out;
}

// The start tags of an HTML document, as a browser's tokenizer would read them (comments skipped).
inline std::vector<Tag> html_tags(const std::string& html) {
  std::vector<Tag> tags;
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  std::size_t i = 0;
  while ((i = html.find('<', i)) != std::string::npos) {
    if (html.compare(i, 4, "<!--") == 0) {
      std::size_t end = html.find("-->", i);
      i = end == std::string::npos ? html.size() : end + 3;
      continue;
    }
    ++i;
    if (i >= html.size() || !std::isalpha(static_cast<unsigned char>(html[i]))) continue;
    Tag tag;
    while (i < html.size() && !std::isspace(static_cast<unsigned char>(html[i])) && html[i] != '>' && html[i] != '/')
      tag.name += html[i++];
    tag.name = lower(tag.name);
    while (i < html.size() && html[i] != '>') {
      if (std::isspace(static_cast<unsigned char>(html[i])) || html[i] == '/') {
        ++i;
        continue;
      }
      std::string name, value;
      while (i < html.size() && !std::isspace(static_cast<unsigned char>(html[i])) && html[i] != '=' && html[i] != '>' &&
             html[i] != '/')
        name += html[i++];
      while (i < html.size() && std::isspace(static_cast<unsigned char>(html[i]))) ++i;
      if (i < html.size() && html[i] == '=') {
        ++i;
        while (i < html.size() && std::isspace(static_cast<unsigned char>(html[i]))) ++i;
        if (i < html.size() && (html[i] == '"' || html[i] == '\'')) {
          char q = html[i++];
          std::size_t end = html.find(q, i);
          if (end == std::string::npos) end = html.size();
          value = html.substr(i, end - i);
          i = end + 1;
        } else {
          while (i < html.size() && !std::isspace(static_cast<unsigned char>(html[i])) && html[i] != '>') value += html[i++];
        }
      }
      if (!name.empty()) tag.attributes.push_back({lower(name), decode_entities(value)});
    }
    tags.push_back(std::move(tag));
  }
  return tags;
}

// Every .html file of a site, by relative path.
inline std::vector<std::string> pages_of(const std::map<std::string, std::string>& site) {
  std::vector<std::string> out;
  for (const auto& [path, bytes] : site)
    if (path.size() > 5 && path.compare(path.size() - 5, 5, ".html") == 0) out.push_back(path);
  return out;
}

// The height of a PNG from its IHDR chunk; 0 when the bytes are no PNG.
inline unsigned png_height(const std::string& png) {
  if (png.size() < 24 || png.compare(1, 3, "PNG") != 0 || png.compare(12, 4, "IHDR") != 0) return 0;
  auto b = [&](std::size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(png[i])); };
  return b(20) << 24 | b(21) << 16 | b(22) << 8 | b(23);
}

}  // namespace anth::test::site
