#pragma once
// Process-wide SQLite settings, made once before the first connection opens (cli/commands.cpp).

namespace anth::index {

// Turns off SQLite's memory statistics, which nothing reads: with them on, every allocation SQLite
// makes takes one global mutex, which threads using SQLite at once (a build's store and its body
// reader) contend for. A no-op after SQLite has started.
void configure_sqlite();

}  // namespace anth::index
