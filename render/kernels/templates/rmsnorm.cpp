//{{header}}

// What this program checks (kernel rmsnorm).
// RMSNorm keeps LayerNorm's rescaling and gain but drops the centering and the bias. On random vectors:
//   1. rms_norm agrees with an independent evaluation of x / sqrt(mean(x^2) + eps) * g   (the practice)
//   2. on zero-mean inputs RMSNorm equals LayerNorm (no bias)                         (the practice)
//   3. RMSNorm is invariant to rescaling its input, up to the effect of eps            (the practice)
//   4. LayerNorm with its centering and bias removed is exactly RMSNorm                (the practice)
//   5. with unit gains and eps = 0 every output has Euclidean norm sqrt(n)            (the practice)
//   6. on inputs whose mean is not zero, LayerNorm and RMSNorm differ                  (the control:
//      centering matters, so claim 2 is not vacuous)
// With practice = 0 the normalization is left out (y = x * g), and claims 1 to 5 fail.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

//{{parameters}}

//{{support}}

// ---- The practice ----
using Vector = std::vector<double>;

// RMSNorm(x) = x / sqrt(mean(x^2) + eps) * g, eps inside the square root as in T5, LLaMA, Qwen3, OLMo 2.
// With practice = 0 it is left out: y = x * g.
Vector rms_norm(const Vector& x, const Vector& gain, double epsilon) {
  Vector y(x.size());
  if (practice == 0) {
    for (std::size_t i = 0; i < x.size(); ++i) y[i] = x[i] * gain[i];
    return y;
  }
  double ms = 0;
  for (const double v : x) ms += v * v;
  ms /= static_cast<double>(x.size());
  const double inv = 1.0 / std::sqrt(ms + epsilon);
  for (std::size_t i = 0; i < x.size(); ++i) y[i] = x[i] * inv * gain[i];
  return y;
}

// LayerNorm(x) = (x - mean(x)) / sqrt(var(x) + eps) * g + b, var the biased estimator; the centering and the
// bias can be switched off.
Vector layer_norm(const Vector& x, const Vector& gain, const Vector* bias, bool center) {
  const double n = static_cast<double>(x.size());
  double mean = 0;
  if (center) {
    for (const double v : x) mean += v;
    mean /= n;
  }
  double var = 0;
  for (const double v : x) var += (v - mean) * (v - mean);
  var /= n;
  const double inv = 1.0 / std::sqrt(var + eps);
  Vector y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) y[i] = (x[i] - mean) * inv * gain[i] + (bias ? (*bias)[i] : 0.0);
  return y;
}

// The check's own evaluation of the formula, apart from rms_norm: sums in long double, one division per entry.
Vector reference_rms_norm(const Vector& x, const Vector& gain) {
  long double sum_sq = 0;
  for (const double v : x) sum_sq += static_cast<long double>(v) * v;
  const long double root = std::sqrt(sum_sq / static_cast<long double>(x.size()) + static_cast<long double>(eps));
  Vector y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) y[i] = static_cast<double>(gain[i] * static_cast<long double>(x[i]) / root);
  return y;
}

double max_abs(const Vector& v) {
  double top = 0;
  for (const double e : v) top = std::max(top, std::fabs(e));
  return top;
}

double max_abs_difference(const Vector& a, const Vector& b) {
  double top = 0;
  for (std::size_t i = 0; i < a.size(); ++i) top = std::max(top, std::fabs(a[i] - b[i]));
  return top;
}

// ---- What the program measures, prints and reports ----
struct Measured {
  double reference_gap = 0;                       // claim 1
  double zero_mean_gap = 0, zero_mean_scale = 0;  // claim 2
  double rescale_gap = 0, rescale_bound = 0;      // claim 3
  double no_center_gap = 0, no_center_scale = 0;  // claim 4
  double norm_ratio = 1;                           // claim 5: the ratio |y| / sqrt(n) farthest from 1
  double shifted_gap = 0;                          // claim 6
  double smallest_ms = 1e300;
};

// The claims on one random row.
void measure_row(Rng& rng, const Vector& gain, Measured& m) {
  const std::size_t n = gain.size();
  const Vector ones(n, 1.0);
  // Each row at its own scale, as activations are.
  const double row_scale = std::exp(rng.normal());
  Vector x(n), centred(n), scaled(n), shifted(n);
  double mean = 0, ms = 0;
  for (double& v : x) v = row_scale * rng.normal(), mean += v;
  mean /= static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) {
    centred[i] = x[i] - mean;
    scaled[i] = alpha * x[i];
    shifted[i] = x[i] + mean_shift * row_scale;
    ms += x[i] * x[i];
  }
  ms /= static_cast<double>(n);
  m.smallest_ms = std::min(m.smallest_ms, ms);

  const Vector y = rms_norm(x, gain, eps);
  const Vector expected = reference_rms_norm(x, gain);
  m.reference_gap = std::max(m.reference_gap, max_abs_difference(y, expected) / max_abs(expected));
  const Vector ln_centred = layer_norm(centred, gain, nullptr, true);
  m.zero_mean_gap = std::max(m.zero_mean_gap, max_abs_difference(rms_norm(centred, gain, eps), ln_centred));
  m.zero_mean_scale = std::max(m.zero_mean_scale, max_abs(ln_centred));

  m.rescale_gap = std::max(m.rescale_gap, max_abs_difference(rms_norm(scaled, gain, eps), y) / max_abs(y));

  m.no_center_gap = std::max(m.no_center_gap, max_abs_difference(layer_norm(x, gain, nullptr, false), y));
  m.no_center_scale = std::max(m.no_center_scale, max_abs(y));

  double norm_sq = 0;
  for (const double v : rms_norm(x, ones, 0.0)) norm_sq += v * v;
  const double ratio = std::sqrt(norm_sq / static_cast<double>(n));
  if (!(std::fabs(ratio - 1.0) <= std::fabs(m.norm_ratio - 1.0))) m.norm_ratio = ratio;

  m.shifted_gap = std::max(m.shifted_gap,
                           max_abs_difference(layer_norm(shifted, gain, nullptr, true), rms_norm(shifted, gain, eps)));
}

Measured measure(Rng& rng, const Vector& gain) {
  Measured m;
  for (long long r = 0; r < rows; ++r) measure_row(rng, gain, m);
  // |y(alpha x) / y(x) - 1| = |sqrt((ms + eps) / (ms + eps / alpha^2)) - 1| <= eps / (2 ms) max(1, 1 / alpha^2),
  // plus rounding.
  m.rescale_bound = 0.5 * eps / m.smallest_ms * std::max(1.0, 1.0 / (alpha * alpha)) + 1e-13;
  return m;
}

void print_measured(const Measured& m, std::size_t n) {
  std::printf("\n%lld vectors of width %zu, eps %g, gain 1 + %g N(0,1); RMSNorm %s\n", rows, n, eps, gain_noise,
              practice == 1 ? "applied" : "left out (practice = 0)");
  std::printf("against an independent evaluation of the formula: largest relative difference %.3g\n", m.reference_gap);
  std::printf("zero-mean inputs: largest |RMSNorm - LayerNorm| = %.3g (outputs up to %.3g)\n", m.zero_mean_gap,
              m.zero_mean_scale);
  std::printf("inputs times %g: largest relative change of the output = %.3g (eps allows %.3g)\n", alpha,
              m.rescale_gap, m.rescale_bound);
  std::printf("LayerNorm without centering and bias: largest |difference from RMSNorm| = %.3g\n", m.no_center_gap);
  std::printf("unit gains, eps = 0: output norm / sqrt(n) farthest from 1: %.17g\n", m.norm_ratio);
  std::printf("inputs with mean %g (in units of the row's scale): largest |LayerNorm - RMSNorm| = %.3g\n",
              mean_shift, m.shifted_gap);
}

int report_claims(const Measured& m) {
  Report report;
  report.at_most("rms_norm agrees with an independent evaluation of x / sqrt(mean(x^2) + eps) * g (largest "
                 "difference / largest output)",
                 m.reference_gap, 1e-13);
  report.at_most("on zero-mean inputs RMSNorm equals LayerNorm without bias (largest difference / largest output)",
                 m.zero_mean_gap / m.zero_mean_scale, 1e-13);
  report.at_most("RMSNorm is invariant to rescaling its input (largest relative change; bound from eps)",
                 m.rescale_gap, m.rescale_bound);
  report.at_most("LayerNorm with centering and bias removed is RMSNorm (largest difference / largest output)",
                 m.no_center_gap / m.no_center_scale, 1e-15);
  report.near("with unit gains and eps = 0 every output has norm sqrt(n) (the |y| / sqrt(n) farthest from 1)",
              m.norm_ratio, 1.0, 1e-13);
  report.at_least("control: on inputs with a nonzero mean LayerNorm and RMSNorm differ (largest difference)",
                  m.shifted_gap, 0.1);
  return report.finish();
}

int main() {
  print_parameters();
  Rng rng(static_cast<std::uint64_t>(seed));
  Vector gain(static_cast<std::size_t>(width));
  for (double& g : gain) g = 1.0 + gain_noise * rng.normal();
  const Measured measured = measure(rng, gain);
  print_measured(measured, gain.size());
  return report_claims(measured);
}
