//{{header}}

// What this program checks (kernel qk_norm).
// One attention head over T tokens. The query and key projections W_q, W_k grow by a factor s
// (weight_scale), as they do when training drifts. Without a norm every logit grows with s^2 and the
// softmax saturates. With QK-norm the logits are bounded by sqrt(d) max_i |gq_i gk_i| (|g| for l2),
// whatever s is:
//   1. without the norm, the largest |logit| grows exactly with s^2                 (the control)
//   2. without the norm, the attention entropy collapses toward zero at scale s     (the control)
//   3. with the norm, the largest |logit| at scale s is within the bound            (the practice)
//   4. with the norm, the attention entropy at scale s stays where it was at 1      (the practice)
//   5. the bound is attained: q = k with unit gains and eps = 0 gives it exactly    (the practice)
//   6. the logits with the norm agree with an independent evaluation of the variant's formula, with the
//      random gains and eps, at both weight scales                                 (the practice)
// With practice = 0 the norm is skipped (logits q.k / sqrt(d)), and claims 3 to 6 fail.
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
using Matrix = std::vector<Vector>;  // rows

enum Variant { kLayerNorm = 0, kRmsNorm = 1, kL2 = 2 };  // the values of `variant`

Matrix random_matrix(Rng& rng, std::size_t rows, std::size_t cols, double stddev) {
  Matrix m(rows, Vector(cols));
  for (auto& row : m)
    for (double& v : row) v = stddev * rng.normal();
  return m;
}

// Rows of x times w.
Matrix project(const Matrix& x, const Matrix& w, double factor) {
  Matrix out(x.size(), Vector(w[0].size(), 0.0));
  for (std::size_t t = 0; t < x.size(); ++t)
    for (std::size_t i = 0; i < w.size(); ++i)
      for (std::size_t j = 0; j < w[0].size(); ++j) out[t][j] += x[t][i] * (factor * w[i][j]);
  return out;
}

// The normalization of one query or key vector, per head.
//   layernorm: (x - mean) / sqrt(var + eps) * gain      (LayerNorm without bias, Dehghani et al. 2023)
//   rmsnorm:   x / sqrt(mean(x^2) + eps) * gain          (Qwen3, OLMo 2, Gemma 3)
//   l2:        x / max(|x|, eps)                         (Henry et al. 2020; the gain is the scalar g)
Vector normalize(const Vector& x, const Vector& gain, double epsilon) {
  const double n = static_cast<double>(x.size());
  Vector out(x.size());
  if (variant == kL2) {
    double sq = 0;
    for (const double v : x) sq += v * v;
    const double norm = std::max(std::sqrt(sq), epsilon);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] / norm;
    return out;
  }
  double mean = 0;
  if (variant == kLayerNorm) {
    for (const double v : x) mean += v;
    mean /= n;
  }
  double ms = 0;
  for (const double v : x) ms += (v - mean) * (v - mean);
  ms /= n;
  const double inv = 1.0 / std::sqrt(ms + epsilon);
  for (std::size_t i = 0; i < x.size(); ++i) out[i] = (x[i] - mean) * inv * gain[i];
  return out;
}

// T x T attention logits. With the norm: normalized q . normalized k, scaled by 1/sqrt(d), or by g for l2.
// Without it (the control, or practice = 0): q . k / sqrt(d).
Matrix logits(const Matrix& q, const Matrix& k, const Vector& gq, const Vector& gk, double epsilon, bool normed) {
  const std::size_t t = q.size(), d = q[0].size();
  Matrix nq = q, nk = k;
  if (normed)
    for (std::size_t i = 0; i < t; ++i) nq[i] = normalize(q[i], gq, epsilon), nk[i] = normalize(k[i], gk, epsilon);
  const double scale = normed && variant == kL2 ? l2_gain : 1.0 / std::sqrt(static_cast<double>(d));
  Matrix out(t, Vector(t));
  for (std::size_t i = 0; i < t; ++i)
    for (std::size_t j = 0; j < t; ++j) {
      double dot = 0;
      for (std::size_t c = 0; c < d; ++c) dot += nq[i][c] * nk[j][c];
      out[i][j] = dot * scale;
    }
  return out;
}

// The check's own evaluation of the variant's logits, apart from normalize and logits: long double sums,
// the centred variance in two passes, the scale applied to each normalized pair.
Matrix reference_logits(const Matrix& q, const Matrix& k, const Vector& gq, const Vector& gk) {
  const std::size_t d = q[0].size();
  const auto norm_of = [&](const Vector& x, const Vector& g) {
    std::vector<long double> out(d);
    long double mean = 0, sq = 0;
    for (const double v : x) mean += v;
    mean /= static_cast<long double>(d);
    if (variant != kLayerNorm) mean = 0;
    for (const double v : x) sq += (v - mean) * (v - mean);
    long double root = variant == kL2 ? std::sqrt(sq) : std::sqrt(sq / static_cast<long double>(d) + eps);
    if (variant == kL2 && root < eps) root = eps;
    for (std::size_t c = 0; c < d; ++c) out[c] = (x[c] - mean) / root * (variant == kL2 ? 1.0 : g[c]);
    return out;
  };
  const long double scale = variant == kL2 ? l2_gain : 1.0L / std::sqrt(static_cast<long double>(d));
  Matrix out(q.size(), Vector(k.size()));
  for (std::size_t i = 0; i < q.size(); ++i) {
    const auto a = norm_of(q[i], gq);
    for (std::size_t j = 0; j < k.size(); ++j) {
      const auto b = norm_of(k[j], gk);
      long double dot = 0;
      for (std::size_t c = 0; c < d; ++c) dot += a[c] * b[c];
      out[i][j] = static_cast<double>(scale * dot);
    }
  }
  return out;
}

double largest_abs(const Matrix& m) {
  double top = 0;
  for (const auto& row : m)
    for (const double v : row) top = std::max(top, std::fabs(v));
  return top;
}

// Mean over rows of the entropy (nats) of softmax(row).
double mean_entropy(const Matrix& m) {
  double total = 0;
  for (const auto& row : m) {
    const double top = *std::max_element(row.begin(), row.end());
    double z = 0, weighted = 0;
    for (const double l : row) {
      const double e = std::exp(l - top);
      z += e;
      weighted += e * (l - top);
    }
    total += std::log(z) - weighted / z;
  }
  return total / static_cast<double>(m.size());
}

int main() {
  print_parameters();
  Rng rng(static_cast<std::uint64_t>(seed));
  const auto t = static_cast<std::size_t>(tokens), dm = static_cast<std::size_t>(d_model),
             d = static_cast<std::size_t>(head_dim);
  const bool normed = practice == 1;
  const Matrix x = random_matrix(rng, t, dm, 1.0);
  const Matrix wq = random_matrix(rng, dm, d, 1.0 / std::sqrt(static_cast<double>(dm)));
  const Matrix wk = random_matrix(rng, dm, d, 1.0 / std::sqrt(static_cast<double>(dm)));
  Vector gq(d), gk(d), ones(d, 1.0);
  for (double& g : gq) g = 1.0 + gain_noise * rng.normal();
  for (double& g : gk) g = 1.0 + gain_noise * rng.normal();

  double max_gain = 0;
  for (std::size_t i = 0; i < d; ++i) max_gain = std::max(max_gain, std::fabs(gq[i] * gk[i]));
  const double bound = variant == kL2 ? std::fabs(l2_gain) : std::sqrt(static_cast<double>(d)) * max_gain;

  std::printf("\none head: %zu tokens, d_model %zu, head dimension %zu; the norm is %s\n", t, dm, d,
              normed ? variant_names[variant] : "skipped (practice = 0)");
  if (variant == kL2)
    std::printf("bound on |logit| with the norm: |g| = %.6g\n", bound);
  else
    std::printf("bound on |logit| with the norm: sqrt(d) max|gq gk| = %.6g\n", bound);

  double control_max[2], control_entropy[2], normed_max[2], normed_entropy[2], reference_gap = 0;
  const double factors[2] = {1.0, weight_scale};
  for (int s = 0; s < 2; ++s) {
    const Matrix q = project(x, wq, factors[s]), k = project(x, wk, factors[s]);
    const Matrix plain = logits(q, k, gq, gk, eps, false);
    const Matrix with_norm = logits(q, k, gq, gk, eps, normed);
    control_max[s] = largest_abs(plain);
    control_entropy[s] = mean_entropy(plain);
    normed_max[s] = largest_abs(with_norm);
    normed_entropy[s] = mean_entropy(with_norm);
    const Matrix expected = reference_logits(q, k, gq, gk);
    double gap = 0;
    for (std::size_t i = 0; i < t; ++i)
      for (std::size_t j = 0; j < t; ++j) gap = std::max(gap, std::fabs(with_norm[i][j] - expected[i][j]));
    reference_gap = std::max(reference_gap, gap / largest_abs(expected));
    std::printf("weights x %-8g largest |logit|: without the norm %10.4f, %s %8.4f; "
                "mean entropy (nats): without %.4f, %s %.4f\n",
                factors[s], control_max[s], normed ? "with" : "practice removed", normed_max[s], control_entropy[s],
                normed ? "with" : "practice removed", normed_entropy[s]);
  }

  // Tightness: q = k, unit gains, eps = 0: the logit is sqrt(d) (or g for l2) exactly.
  Vector probe(d);
  for (double& v : probe) v = rng.normal();
  const Matrix same = logits(Matrix{probe}, Matrix{probe}, ones, ones, 0.0, normed);
  const double attained_bound = variant == kL2 ? std::fabs(l2_gain) : std::sqrt(static_cast<double>(d));
  std::printf("q = k, unit gains, eps = 0: logit %.15g, bound %.15g\n", same[0][0], attained_bound);
  std::printf("logits with the norm against an independent evaluation of the formula: largest relative "
              "difference %.3g\n",
              reference_gap);

  Report report;
  report.at_most("without the norm the largest |logit| grows with the square of the weight factor "
                 "(|ratio / factor^2 - 1|)",
                 std::fabs(control_max[1] / (control_max[0] * weight_scale * weight_scale) - 1.0), 1e-9);
  report.at_most("without the norm the attention entropy collapses toward zero at the grown weights "
                 "(entropy at the factor / entropy at 1)",
                 control_entropy[1] / control_entropy[0], 0.2);
  report.at_most(variant == kL2 ? "with the norm the largest |logit| at the grown weights is within |g|"
                                : "with the norm the largest |logit| at the grown weights is within sqrt(d) max|gq gk|",
                 normed_max[1], bound);
  report.at_most("with the norm the attention entropy stays put as the weights grow (change in nats)",
                 std::fabs(normed_entropy[1] - normed_entropy[0]), 0.05);
  report.at_most("the bound is attained when q = k with unit gains and eps = 0 (|logit / bound - 1|)",
                 std::fabs(same[0][0] / attained_bound - 1.0), 1e-12);
  report.at_most("the logits with the norm agree with an independent evaluation of the formula, random gains and "
                 "eps (largest difference / largest logit)",
                 reference_gap, 1e-12);
  return report.finish();
}
