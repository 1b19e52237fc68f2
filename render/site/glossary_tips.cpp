#include "render/site/glossary_tips.h"

#include <cstdint>
#include <string>
#include <vector>

#include "render/site/html.h"
#include "render/site/js_text.h"

namespace anth::render::site {

std::size_t glossary_tip_shard(std::string_view file) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : file) {
    h ^= c;
    h *= 16777619u;
  }
  return h % glossary_tip_shards;
}

SiteFiles glossary_tip_files(const Glossary& glossary) {
  std::vector<std::string> shards(glossary_tip_shards);
  for (const GlossaryTerm& term : glossary.terms()) {
    std::string file = node_file(term.id);
    std::string& js = shards[glossary_tip_shard(file)];
    js += js.empty() ? "Object.assign(window.ANTH_GLOSSARY=window.ANTH_GLOSSARY||{},{\n" : ",\n";
    append_js_string(js, file);
    js += ':';
    append_js_string(js, term.hover());
  }
  SiteFiles files;
  for (std::size_t n = 0; n < shards.size(); ++n)
    if (!shards[n].empty()) files.push_back({"glossary/g-" + std::to_string(n) + ".js", shards[n] + "});\n"});
  return files;
}

}  // namespace anth::render::site
