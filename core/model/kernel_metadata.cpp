// Reading the kernel catalogue from the metadata beside each template (render/kernels/templates/*.toml,
// embedded in the binary). The format is docs/kernels.md, "Adding a kernel".
#include <toml++/toml.h>

#include <algorithm>
#include <stdexcept>

#include "core/util/embedded_assets.h"
#include "core/model/kernel_catalog.h"

namespace anth {

namespace {

constexpr std::string_view metadata_folder = "render/kernels/templates/";

struct Reader {
  std::string file;

  [[noreturn]] void fail(const std::string& why) const { throw std::logic_error("kernel metadata " + file + ": " + why); }

  std::string text(const toml::table& t, const char* key, bool required = true) const {
    if (auto v = t[key].value<std::string>()) return *v;
    if (required || t.contains(key)) fail(std::string("needs `") + key + "`, a string");
    return {};
  }
  double number(const toml::node* n, const std::string& what) const {
    if (n && n->is_integer()) return static_cast<double>(n->as_integer()->get());
    if (n && n->is_floating_point()) return n->as_floating_point()->get();
    fail("needs " + what + ", a number");
  }
};

KernelParam integer_param(std::string name, double value, double minimum, double maximum, std::string meaning) {
  return KernelParam{std::move(name), value, minimum, maximum, true, std::move(meaning)};
}

KernelParam read_param(const Reader& r, const toml::node& node) {
  const toml::table* t = node.as_table();
  if (!t) r.fail("each [[param]] must be a table");
  KernelParam p;
  p.name = r.text(*t, "name");
  const Reader at{r.file + ", parameter " + p.name};
  p.integer = (*t)["integer"].value_or(false);
  p.default_value = at.number((*t)["default"].node(), "`default`");
  const toml::array* range = (*t)["range"].as_array();
  if (!range || range->size() != 2) at.fail("needs `range = [minimum, maximum]`");
  p.minimum = at.number(range->get(0), "a minimum");
  p.maximum = at.number(range->get(1), "a maximum");
  p.meaning = at.text(*t, "meaning");
  return p;
}

}  // namespace

std::string kernel_metadata_path(std::string_view kernel) { return std::string(metadata_folder) + std::string(kernel) + ".toml"; }

KernelInfo parse_kernel_metadata(std::string_view file_name, std::string_view text) {
  const Reader r{std::string(file_name)};
  toml::table t;
  try {
    t = toml::parse(text, file_name);
  } catch (const toml::parse_error& e) {
    r.fail(std::string(e.description()) + " (line " + std::to_string(e.source().begin.line) + ")");
  }
  KernelInfo k;
  k.name = r.text(t, "name");
  k.practice = r.text(t, "practice");
  k.formula = r.text(t, "formula");
  k.papers = r.text(t, "papers");
  if (const toml::array* variants = t["variants"].as_array())
    for (const toml::node& v : *variants) k.variants.push_back(v.value_or(std::string()));
  const double seed = t.contains("seed") ? r.number(t["seed"].node(), "`seed`") : 1;
  k.params.push_back(integer_param("seed", seed, 0, 4294967295.0, "seed of the splitmix64 generator behind every random draw"));
  if (const toml::array* params = t["param"].as_array())
    for (const toml::node& p : *params) k.params.push_back(read_param(r, p));
  k.params.push_back(integer_param("practice", 1, 0, 1, "1 applies the practice; 0 removes it, and the check must then fail"));
  k.claims = static_cast<int>(t["claims"].value_or(int64_t{0}));
  if (k.claims < 1) r.fail("needs `claims`, how many claims the program reports");
  if (const toml::array* failing = t["practice_claims"].as_array())
    for (const toml::node& c : *failing) k.practice_claims.push_back(static_cast<int>(c.value_or(int64_t{0})));
  if (k.practice_claims.empty()) r.fail("needs `practice_claims`, the claims that fail with practice = 0");
  for (int c : k.practice_claims)
    if (c < 1 || c > k.claims) r.fail("practice_claims names claim " + std::to_string(c) + " of " + std::to_string(k.claims));
  return k;
}

const std::vector<KernelInfo>& kernel_library() {
  static const std::vector<KernelInfo> library = [] {
    std::vector<KernelInfo> kernels;
    for (std::string_view path : util::embedded_asset_names(metadata_folder)) {
      if (!path.ends_with(".toml")) continue;
      const std::string_view file = path.substr(metadata_folder.size());
      KernelInfo k = parse_kernel_metadata(file, *util::embedded_asset(path));
      if (k.name + ".toml" != file) throw std::logic_error("kernel metadata " + std::string(file) + ": names kernel " + k.name);
      kernels.push_back(std::move(k));
    }
    std::sort(kernels.begin(), kernels.end(), [](const KernelInfo& a, const KernelInfo& b) { return a.name < b.name; });
    return kernels;
  }();
  return library;
}

}  // namespace anth
