#pragma once
// Process-wide SQLite settings, made once before the first connection opens (cli/commands.cpp).

namespace anth::index {

// Turns off SQLite's memory statistics, which nothing reads: with them on, every allocation takes one
// global mutex, and two threads ranking one query (core/query/ranked_candidates.cpp) or decoding
// cached parses spent a tenth of their time contending for it. A no-op after SQLite has started.
void configure_sqlite();

}  // namespace anth::index
