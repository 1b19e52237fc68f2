#include "cli/site_prefetch.h"

#include "render/site/body_pass_file.h"

namespace anth::cli {

SitePrefetch::SitePrefetch(std::filesystem::path site, std::string renderer)
    : done_(std::async(std::launch::async, [site = std::move(site), renderer = std::move(renderer)] {
        return SiteRecords{render::site::RecordedKeys::load(site), render::site::load_body_passes(site, renderer)};
      })) {}

}  // namespace anth::cli
