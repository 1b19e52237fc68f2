#pragma once
// The node-page sections of a corpus, in-process: each section's output for each node (its template
// fields, its frame, its files and blocks, written out as text) and its key, so that a test can edit
// the corpus and check that every section whose output changed also changed its key
// (render/site/node_section.h). A new section's test uses check_keys_cover() with its own edits.
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/rules/rule.h"
#include "ingest/load_corpus.h"
#include "render/site/node_section.h"
#include "render/site/page_keys.h"
#include "render/site/pages.h"
#include "tests/support/test_support.h"

namespace anth::test::site {

namespace sv = anth::render::site;

// A TemplateValue as text, members and items in order.
inline void dump(const sv::TemplateValue& t, std::string& out) {
  if (t.is_text()) {
    out += '"';
    out += t.text();
    out += '"';
  } else if (t.is_list()) {
    out += '[';
    for (const sv::TemplateValue& i : t.items()) dump(i, out), out += ',';
    out += ']';
  } else if (const auto* members = t.members()) {
    out += '{';
    for (const auto& [k, v] : *members) out += std::string(k) + ':', dump(v, out), out += ',';
    out += '}';
  } else {
    out += t.is_false() ? "false" : "true";
  }
}

// What every section shows and hashes for every node of one corpus, by section name and note id.
struct SectionViews {
  std::uint64_t site = 0;                                        // the part every page shares
  std::map<std::string, std::map<std::string, std::string>> shown;  // section, id: output
  std::map<std::string, std::map<std::string, std::uint64_t>> key;  // section, id: key
  std::map<std::string, std::uint64_t> page_key;                  // id: the whole page's key
};

inline SectionViews section_views(const fs::path& corpus, const std::vector<index::StoredKernelResult>& results) {
  ingest::LoadOptions options{corpus};
  options.bodies = true;  // the body section shows them (with no index, they stay in memory)
  auto loaded = ingest::load_corpus(options, nullptr);
  REQUIRE(loaded.has_value());
  graph::Graph graph(loaded->corpus);
  std::vector<Diagnostic> diagnostics = loaded->corpus.diagnostics;
  for (Diagnostic& d : rules::check_graph(loaded->corpus, graph)) diagnostics.push_back(std::move(d));
  sv::SiteInput input{loaded->corpus, graph, diagnostics, results, {}};
  input.options.threads = 1;
  input.options.renderer = "test";
  sv::SiteContext ctx(input);
  sv::Templates templates;
  sv::Pages pages(ctx, templates);
  sv::PageKeys keys(ctx, input.options.renderer);
  SectionViews out;
  out.site = keys.site();
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
    const std::string& id = graph.note(v).id;
    out.page_key[id] = keys.node_page(v);
    for (const sv::NodeSection& s : sv::node_sections()) {
      sv::TemplateValue data = sv::TemplateValue::object(), blocks = sv::TemplateValue::list();
      sv::Frame frame;
      sv::SiteFiles extra;
      sv::NodePage page{data, frame, extra, blocks};
      s.render(pages, v, page);
      std::string text;
      dump(data, text);
      dump(blocks, text);
      text += "\nframe: " + frame.title + "|" + frame.current + "|" + frame.body_class + "\n";
      for (const sv::SiteFile& f : extra) text += f.path + "\n" + f.bytes + "\n";
      out.shown[std::string(s.name)][id] = std::move(text);
      out.key[std::string(s.name)][id] = keys.section(s, v);
    }
  }
  return out;
}

// An edit of a corpus (its files, or the stored kernel results).
struct CorpusEdit {
  std::string what;
  std::function<void(const fs::path& corpus, std::vector<index::StoredKernelResult>& results)> apply;
};

inline void replace_text(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

// For each edit, made to a fresh copy of `fixture`: every section whose output changed for a node
// changed its key (or the part every page shares changed), and so did the node's page key. Returns,
// per section, how many (edit, node) pairs changed its output, so a test can check its edits reach it.
inline std::map<std::string, int> check_keys_cover(const fs::path& fixture, const std::vector<index::StoredKernelResult>& results,
                                                   const std::vector<CorpusEdit>& edits) {
  const SectionViews before = section_views(fixture, results);
  std::map<std::string, int> reached;
  for (const CorpusEdit& edit : edits) {
    TempDir dir;
    fs::path corpus = dir.path() / "corpus";
    fs::copy(fixture, corpus, fs::copy_options::recursive);
    std::vector<index::StoredKernelResult> edited_results = results;
    edit.apply(corpus, edited_results);
    const SectionViews after = section_views(corpus, edited_results);
    for (const auto& [section, by_id] : after.shown)
      for (const auto& [id, text] : by_id) {
        auto was = before.shown.at(section).find(id);
        if (was == before.shown.at(section).end() || was->second == text) continue;
        ++reached[section];
        INFO("edit: " << edit.what << "; section: " << section << "; node: " << id);
        INFO("shown before:\n" << was->second << "\nshown after:\n" << text);
        CHECK((after.site != before.site || after.key.at(section).at(id) != before.key.at(section).at(id)));
        CHECK(after.page_key.at(id) != before.page_key.at(id));
      }
  }
  return reached;
}

}  // namespace anth::test::site
