// anthology kernels list|emit|check: the reference kernels of docs/kernels.md.
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>

#include "cli/commands.h"
#include "cli/kernel_checks.h"
#include "core/util/did_you_mean.h"
#include "core/util/terminal_text.h"
#include "core/util/output_file.h"
#include "cli/kernel_mutate.h"
#include "render/kernels/claim_text.h"
#include "render/kernels/kernel_library.h"
#include "render/lint/lint_report.h"

namespace anth::cli {

namespace {

using render::kernels::number_text;

// A parameter's value as the note would write it, exactly (4294967295, not 4.29497e+09).
std::string exact(const KernelParam& p, double v) {
  std::string text = param_literal(p, v);
  if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) text.resize(text.size() - 2);
  return text;
}

int list(const Session& s) {
  std::map<std::string, std::vector<std::string>> users;
  for (const Note& n : s.corpus().notes)
    if (n.in_graph && !n.kernel.empty()) users[split_kernel_name(n.kernel).first].push_back(n.id + (n.kernel.find('.') != std::string::npos ? " (" + split_kernel_name(n.kernel).second + ")" : ""));
  for (const KernelInfo& k : kernel_library()) {
    std::cout << k.name;
    if (!k.variants.empty()) {
      std::cout << "  variants:";
      for (const auto& v : k.variants) std::cout << " " << v;
    }
    std::cout << "\n  " << k.practice << "\n  parameters:";
    for (const auto& p : k.params)
      std::cout << " " << p.name << "=" << exact(p, p.default_value) << " [" << exact(p, p.minimum) << ".."
                << exact(p, p.maximum) << "]";
    std::cout << "\n  used by: ";
    auto it = users.find(k.name);
    if (it == users.end()) std::cout << "(no node)";
    else
      for (std::size_t i = 0; i < it->second.size(); ++i) std::cout << (i ? ", " : "") << it->second[i];
    std::cout << "\n\n";
  }
  return 0;
}

// The folders of DIR/kernels/<id> below DIR must be folders, not links that lead out of DIR.
util::Expected<void> check_emit_folders(const fs::path& out, const fs::path& file) {
  fs::path at = out;
  for (const fs::path& part : file.parent_path().lexically_relative(out)) {
    at /= part;
    std::error_code ec;
    if (fs::is_symlink(at, ec)) return util::failure("refusing to write " + file.string() + ": " + at.string() + " is a symbolic link");
  }
  return {};
}

// Replaces a file only when `kernels emit` wrote it (its header comment says so), or with --force.
util::Expected<void> emitted_by_us(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  if (render::kernels::is_emitted_source(head)) return {};
  return util::failure("refusing to overwrite " + file.string() + ": it was not written by anthology kernels emit (--force replaces it)");
}

int emit(const std::vector<const Note*>& nodes, const fs::path& out, bool force) {
  int status = 0;
  util::OutputFileOptions write_options{.follow_links = false, .may_replace = force ? nullptr : emitted_by_us};
  for (const Note* n : nodes) {
    KernelRequest request{n->id, n->title, n->kernel, n->kernel_params};
    auto problems = check_kernel_request(request);
    if (!problems.empty()) {
      std::cerr << "anthology kernels: " << n->id << ": " << problems.front().message << " (see anthology lint)\n";
      status = 1;
      continue;
    }
    fs::path file = out / "kernels" / n->id / (n->kernel + ".cpp");
    if (auto folders = check_emit_folders(out, file); !folders) return usage_error("kernels", folders.error());
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (auto written = util::write_output_file(file, render::kernels::emit_kernel_source(request), write_options); !written)
      return usage_error("kernels", written.error());
    std::cout << file.string() << "\n";
  }
  return status;
}

int check(Session& s, const std::vector<const Note*>& nodes, const Toolchain& toolchain) {
  for (const Diagnostic& d : kernel_config_findings(s.config))
    std::cerr << "anthology kernels: " << d.where.file << ":" << d.where.line << ":" << d.where.column << ": "
              << d.message << "\n";
  std::vector<KernelCheck> checks = check_kernels(s, nodes, toolchain);
  for (const KernelCheck& c : checks) {
    if (c.skipped) {
      std::cout << util::escape_for_terminal(c.node->id) << "  " << c.node->kernel << "  SKIPPED  "
                << util::escape_for_terminal(c.skip_reason) << "\n";
      continue;
    }
    std::cout << util::escape_for_terminal(c.node->id) << "  " << c.node->kernel << "  " << (c.result.pass ? "PASS" : "FAIL")
              << (c.result.error.empty() ? "" : "  " + util::escape_for_terminal(c.result.error)) << "\n";
    for (const auto& claim : c.result.claims)
      std::cout << "  " << (claim.pass ? "ok  " : "FAIL") << "  " << claim.claim << ": measured " << number_text(claim.measured)
                << ", bound " << render::kernels::bound_text(claim.direction, claim.bound, claim.tolerance) << "\n";
  }
  std::vector<Diagnostic> findings = kernel_findings(checks);
  std::size_t skipped = std::count_if(checks.begin(), checks.end(), [](const KernelCheck& c) { return c.skipped; });
  // The findings without lint's summary line ("N files, ... 1 error"): the line below counts kernels.
  if (!findings.empty()) {
    std::string text = render::lint::format_text(findings, render::lint::LintSummary{}, false);
    if (!text.empty() && text.back() == '\n') text.pop_back();
    std::cerr << text.substr(0, text.rfind('\n') + 1);
  }
  std::cout << checks.size() - skipped - findings.size() << " of " << checks.size() << " kernels passed with "
            << toolchain.compiler << (skipped ? ", " + std::to_string(skipped) + " skipped" : "") << "\n";
  // A program that did not compile is no verdict on its claims: the check could not run (exit 2).
  const bool uncompiled = std::any_of(checks.begin(), checks.end(), [](const KernelCheck& c) {
    return !c.skipped && c.result.error.rfind("compile failed", 0) == 0;
  });
  if (uncompiled) return 2;
  return findings.empty() && skipped == 0 ? 0 : 1;
}

}  // namespace

int run_kernels(const Args& args) {
  if (args.positionals.empty())
    return usage_error("kernels", "say list, emit, check or mutate (see anthology kernels --help)");
  std::string action = args.positionals.front();
  std::vector<std::string> ids(args.positionals.begin() + 1, args.positionals.end());
  if (action != "list" && action != "emit" && action != "check" && action != "mutate") {
    auto best = util::closest_match(action, {"list", "emit", "check", "mutate"});
    return usage_error("kernels", "unknown action '" + action + "'; " + (best ? "did you mean '" + *best + "'? " : "") +
                                      "say list, emit, check or mutate");
  }

  std::optional<Toolchain> toolchain;  // chosen first: a compiler that cannot run stops check at once
  if (action == "check" || action == "mutate") {
    auto chosen = choose_toolchain(args);
    if (!chosen) return usage_error("kernels", chosen.error());
    toolchain = std::move(*chosen);
  }

  auto session = open_session(args);
  if (!session) return usage_error("kernels", session.error());
  if (action == "list") return list(*session);
  if (action == "mutate") return mutate_kernels(*session, ids, *toolchain);

  std::vector<std::string> missing;
  std::vector<const Note*> nodes = kernel_nodes(session->corpus(), ids, missing);
  for (const std::string& id : missing) std::cerr << "anthology kernels: " << id << " is no node with a kernel\n";
  int status = action == "emit" ? emit(nodes, args.get("--out").value_or("."), args.has("--force")) : check(*session, nodes, *toolchain);
  return missing.empty() ? status : std::max(status, 1);
}

}  // namespace anth::cli
