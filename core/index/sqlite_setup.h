#pragma once
// Process-wide SQLite settings, made once before the first connection opens (cli/commands.cpp).

namespace anth::index {

// Turns off SQLite's memory statistics, which nothing reads: with them on, every allocation SQLite
// makes takes one global mutex. Two connections ranking one query on two threads spent a tenth of
// their time contending for it; a build's store and its body reader are two such threads too. A no-op
// after SQLite has started.
void configure_sqlite();

}  // namespace anth::index
