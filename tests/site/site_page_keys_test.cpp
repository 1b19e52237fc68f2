// A build keeps the pages whose inputs did not change (render/site/page_keys.h) instead of rendering
// them again. Kept pages must never be stale: after each kind of edit, the site built on top of the
// previous one must equal, file for file, a site built from nothing.
#include <catch2/catch.hpp>

#include <fstream>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

void replace_line(const fs::path& file, const std::string& starts_with, const std::string& line) {
  std::string text = read_file(file), out;
  std::size_t pos = 0;
  bool done = false;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    end = end == std::string::npos ? text.size() : end + 1;
    std::string current = text.substr(pos, end - pos);
    if (!done && current.rfind(starts_with, 0) == 0) {
      current = line + "\n";
      done = true;
    }
    out += current;
    pos = end;
  }
  REQUIRE(done);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << out;
}

void append(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::app) << text; }

// How many node pages the last build kept, from its phase timings.
long kept_pages(const RunResult& r) {
  std::string marker = "timing: pages (";
  std::size_t at = r.err.find(marker);
  return at == std::string::npos ? -1 : std::stol(r.err.substr(at + marker.size()));
}

}  // namespace

TEST_CASE("site: pages kept from the last build equal pages rendered from nothing, edit after edit", "[site][page-keys]") {
  TempDir dir;
  fs::path corpus = dir.path() / "corpus", out = dir.path() / "site";
  fs::copy(source_dir() / "data", corpus, fs::copy_options::recursive);
  RunResult first = build_site(dir.path(), corpus, out, "", "ANTHOLOGY_TIMINGS=1");
  REQUIRE(first.status == 0);
  CHECK(kept_pages(first) == 0);
  REQUIRE(fs::exists(out / ".anthology-pages"));

  // Each edit, then an incremental build compared with a fresh one (its own index and folder).
  // `with_index`: the fresh build starts from a copy of the index (for kernel results, which only
  // `kernels check` makes), still with no site and no caches.
  auto check = [&](const std::string& what, bool expect_kept, bool with_index = false) {
    INFO("after: " << what);
    RunResult incremental = build_site(dir.path(), corpus, out, "", "ANTHOLOGY_TIMINGS=1");
    INFO(incremental.err);
    REQUIRE(incremental.status == 0);
    if (expect_kept) CHECK(kept_pages(incremental) > 0);
    TempDir fresh;
    if (with_index) fs::copy_file(dir.path() / "index.db", fresh.path() / "index.db");
    RunResult scratch = build_site(fresh.path(), corpus, fresh.path() / "site");
    REQUIRE(scratch.status == 0);
    auto a = snapshot(out), b = snapshot(fresh.path() / "site");
    CHECK(a.size() == b.size());
    for (const auto& [path, bytes] : b) {
      INFO("page: " << path);
      auto it = a.find(path);
      REQUIRE(it != a.end());
      CHECK(it->second == bytes);
    }
  };

  append(corpus / "lit" / "LIT-100.md", "\nA sentence added to the body.\n");
  check("a body changed", true);
  replace_line(corpus / "sota" / "SOTA-050.md", "status:", "status: contested");
  check("a status changed (the practices listing shows it)", true);
  replace_line(corpus / "lit" / "LIT-101.md", "title:", "title: Root Mean Square Normalization, Retitled");
  check("a title changed (its neighbors show it)", true);
  replace_line(corpus / "terms" / "attention-entropy.md", "short:", "short: \"How spread one row of attention weights is.\"");
  check("a glossary definition changed (every body may show it)", false);
  replace_line(corpus / "terms" / "attention-entropy.md", "aliases:", "aliases: [entropy collapse, attention entropy collapse, focus spread]");
  check("a glossary alias added", false);
  append(corpus / "sota" / "SOTA-050.md", "\nCompare [[LIT-102]] and [[Root Mean Square Normalization, Retitled]].\n");
  check("a body gained links, one by title", false);
  append(corpus / "sota" / "SOTA-131.md", "\nSee also [[LIT-99999]].\n");
  check("a body gained a link that resolves to nothing (a diagnostic)", false);
  // The link of SOTA-131 above now resolves, though SOTA-131 itself did not change.
  std::ofstream(corpus / "lit" / "LIT-99999.md") << "---\nid: LIT-99999\ntitle: A Paper Added Later\nauthors: [Doe]\n"
                                                   "year: 2024\ntags: [normalization]\n---\nIt cites [[LIT-101]].\n";
  check("a note added that an unchanged body links", false);
  fs::remove(corpus / "lit" / "LIT-99999.md");
  check("that note removed", false);
  append(corpus / "lit" / "LIT-100.md", "\nOne more sentence, again without links.\n");
  check("a body changed again", true);
  if (std::system("command -v c++ >/dev/null 2>&1") == 0) {
    RunResult k = run("cd " + shell_arg(dir.path()) + " && " + shell_arg(anthology_binary()) + " kernels check SOTA-192 --corpus " +
                      shell_arg(corpus) + " --index " + shell_arg(dir.path() / "index.db"));
    INFO(k.out << k.err);
    REQUIRE((k.status == 0 || k.status == 1));
    check("a kernel checked (its page shows the result)", true, true);
  } else {
    WARN("kernel step skipped: no C++ compiler");
  }
}
