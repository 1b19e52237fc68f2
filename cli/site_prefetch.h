#pragma once
// What a build reads of the site it will replace (the page keys and the body passes it recorded),
// read on a thread of its own while ingest runs: at 10,000 notes that is about 90 ms of one core, on
// the build's path when read after ingest, and the second core is mostly idle while links resolve.
#include <filesystem>
#include <future>
#include <memory>
#include <string>

#include "render/site/body_pass_cache.h"
#include "render/site/page_keys_file.h"

namespace anth::cli {

struct SiteRecords {
  render::site::RecordedKeys recorded;
  std::shared_ptr<render::site::BodyPassCache> passes;
};

class SitePrefetch {
 public:
  // Starts reading `site` (files the site does not hold, or another program's, read as none).
  SitePrefetch(std::filesystem::path site, std::string renderer);
  // Waits for the reading; once only.
  SiteRecords take() { return done_.get(); }

 private:
  std::future<SiteRecords> done_;
};

}  // namespace anth::cli
