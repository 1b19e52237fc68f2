#include "ingest/callout_types.h"

#include <array>
#include <utility>

namespace anth::ingest {

namespace {

// Icons drawn for the site: simple strokes on a 24x24 grid, no font and no request.
constexpr std::string_view pencil = R"(<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="M13 7l4 4"/>)";
constexpr std::string_view clipboard = R"(<path d="M9 3h6v3H9z"/><path d="M8 5H5v16h14V5h-3"/><path d="M9 12h6M9 16h6"/>)";
constexpr std::string_view info = R"(<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5v.5"/>)";
constexpr std::string_view todo = R"(<circle cx="12" cy="12" r="9"/><path d="M8 12l3 3 5-6"/>)";
constexpr std::string_view flame = R"(<path d="M12 3c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-3-1-5 1-8z"/>)";
constexpr std::string_view check = R"(<path d="M5 12l5 5L20 7"/>)";
constexpr std::string_view question =
    R"(<circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.4-1 1-1 1.7M12 17v.5"/>)";
constexpr std::string_view warning = R"(<path d="M12 3L2 20h20z"/><path d="M12 9v5M12 17v.5"/>)";
constexpr std::string_view cross = R"(<path d="M6 6l12 12M18 6L6 18"/>)";
constexpr std::string_view zap = R"(<path d="M13 2L4 14h7l-1 8 9-12h-7z"/>)";
constexpr std::string_view bug =
    R"(<rect x="8" y="6" width="8" height="14" rx="4"/><path d="M12 10v10M4 13h4M16 13h4M5 8l3 2M19 8l-3 2M5 19l3-2M19 19l-3-2"/>)";
constexpr std::string_view list = R"(<path d="M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1"/>)";
constexpr std::string_view quote = R"(<path d="M5 17h5v-6H6c0-3 1-4 3-5M14 17h5v-6h-4c0-3 1-4 3-5"/>)";

// table: every name Obsidian knows, with its canonical type, colour and icon.
constexpr std::array<std::pair<std::string_view, CalloutType>, 27> types = {{
    {"note", {"note", "blue", pencil}},
    {"abstract", {"abstract", "cyan", clipboard}},
    {"summary", {"abstract", "cyan", clipboard}},
    {"tldr", {"abstract", "cyan", clipboard}},
    {"info", {"info", "blue", info}},
    {"todo", {"todo", "blue", todo}},
    {"tip", {"tip", "cyan", flame}},
    {"hint", {"tip", "cyan", flame}},
    {"important", {"tip", "cyan", flame}},
    {"success", {"success", "green", check}},
    {"check", {"success", "green", check}},
    {"done", {"success", "green", check}},
    {"question", {"question", "orange", question}},
    {"help", {"question", "orange", question}},
    {"faq", {"question", "orange", question}},
    {"warning", {"warning", "orange", warning}},
    {"caution", {"warning", "orange", warning}},
    {"attention", {"warning", "orange", warning}},
    {"failure", {"failure", "red", cross}},
    {"fail", {"failure", "red", cross}},
    {"missing", {"failure", "red", cross}},
    {"danger", {"danger", "red", zap}},
    {"error", {"danger", "red", zap}},
    {"bug", {"bug", "red", bug}},
    {"example", {"example", "purple", list}},
    {"quote", {"quote", "grey", quote}},
    {"cite", {"quote", "grey", quote}},
}};

}  // namespace

const CalloutType& callout_type(std::string_view name) {
  for (const auto& [alias, type] : types)
    if (alias == name) return type;
  return types[0].second;
}

std::string_view callout_svg_open() {
  return R"(<svg class="callout-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">)";
}

}  // namespace anth::ingest
