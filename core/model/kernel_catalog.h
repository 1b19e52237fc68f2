#pragma once
// The kernel catalogue (docs/kernels.md): what the library knows of each reference kernel, read from
// the metadata file beside its template (render/kernels/templates/<name>.toml, embedded in the binary).
// Rules K001 and K002 check a node's kernel request against it; render/kernels emits the programs.
//
// A node names a kernel as `kernel: NAME` or `kernel: NAME.VARIANT` (`qk_norm.rmsnorm`), and may
// override parameters with `kernel_params: {name: number}`.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace anth {

struct KernelParam {
  std::string name;
  double default_value = 0;
  double minimum = 0;
  double maximum = 0;
  bool integer = false;
  std::string meaning;  // one line
};

struct KernelInfo {
  std::string name;                   // "qk_norm"
  std::string practice;               // one line: what the practice does
  std::string formula;                // the formula, plain text
  std::string papers;                 // the papers it comes from
  std::vector<std::string> variants;  // "layernorm", "rmsnorm", "l2"; empty when none; the first is the default
  std::vector<KernelParam> params;    // seed first and practice last, which every kernel has
  int claims = 0;                     // how many claims its program reports
  std::vector<int> practice_claims;   // the claims (1-based) that fail with practice = 0
};

// Every kernel, by name; built once from the embedded metadata. Throws std::logic_error naming the file
// when one is malformed (a defect of the build, caught by the tests).
const std::vector<KernelInfo>& kernel_library();
// Reads one kernel's metadata (the text of <file_name>.toml); throws std::logic_error naming what is wrong.
KernelInfo parse_kernel_metadata(std::string_view file_name, std::string_view text);
// Where a kernel's metadata is embedded: "render/kernels/templates/qk_norm.toml".
std::string kernel_metadata_path(std::string_view kernel);

// The kernel a `kernel:` value names (with or without ".variant"), or nullptr.
const KernelInfo* find_kernel(std::string_view name_or_variant);
// Splits "qk_norm.rmsnorm" into ("qk_norm", "rmsnorm"); the variant is empty when none is given.
std::pair<std::string, std::string> split_kernel_name(std::string_view name);
// A kernel's parameter by name, or nullptr.
const KernelParam* find_param(const KernelInfo& kernel, std::string_view name);

// What a node asks of a kernel.
struct KernelRequest {
  std::string node_id;
  std::string node_title;
  std::string kernel;  // as written in the note, possibly with ".variant"
  std::vector<std::pair<std::string, double>> params;  // overrides of the defaults
};

// ---- Checking a request (rules K001, K002) ----

struct RequestProblem {
  enum class Kind {
    unknown_kernel,   // K001: `kernel:` names no kernel of the library
    unknown_variant,  // K001: the kernel has no such variant
    unknown_param,    // K002: `kernel_params` names a parameter the kernel lacks
    out_of_range,     // K002: a value outside [minimum, maximum], or not finite
    not_integer,      // K002: a fractional value for an integer parameter
  };
  Kind kind;
  std::string param;    // the parameter concerned; empty for the kernel name
  std::string message;  // one short lowercase line naming the values compared
};
// Every problem of a request, in the order of its parameters; empty when it can be emitted.
std::vector<RequestProblem> check_kernel_request(const KernelRequest& request);

// The problem with one value for one parameter (out_of_range or not_integer), or an empty message.
std::string param_value_problem(const KernelParam& param, double value);
// The value as an exact C++ literal: "64" for an integer parameter, "0.0001" or "8.0" for the others;
// reading the literal back gives the same double.
std::string param_literal(const KernelParam& param, double value);

}  // namespace anth
