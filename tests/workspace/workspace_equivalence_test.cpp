// The resident workspace equals a cold run: a seeded random sequence of edits (body, title, alias,
// relations, add, delete, rename, broken YAML and its repair, a heading other notes link to, links by path,
// file name or in another case, tags in any case, prose and a status that keep the graph) is applied to a copy of the site's
// fixture corpus, each as a patch of the workspace, and after each step the workspace's graph,
// findings and site are compared with a cold run over the same files.
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <random>

#include "tests/workspace/workspace_support.h"

namespace anth::test {

namespace {

namespace ws = workspace_support;

// Edits a corpus folder at random and says which files each edit touched.
class Editor {
 public:
  Editor(fs::path root, unsigned seed) : root_(std::move(root)), rng_(seed) {}

  // One random edit; returns the corpus-relative paths it changed (a rename: both).
  std::vector<std::string> step(std::string& what) {
    std::vector<std::string> files = notes();
    if (files.empty()) return add(what);
    const std::string path = files[pick(files.size())];
    switch (pick(18)) {
      case 0: return body(path, what);
      case 1: return set_line(path, "title", "title: " + name(), what);
      case 2: return set_line(path, "aliases", "aliases: [" + name() + "]", what);
      case 3: return relation(path, what);
      case 4: return add(what);
      case 5: return remove(path, what);
      case 6: return rename(path, what);
      case 7: return break_yaml(path, what);
      case 8: return repair(what);
      case 9: return term(what);
      case 10: return body(path, what, true);
      case 11: return heading(path, what);
      case 12: return path_link(path, what);
      case 13:
      case 14: return prose(path, what);
      case 15: return set_line(path, "status", std::string("status: ") + (pick(2) ? "draft" : "stable"), what);
      // What only the rules read (the graph keeps its edges): P001/P004 compare the papers' years.
      case 16: return set_line(path, "year", "year: " + std::to_string(2015 + pick(10)), what);
      case 17: return tag(path, what);
      default: return body(path, what);
    }
  }

 private:
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }

  std::vector<std::string> notes() const {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(root_))
      if (e.is_regular_file() && e.path().extension() == ".md") out.push_back(e.path().lexically_relative(root_).generic_string());
    std::sort(out.begin(), out.end());
    return out;
  }

  // A name a link or a title may use: an id or title of the fixture, or one that no note has yet.
  std::string name() {
    static const char* const known[] = {"LIT-001", "LIT-002", "NOTE-001", "SOTA-001", "THEORY-001", "attention",
                                        "qk-norm", "Attention Is All You Need", "self-attention", "LIT-003"};
    if (pick(2)) return known[pick(std::size(known))];
    return "Ghost " + std::to_string(pick(4));
  }

  std::string read(const std::string& path) { return read_file(root_ / path); }
  void write(const std::string& path, const std::string& text) {
    fs::create_directories((root_ / path).parent_path());
    std::ofstream(root_ / path, std::ios::binary) << text;
  }

  // A link, or an embed (the embedding page shows the embedded note's body, so a change of that note
  // changes it).
  std::vector<std::string> body(const std::string& path, std::string& what, bool embed = false) {
    std::string link = name();
    if (pick(3) == 0) link += pick(2) ? "#Key takeaways" : "#No such heading";
    std::string written = (embed ? "![[" : "[[") + link + "]]";
    write(path, read(path) + "\nSee " + written + ".\n");
    what = "body of " + path + " has " + written;
    return {path};
  }

  // Prose that keeps the graph as it is (the kept site is patched, render/site/site_render.h): a
  // sentence with or without a glossary term's name, at the top of the body (where the excerpts other
  // pages show are) or at its end.
  std::vector<std::string> prose(const std::string& path, std::string& what) {
    static const char* const sentences[] = {"Plain words here.", "It uses attention heavily.", "See QK-norm for stability.",
                                            "Nothing more to say."};
    std::string text = read(path), sentence = std::string("\nProse: ") + sentences[pick(std::size(sentences))] + "\n";
    std::size_t body = 0;
    if (text.rfind("---\n", 0) == 0)
      if (auto end = text.find("\n---\n", 3); end != std::string::npos) body = end + 5;
    if (pick(2)) text.insert(body, sentence);
    else text += sentence;
    write(path, text);
    what = "prose in " + path + ":" + sentence;
    return {path};
  }

  // An inline tag in one of its cases: one tag, listed in the spelling the most notes write, a tie
  // going to the first path (renames move it).
  std::vector<std::string> tag(const std::string& path, std::string& what) {
    static const char* const tags[] = {"#Stability", "#stability", "#STABILITY"};
    const std::string written = tags[pick(std::size(tags))];
    write(path, read(path) + "\nTagged " + written + ".\n");
    what = "body of " + path + " has " + written;
    return {path};
  }

  // The heading other notes' [[X#Key takeaways]] name, given or taken away (their R007 comes or goes).
  std::vector<std::string> heading(const std::string& path, std::string& what) {
    std::string text = read(path);
    const std::string h = "\n## Key takeaways\n";
    auto at = text.find(h);
    if (at != std::string::npos) text.erase(at, h.size());
    else text += h;
    write(path, text);
    what = path + (at != std::string::npos ? " loses" : " gains") + " the heading Key takeaways";
    return {path};
  }

  // A link that names a note by its path, its file name, a path relative to the linking note, or a
  // name in another case: the patch must resolve again the notes whose links end with a changed note's
  // file stem, and compare case-folded.
  std::vector<std::string> path_link(const std::string& path, std::string& what) {
    static const char* const links[] = {"[[lit/LIT-002]]", "[see](../lit/LIT-001.md)", "[[LIT-003.md]]",
                                        "[[GHOST 2]]",     "[[moved/LIT-001]]",        "[[attention IS all you need]]",
                                        "[[renamed-3]]",   "[[Page 2#Key takeaways]]"};
    std::string written = links[pick(std::size(links))];
    write(path, read(path) + "\nAlso " + written + ".\n");
    what = "body of " + path + " has " + written;
    return {path};
  }

  // A glossary term whose name other bodies hold (or none yet), added, renamed or removed: every body
  // that says it links it, and the term's page lists them.
  std::vector<std::string> term(std::string& what) {
    static const char* const words[] = {"query", "softmax", "weights", "Ghost 3", "normalization"};
    const std::string path = "terms/glossed.md";
    if (fs::exists(root_ / path) && pick(3) == 0) return remove(path, what);
    std::string word = words[pick(std::size(words))];
    write(path, "---\nid: glossed\ntitle: " + word + "\nshort: \"A word the bodies use.\"\n---\nSays " + word + ".\n");
    what = "the term " + path + " is named " + word;
    return {path};
  }

  // Replaces the frontmatter line "key: ..." by `line`, or adds it after the opening "---".
  std::vector<std::string> set_line(const std::string& path, const std::string& key, const std::string& line,
                                    std::string& what) {
    std::string text = read(path);
    auto at = text.find("\n" + key + ":");
    if (at != std::string::npos) {
      auto end = text.find('\n', at + 1);
      text.replace(at + 1, end - at - 1, line);
    } else if (text.rfind("---\n", 0) == 0) {
      text.insert(4, line + "\n");
    } else {
      text = "---\n" + line + "\n---\n" + text;
    }
    write(path, text);
    what = path + ": " + line;
    return {path};
  }

  std::vector<std::string> relation(const std::string& path, std::string& what) {
    static const char* const ids[] = {"LIT-001", "LIT-002", "LIT-003", "NOTE-001", "SOTA-002", "LIT-404", "THEORY-001"};
    std::string id = ids[pick(std::size(ids))];
    std::string key = path.rfind("lit/", 0) == 0 ? "cites" : path.rfind("notes/", 0) == 0 ? "paper" : "source";
    return set_line(path, key, key + (key == "paper" ? ": " + id : ": [" + id + "]"), what);
  }

  std::vector<std::string> add(std::string& what) {
    std::string path, text;
    switch (pick(3)) {
      case 0:
        path = "pages/Page " + std::to_string(pick(5)) + ".md";
        text = "---\ntitle: " + name() + "\n---\n# Key takeaways\n\nA page about [[" + name() + "]].\n";
        break;
      case 1:
        path = "lit/LIT-00" + std::to_string(1 + pick(6)) + ".md";  // may take an id already declared (S006)
        text = "---\nid: LIT-00" + std::to_string(1 + pick(6)) + "\ntitle: " + name() +
               "\nauthors: [Doe]\nyear: 2021\ntags: [model-stability]\n---\nCites [[" + name() + "]].\n";
        break;
      default:
        path = "loose/" + name() + ".md";
        text = "No frontmatter, a link to [[" + name() + "]].\n";
    }
    write(path, text);
    what = "add " + path;
    return {path};
  }

  std::vector<std::string> remove(const std::string& path, std::string& what) {
    fs::remove(root_ / path);
    broken_.erase(path);
    what = "delete " + path;
    return {path};
  }

  std::vector<std::string> rename(const std::string& path, std::string& what) {
    std::string to = pick(2) ? "moved/" + fs::path(path).filename().string() : "renamed-" + std::to_string(pick(9)) + ".md";
    if (fs::exists(root_ / to)) return body(path, what);
    fs::create_directories((root_ / to).parent_path());
    fs::rename(root_ / path, root_ / to);
    if (auto it = broken_.find(path); it != broken_.end()) {
      broken_[to] = it->second;
      broken_.erase(it);
    }
    what = "rename " + path + " to " + to;
    return {path, to};
  }

  std::vector<std::string> break_yaml(const std::string& path, std::string& what) {
    std::string text = read(path);
    broken_.emplace(path, text);
    write(path, text.rfind("---\n", 0) == 0 ? "---\ntags: [unclosed\n" + text.substr(4) : "---\nid: [\n---\n" + text);
    what = "break the YAML of " + path;
    return {path};
  }

  std::vector<std::string> repair(std::string& what) {
    if (broken_.empty()) return add(what);
    auto it = std::next(broken_.begin(), static_cast<std::ptrdiff_t>(pick(broken_.size())));
    std::string path = it->first;
    write(path, it->second);
    broken_.erase(it);
    what = "repair the YAML of " + path;
    return {path};
  }

  fs::path root_;
  std::mt19937 rng_;
  std::map<std::string, std::string> broken_;  // path: its text before the YAML broke
};

void check_equal(const ws::Cold& cold, const workspace::Workspace& w, const workspace::LiveSite& live,
                 const std::string& history) {
  INFO(history);
  CHECK(ws::graph_lines(w.graph()) == cold.graph);
  CHECK(ws::finding_lines(w.diagnostics()) == cold.findings);
  std::vector<std::string> differ = ws::differ_from_cold(cold, live);
  CHECK(differ == std::vector<std::string>{});
}

}  // namespace

TEST_CASE("workspace: a random sequence of patches equals a cold run after every step", "[workspace]") {
  const unsigned seed = GENERATE(1u, 2u, 3u, 4u, 5u);
  TempDir dir;
  ws::Served served = ws::serve_copy(dir.path());
  const fs::path& root = served.root;
  workspace::Workspace& w = *served.workspace;
  workspace::LiveSite& live = *served.live;
  check_equal(ws::cold_run(root), w, live, "as loaded");

  Editor editor(root, seed);
  std::string history = "seed " + std::to_string(seed);
  for (int step = 0; step < 40; ++step) {
    std::string what;
    for (const std::string& path : editor.step(what)) w.update_from_disk(path);
    history += "\n" + std::to_string(step) + ": " + what;
    w.refresh();
    REQUIRE(live.render(w));
    check_equal(ws::cold_run(root), w, live, history);
  }
  CHECK(live.patches() > 0);  // the kept render was patched, not only rendered again
}

// The patches that keep the most (workspace.h): a body edit keeps the ids, the link index and, while
// no changed note's rule inputs move, the rules' findings. Each step below is one a patch could get
// wrong by keeping too much; the random sequence above meets them only now and then.
TEST_CASE("workspace: what a patch keeps is what a cold run finds", "[workspace]") {
  TempDir dir;
  ws::Served served = ws::serve_copy(dir.path());
  const fs::path& root = served.root;
  workspace::Workspace& w = *served.workspace;
  workspace::LiveSite& live = *served.live;
  auto edit = [&](const std::string& path, const std::function<std::string(std::string)>& change, const std::string& what) {
    const std::string text = change(read_file(root / path));  // read before the stream empties the file
    std::ofstream(root / path, std::ios::binary) << text;
    w.update_from_disk(path);
    w.refresh();
    REQUIRE(live.render(w));
    check_equal(ws::cold_run(root), w, live, what);
  };
  auto append = [](std::string more) { return [more](std::string text) { return text + more; }; };
  // R007 comes, then goes when the named note gains the heading: the linking note's links are
  // resolved again though no name moved, and its findings are not kept.
  edit("sota/SOTA-002.md", append("\nSee [[SOTA-001#Key takeaways]].\n"), "a link to a heading SOTA-001 lacks");
  CHECK(std::count_if(w.diagnostics().begin(), w.diagnostics().end(), [](const Diagnostic& d) { return d.rule == "R007"; }) > 0);
  edit("sota/SOTA-001.md", append("\n## Key takeaways\n"), "SOTA-001 gains the heading");
  // Prose only: the rules' findings are kept, and are still a cold run's.
  const std::uint64_t runs = w.rule_runs();
  edit("lit/LIT-001.md", append("\nOne more plain sentence.\n"), "prose at the end of LIT-001");
  CHECK(w.rule_runs() == runs);
  // A year only the rules read (the edges stay): the rules run again.
  edit("lit/LIT-002.md", [](std::string text) {
    auto at = text.find("year: ");
    return at == std::string::npos ? text : text.replace(at, text.find('\n', at) - at, "year: 2030");
  }, "LIT-002 published later than the notes that cite it");
  CHECK(w.rule_runs() == runs + 1);
}

TEST_CASE("workspace: a note patched from an editor's unsaved text, and back from its file", "[workspace]") {
  TempDir dir;
  const fs::path root = dir.path() / "corpus";
  auto opened = ws::open_copy(source_dir() / "tests" / "fixtures" / "site" / "corpus", root);
  workspace::Workspace& w = *opened;
  const ws::Cold before = ws::cold_run(root);
  // The buffer gives NOTE-002's dangling [[Missing Paper]] a note: an unsaved title resolves it.
  std::string text = read_file(root / "lit/LIT-003.md");
  w.update_text("lit/LIT-003.md", "---\nid: LIT-003\ntitle: Missing Paper\nauthors: [Dehghani]\nyear: 2023\n---\nText.\n");
  auto refreshed = w.refresh();
  CHECK(refreshed.changed == std::vector<std::string>{"lit/LIT-003.md"});
  auto lines = ws::graph_lines(w.graph());
  CHECK(std::find(lines.begin(), lines.end(), "NOTE-002 -mentions-> LIT-003 @notes/NOTE-002.md:9") != lines.end());
  CHECK(read_file(root / "lit/LIT-003.md") == text);  // nothing written
  w.update_from_disk("lit/LIT-003.md");
  w.refresh();
  CHECK(ws::graph_lines(w.graph()) == before.graph);
  CHECK(ws::finding_lines(w.diagnostics()) == before.findings);
  CHECK(w.refresh().changed.empty());  // nothing pending: nothing done
}

}  // namespace anth::test
