// The glossary's hover definitions as shared scripts (render/site/glossary_tips.h): every term in the
// shard its page's file name hashes to, with its definition as a JavaScript string, and the hash the
// one site.js computes (tests/site/site_browser_test.cpp checks a tooltip filled from a shard).
#include <catch2/catch.hpp>

#include <set>

#include "core/model/corpus.h"
#include "core/util/embedded_assets.h"
#include "render/site/glossary_tips.h"

using namespace anth;
using namespace anth::render::site;

namespace {

Note term(std::string id, std::string title, std::string definition) {
  Note n;
  n.id = std::move(id);
  n.path = "terms/" + n.id + ".md";
  n.kind = Kind::Term;
  n.title = std::move(title);
  n.short_definition = std::move(definition);
  return n;
}

}  // namespace

TEST_CASE("site: a term's shard is FNV-1a of its page's file name, as site.js computes it", "[site][glossary]") {
  // FNV-1a (32 bits): "" is the offset basis, "a" a published test vector (0xe40c292c).
  CHECK(glossary_tip_shard("") == 2166136261u % glossary_tip_shards);
  CHECK(glossary_tip_shard("a") == 0xe40c292cu % glossary_tip_shards);
  // site.js has the same shard count and the same constants.
  std::string js(*util::embedded_asset("render/assets/site/static/site.js"));
  CHECK(js.find("SHARDS = " + std::to_string(glossary_tip_shards)) != std::string::npos);
  CHECK(js.find("0x811c9dc5") != std::string::npos);
  CHECK(js.find("0x01000193") != std::string::npos);
}

TEST_CASE("site: the glossary's definitions are written once, in the shards of their terms", "[site][glossary]") {
  Corpus c;
  c.notes.push_back(term("qk-norm", "QK-norm", "normalize <queries> & \"keys\""));
  c.notes.push_back(term("attention", "attention", "where a model looks"));
  c.notes.push_back(term("z-loss", "z-loss", "a penalty on logits \u2014 small"));
  c.index_ids();
  Glossary g(c);
  SiteFiles files = glossary_tip_files(g);
  std::set<std::string> paths;
  std::string all;
  for (const SiteFile& f : files) {
    paths.insert(f.path);
    all += f.bytes;
    CHECK(f.bytes.rfind("Object.assign(window.ANTH_GLOSSARY=window.ANTH_GLOSSARY||{},{", 0) == 0);
    CHECK(f.bytes.find('<') == std::string::npos);  // js_safe: \u003c
  }
  for (const char* file : {"qk-norm.html", "attention.html", "z-loss.html"})
    CHECK(paths.count("glossary/g-" + std::to_string(glossary_tip_shard(file)) + ".js") == 1);
  CHECK(paths.size() == files.size());
  CHECK(paths.size() <= 3);
  CHECK(all.find("\"qk-norm.html\":\"QK-norm, n.: normalize \\u003cqueries> & \\\"keys\\\"\"") != std::string::npos);
  CHECK(all.find("\"attention.html\":\"attention, n.: where a model looks\"") != std::string::npos);
  CHECK(all.find("z-loss, n.: a penalty on logits") != std::string::npos);

  Corpus none;
  CHECK(glossary_tip_files(Glossary(none)).empty());
}
