// K003 in process, on kernel runs given as plain data (the runs themselves need a compiler:
// tests/cli/kernels_command_test.cpp): the error, else the first claim that failed, at `kernel:`.
#include <catch2/catch.hpp>

#include "core/rules/kernel/k003_kernel_claim_failed.h"

TEST_CASE("K003: a run that did not pass is a finding at the node's kernel value", "[rules][K003]") {
  anth::Note note;
  note.id = "SOTA-1";
  note.path = "sota/SOTA-1.md";
  note.kernel = "qk_norm";
  anth::Note unplaced = note;
  unplaced.id = "SOTA-2";
  unplaced.path = "sota/SOTA-2.md";
  anth::Field kernel;
  kernel.key = "kernel";
  kernel.where = {"sota/SOTA-1.md", 7, 1};
  kernel.shape = anth::Field::Shape::Scalar;
  kernel.items = {{"qk_norm", {"sota/SOTA-1.md", 7, 9}}};
  note.fields.push_back(kernel);

  using Run = anth::rules::KernelRun;
  const std::vector<Run> runs = {
      {&note, true, "", {}},
      {&note, false, "", {{"held", true, 1, "\u2264 2"}, {"logits stay bounded", false, 267.503, "\u2264 7.39661"}}},
      {&unplaced, false, "timeout", {}},
  };
  auto out = anth::rules::kernel_claim_findings(runs);
  REQUIRE(out.size() == 2);
  CHECK(out[0].rule == "K003");
  CHECK(out[0].severity == anth::Severity::Error);
  CHECK(out[0].where == anth::Location{"sota/SOTA-1.md", 7, 9});
  CHECK(out[0].message == "kernel qk_norm of SOTA-1 failed: logits stay bounded (measured 267.503, bound \u2264 7.39661)");
  CHECK(out[1].where == anth::Location{"sota/SOTA-2.md", 1, 1});
  CHECK(out[1].message == "kernel qk_norm of SOTA-2 failed: timeout");
}
