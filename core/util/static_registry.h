#pragma once
// Entries that files register before main() from static objects (lint rules, node-page sections), read
// as one list afterwards: the first read sorts them and freezes the list, so that readers on many threads
// see one list that never changes. A registration error is a programming error: it aborts at start-up
// with the registry's name and the reason.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace anth::util {

[[noreturn]] inline void registry_failure(std::string_view registry, const std::string& why) {
  std::fprintf(stderr, "anthology: %.*s registry: %s\n", static_cast<int>(registry.size()), registry.data(), why.c_str());
  std::abort();
}

template <class T>
class StaticRegistry {
 public:
  explicit StaticRegistry(std::string_view name) : name_(name) {}

  void add(T entry, std::string_view entry_name) {
    if (frozen_) fail(std::string(entry_name) + " registered after the list was read");
    entries_.push_back(std::move(entry));
  }

  // Sorts by `less`, then `clash(entries)` names what may not be ("" when nothing), and freezes. Call it
  // once, from a function-local static's initializer, which makes the first read thread-safe.
  template <class Less, class Clash>
  const std::vector<T>& freeze(Less less, Clash clash) {
    std::sort(entries_.begin(), entries_.end(), less);
    if (std::string why = clash(entries_); !why.empty()) fail(why);
    frozen_ = true;
    return entries_;
  }

  [[noreturn]] void fail(const std::string& why) const { registry_failure(name_, why); }

 private:
  std::string_view name_;
  std::vector<T> entries_;
  bool frozen_ = false;
};

}  // namespace anth::util