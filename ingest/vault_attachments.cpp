#include "ingest/vault_attachments.h"

#include <nlohmann/json.hpp>

#include "core/util/case_fold.h"
#include "core/util/contained_file.h"

namespace anth::ingest {

namespace {

constexpr std::uint64_t max_app_json_bytes = 1 << 20;

// Files a browser would run as a page or a script when opened from the site: copied, they would be
// markup of the vault's that can run on the site's origin. SVG is copied (real vaults embed icons by
// the hundred) and only ever shown through <img>, where no script of it runs (docs/site.md).
bool runs_in_browser(std::string_view path) {
  static constexpr std::string_view active[] = {"html", "htm", "xhtml", "xht", "shtml", "js", "mjs", "xml", "xsl", "xslt"};
  std::size_t dot = path.find_last_of('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return false;
  std::string ext = util::fold_case(path.substr(dot + 1));
  for (std::string_view a : active)
    if (ext == a) return true;
  return false;
}

}  // namespace

std::vector<Attachment> vault_attachments(const std::filesystem::path& root_real, const std::vector<SourceFile>& listed,
                                          std::uint64_t max_bytes) {
  std::vector<Attachment> out;
  out.reserve(listed.size());
  for (const SourceFile& f : listed) {
    Attachment a{f.path, f.size, ""};
    if (f.link && !util::resolves_inside(root_real, root_real / f.path))
      a.refused = "is a symbolic link that leads outside the vault";
    else if (f.size > max_bytes)
      a.refused = "is over the limit of " + std::to_string(max_bytes) + " bytes";
    else if (runs_in_browser(f.path))
      a.refused = "is a kind of file a browser runs (HTML, script, XML)";
    out.push_back(std::move(a));
  }
  return out;
}

std::string attachment_folder(const std::filesystem::path& root_real) {
  auto bytes = util::read_inside(root_real, ".obsidian/app.json", max_app_json_bytes);
  if (!bytes || bytes->size() > max_app_json_bytes) return "";
  nlohmann::json app = nlohmann::json::parse(*bytes, nullptr, false);
  if (!app.is_object()) return "";
  auto it = app.find("attachmentFolderPath");
  if (it == app.end() || !it->is_string()) return "";
  std::string folder = it->get<std::string>();
  if (folder == "./" || folder == ".") return "./";
  while (!folder.empty() && folder.back() == '/') folder.pop_back();
  while (!folder.empty() && folder.front() == '/') folder.erase(0, 1);
  return folder;
}

}  // namespace anth::ingest
