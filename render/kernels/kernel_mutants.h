#pragma once
// The mutant catalogue (docs/kernels.md, "Mutation testing"): for every kernel, plausible wrong
// implementations of its practice, each a few exact text edits of the emitted program. A kernel's claims
// are worth what they rule out: every mutant must make at least one claim fail.
//
// The catalogue of a kernel is render/kernels/mutants/<kernel>.txt, embedded in the binary:
//   ## name: one-line description
//   variant: rmsnorm            (optional: the variant the mutant runs as; else the kernel's default)
//   <<<<
//   text of the emitted program to find, exactly once
//   ====
//   its replacement
//   >>>>
// with one or more edits per mutant; lines starting with # outside an edit are comments. The emitted
// program (`kernels emit`) never carries them.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace anth::render::kernels {

struct Mutant {
  std::string kernel;       // "qk_norm" or "qk_norm.rmsnorm": what it is emitted as
  std::string name;         // "eps-outside-root"
  std::string description;  // one line
  std::vector<std::pair<std::string, std::string>> edits;  // (find, replace)
};

// The catalogue of one kernel (no variant), in file order; empty when it has none. Throws
// std::logic_error when its file is malformed.
std::vector<Mutant> kernel_mutants(std::string_view kernel);

// Parses a catalogue's text for `kernel`; throws std::logic_error naming the line of a malformed one.
std::vector<Mutant> parse_mutants(std::string_view kernel, std::string_view text);

// The program with the mutant's edits applied; throws std::invalid_argument when an edit's text does
// not occur exactly once (the template changed under the catalogue).
std::string apply_mutant(std::string source, const Mutant& mutant);

}  // namespace anth::render::kernels
