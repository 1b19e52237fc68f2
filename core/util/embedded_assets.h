#pragma once
// Files compiled into the binary at build time (cmake/embed_assets.cmake): page templates, CSS and
// scripts under render/assets/, kernel sources under render/kernels/templates/, rule docs under docs/rules/.
#include <optional>
#include <string_view>
#include <vector>

namespace anth::util {

// The bytes of an embedded file, by its path relative to the repository root
// ("render/assets/page.html"), or nullopt when no such file was embedded.
std::optional<std::string_view> embedded_asset(std::string_view path);

// Every embedded path that starts with prefix, in build order.
std::vector<std::string_view> embedded_asset_names(std::string_view prefix);

}  // namespace anth::util