#pragma once
// LSP's base protocol: each message is a header block ("Content-Length: N", optionally
// "Content-Type: ...", each line ending in "\r\n", then an empty line) and N bytes of JSON.
#include <cstddef>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

namespace anth::workspace::lsp {

// The largest body read; a longer one is skipped (a client bug or an attack, not a note).
inline constexpr std::size_t max_message_bytes = 64u << 20;

struct Frame {
  std::string body;   // the JSON text, when the frame was well formed
  std::string error;  // otherwise why not ("no Content-Length header"); the stream went on past it
};

// The next message of `in`; nullopt at the end of the input. A header block without a usable
// Content-Length is an error frame (the reader resumes after its empty line); an oversized body is
// skipped and reported the same way.
std::optional<Frame> read_frame(std::istream& in);

// Writes one message with its Content-Length header and flushes.
void write_frame(std::ostream& out, const std::string& body);

}  // namespace anth::workspace::lsp
