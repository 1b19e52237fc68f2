#pragma once
// The memory allocator the process runs on. The binary links jemalloc (CMake's ANTHOLOGY_ALLOCATOR,
// docs/benchmarks.md says what it gained); sanitizer builds and ANTHOLOGY_ALLOCATOR=system keep the C
// library's. Code that wants freed memory back with the system before a large allocation calls
// return_free_memory() rather than an allocator's own call, so that it works under either.
#include <string>

namespace anth::util {

// "jemalloc 5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c", or "system (glibc 2.36)".
std::string allocator_name();

// Hands memory that is free but still held by the allocator back to the system (glibc's malloc_trim,
// jemalloc's purge of every arena), so that the next peak does not add to the last one.
void return_free_memory();

// From now on, memory freed goes back to the system at once rather than after jemalloc's decay of
// about ten seconds: for a run that meets a note of a megabyte or more, whose parse allocates and frees
// hundreds of MiB in rising sizes that the allocator would otherwise hold on top of the next peak.
// Costs time (an madvise per freed run of pages), so only such a note asks for it
// (ingest/load_corpus.cpp). Nothing under glibc, which unmaps large blocks on free anyway.
void favour_low_memory();

// For a process that stays up (serve): glibc gets two arenas instead of one per thread (each thread kept
// what it freed in its own); jemalloc a thread of its own that returns freed memory while the server
// idles, which otherwise happens only when something allocates.
void tune_for_server();

}  // namespace anth::util
