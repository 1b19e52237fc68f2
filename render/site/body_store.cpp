#include "render/site/body_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace anth::render::site {

BodyStore::BodyStore(std::size_t count) : places_(count) {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/anthology-bodies-XXXXXX";
  fd_ = ::mkstemp(path.data());
  if (fd_ >= 0) ::unlink(path.c_str());  // gone with the process, however it ends
}

BodyStore::~BodyStore() {
  if (fd_ >= 0) ::close(fd_);
}

bool BodyStore::put(std::size_t v, const std::string& html) {
  if (fd_ < 0 || v >= places_.size()) return false;
  for (std::size_t done = 0; done < html.size();) {
    ssize_t n = ::pwrite(fd_, html.data() + done, html.size() - done, static_cast<off_t>(end_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // a full disk: this body is rendered again for its page
    done += static_cast<std::size_t>(n);
  }
  places_[v] = {end_, html.size()};
  end_ += html.size();
  return true;
}

std::optional<std::string> BodyStore::get(std::size_t v) const {
  if (fd_ < 0 || v >= places_.size() || places_[v].length == UINT64_MAX) return std::nullopt;
  std::string html(places_[v].length, '\0');
  for (std::size_t done = 0; done < html.size();) {
    ssize_t n = ::pread(fd_, html.data() + done, html.size() - done, static_cast<off_t>(places_[v].offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    done += static_cast<std::size_t>(n);
  }
  return html;
}

}  // namespace anth::render::site
