#pragma once
// What the graph rules (core/rules) can read of one note, as one number: everything but the body's
// prose. The rules read a note's names, kind, fields as written (with their places), typed values,
// relations (with their places and targets), lint-ignore, and of the body only its query blocks (Q001)
// and the line it starts on; never its text, rendering or word count. So when a patch kept the graph's
// edges and no changed note's print moved, every rule would find what it found before, and the
// workspace keeps those findings instead of running the rules over the whole corpus
// (workspace.cpp, Workspace::check). A rule that starts reading more of a note must be hashed here:
// the random-edit equivalence test (tests/workspace/workspace_equivalence_test.cpp) compares a patched
// workspace's findings with a cold run's after every step.
#include <cstdint>

#include "core/model/note.h"

namespace anth::workspace {

std::uint64_t rule_inputs_print(const Note& note);

}  // namespace anth::workspace
