// The one file that includes kainjow mustache.
#include "render/site/templates.h"

#include <kainjow/mustache.hpp>

#include <map>
#include <mutex>
#include <stdexcept>

#include "render/embedded_assets.h"
#include "render/site/html.h"

namespace anth::site {

namespace mustache = kainjow::mustache;

namespace {

constexpr std::string_view template_dir = "render/assets/site/templates/";

// Builds the template data without copying subtrees: kainjow's set() and push_back() copy their
// argument deeply, so objects are filled through operator[] and lists through their vector (the
// list is owned by the data object and not itself const; list_value() only exposes it as const).
mustache::data to_data(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::object: {
      mustache::data d{mustache::data::type::object};
      for (auto it = j.begin(); it != j.end(); ++it) {
        d[it.key()] = to_data(it.value());
        // {{#has_list}} tells whether a list has items, for headings and wrappers around it.
        if (it.value().is_array() && !j.contains("has_" + it.key())) d["has_" + it.key()] = mustache::data{!it.value().empty()};
      }
      return d;
    }
    case nlohmann::json::value_t::array: {
      mustache::data d{mustache::data::type::list};
      auto& items = const_cast<mustache::basic_list<std::string>&>(d.list_value());
      items.reserve(j.size());
      for (const auto& item : j) items.push_back(to_data(item));
      return d;
    }
    case nlohmann::json::value_t::string: {
      const std::string& s = j.get_ref<const std::string&>();
      if (s.empty()) return mustache::data{false};  // so that {{#field}} skips an empty field
      return mustache::data{s};
    }
    case nlohmann::json::value_t::boolean: return mustache::data{j.get<bool>()};
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded: return mustache::data{false};
    default: return mustache::data{j.dump()};
  }
}

}  // namespace

struct Templates::Impl {
  std::map<std::string, std::unique_ptr<mustache::mustache>, std::less<>> parsed;
  std::mutex mutex;  // kainjow's render is not const
};

Templates::Templates() : impl_(std::make_unique<Impl>()) {
  for (std::string_view path : embedded_asset_names(template_dir)) {
    std::string name(path.substr(template_dir.size()));
    if (name.size() < 6 || name.substr(name.size() - 5) != ".html") continue;
    name.resize(name.size() - 5);
    auto text = embedded_asset(path);
    auto t = std::make_unique<mustache::mustache>(std::string(*text));
    if (!t->is_valid()) throw std::runtime_error("template " + name + ": " + t->error_message());
    t->set_custom_escape([](const std::string& s) { return escape_html(s); });
    impl_->parsed.emplace(name, std::move(t));
  }
}

Templates::~Templates() = default;

std::string Templates::render(std::string_view name, const nlohmann::json& data) const {
  auto it = impl_->parsed.find(name);
  if (it == impl_->parsed.end()) throw std::runtime_error("no template " + std::string(name));
  mustache::data d = to_data(data);
  std::lock_guard lock(impl_->mutex);
  std::string out = it->second->render(d);
  if (!it->second->is_valid()) throw std::runtime_error("template " + std::string(name) + ": " + it->second->error_message());
  return out;
}

}  // namespace anth::site
