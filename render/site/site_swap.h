#pragma once
// Where a build assembles the new site, and how it puts it in place (docs/site-output.md).
//
// Normally the new site is written in a sibling folder, OUT.tmp-<pid>, and swapped with OUT in one
// step (renameat2 RENAME_EXCHANGE; two renames where that is unsupported, through OUT.old-<pid>).
// When OUT is a mount point, which cannot be renamed, the new site is written inside it, in
// OUT/.anthology-tmp-<pid>, and swapped in entry by entry. A link given as OUT is followed: its
// target is updated and the link stays.
//
// Every folder a build makes for itself holds `.anthology-leftover` naming the folder; a later build
// removes a leftover folder of a process that is gone only when it carries that marker (or is empty).
// A folder of the user's that happens to be called site.old-2024 is never touched.
#include <filesystem>
#include <functional>
#include <string_view>

#include "core/util/expected.h"

namespace anth::render::site {

inline constexpr const char* leftover_marker = ".anthology-leftover";

struct SitePlace {
  std::filesystem::path out;  // the site folder; a link's target when OUT is a link
  std::filesystem::path tmp;  // where the new site is assembled
  bool in_place = false;      // tmp is inside out, and the swap goes entry by entry
  bool renames = false;       // the two-rename swap even where the exchange works (a test hook)
};

// Called with the name of each step of the swap as it is reached ("marked", "exchanged", "aside",
// "renamed"): the tests end the process there to show that a kill at any step leaves a whole site.
using Checkpoint = std::function<void(std::string_view)>;

// Resolves OUT, puts back a site a killed two-rename swap left aside (OUT missing, OUT.old-<pid> of a
// dead process, marked), removes the leftovers of dead builds, and makes the (marked) folder for the
// new site.
// `in_place` forces the entry-by-entry swap (a test hook; a mount point gets it anyway).
util::Expected<SitePlace> prepare_site_place(const std::filesystem::path& out, bool in_place = false);

// Puts the finished new site (place.tmp) in place of the current one; the old one is removed. On
// failure the current site is as it was (in the whole-folder swap) and tmp is still there. Killed at
// any step of the whole-folder swap, it leaves OUT holding the old site or the new one, whole, and
// every other folder marked for the next build to remove (or, from the two-rename swap's middle step,
// to put back).
util::Expected<void> swap_site_in(const SitePlace& place, const Checkpoint& checkpoint = {});

}  // namespace anth::render::site
