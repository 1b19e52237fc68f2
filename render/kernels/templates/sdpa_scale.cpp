//{{header}}

// What this program checks (kernel sdpa_scale).
// Queries and keys with iid N(0,1) components have Var(q.k) = d_k, so unscaled attention logits grow with
// the head dimension and the softmax saturates. Dividing by sqrt(d_k) keeps the logits at variance 1.
//   1. Var(q.k) / d_k is 1 within 5 standard errors for d_k/4, d_k and 4 d_k      (the fact behind it)
//   2. the logits attention_logits computes have variance 1 at every head dimension (the practice)
//   3. with the scaling, the mean attention entropy hardly moves with d_k          (the practice)
//   4. with the scaling, the mean attention entropy is ln T - 1/2 (that of N(0,1) logits over T keys)
//      within 0.1 nats at every d_k                                                 (the practice)
//   5. without the scaling, the mean attention entropy at 4 d_k is less than half of that at d_k/4
//                                                                                  (the control)
// With practice = 0 the scaling is left out, and claims 2 to 4 fail.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

//{{parameters}}

//{{support}}

// ---- The practice ----

// Attention logits of one query against every key: q.k, times 1/sqrt(d_k) when the practice is applied.
void attention_logits(const std::vector<double>& q, const std::vector<double>& key_matrix, std::size_t dim,
                      bool scaled, std::vector<double>& logits) {
  const double scale = scaled ? 1.0 / std::sqrt(static_cast<double>(dim)) : 1.0;
  for (std::size_t j = 0; j < logits.size(); ++j) {
    double dot = 0;
    for (std::size_t i = 0; i < dim; ++i) dot += q[i] * key_matrix[j * dim + i];
    logits[j] = dot * scale;
  }
}

// Entropy in nats of softmax(logits), computed stably.
double softmax_entropy(const std::vector<double>& logits) {
  const double top = *std::max_element(logits.begin(), logits.end());
  double z = 0, weighted = 0;
  for (const double l : logits) {
    const double e = std::exp(l - top);
    z += e;
    weighted += e * (l - top);
  }
  return std::log(z) - weighted / z;
}

// Sample variance of q.k over `samples` pairs, times `scale` squared.
double dot_variance(Rng& rng, std::size_t dim, double scale) {
  const auto n = static_cast<std::size_t>(samples);
  std::vector<double> q(dim), k(dim);
  double sum = 0, sum_sq = 0;
  for (std::size_t s = 0; s < n; ++s) {
    double dot = 0;
    for (std::size_t i = 0; i < dim; ++i) {
      q[i] = rng.normal();
      k[i] = rng.normal();
      dot += q[i] * k[i];
    }
    dot *= scale;
    sum += dot;
    sum_sq += dot * dot;
  }
  const double mean = sum / static_cast<double>(n);
  return (sum_sq - static_cast<double>(n) * mean * mean) / static_cast<double>(n - 1);
}

// Sample variance of the logits attention_logits gives for `samples` independent (q, k) pairs: the
// practice's own output, not a recomputation of it.
double logit_variance(Rng& rng, std::size_t dim, bool scaled) {
  std::vector<double> q(dim), k(dim), logit(1);
  double sum = 0, sum_sq = 0;
  for (long long s = 0; s < samples; ++s) {
    for (double& v : q) v = rng.normal();
    for (double& v : k) v = rng.normal();
    attention_logits(q, k, dim, scaled, logit);
    sum += logit[0];
    sum_sq += logit[0] * logit[0];
  }
  const double n = static_cast<double>(samples), mean = sum / n;
  return (sum_sq - n * mean * mean) / (n - 1.0);
}

// Mean entropy of `queries` attention rows over `keys` keys, all entries iid N(0, 1).
double mean_entropy(Rng& rng, std::size_t dim, bool scaled) {
  const auto t = static_cast<std::size_t>(keys);
  std::vector<double> key_matrix(t * dim), q(dim), logits(t);
  for (double& v : key_matrix) v = rng.normal();
  double total = 0;
  for (long long r = 0; r < queries; ++r) {
    for (double& v : q) v = rng.normal();
    attention_logits(q, key_matrix, dim, scaled, logits);
    total += softmax_entropy(logits);
  }
  return total / static_cast<double>(queries);
}

int main() {
  print_parameters();
  const bool scaled = practice == 1;
  const std::size_t dims[3] = {static_cast<std::size_t>(std::max(1LL, d_k / 4)), static_cast<std::size_t>(d_k),
                               static_cast<std::size_t>(4 * d_k)};

  // Var(q.k) = d_k and Var(q.k/sqrt(d_k)) = 1 have the same sampling error; 5 standard errors of the
  // variance estimate, relative to the variance, is 5 sqrt((2 + 6/d) / N) (E[(q.k)^4] = 3d^2 + 6d).
  const double tolerance = 5.0 * std::sqrt((2.0 + 6.0 / static_cast<double>(dims[0])) / static_cast<double>(samples));
  double worst_fact = 1, worst_logit = 1;  // the ratio and the variance farthest from 1
  std::printf("\nvariance of q.k with iid N(0,1) components, %lld pairs per head dimension:\n", samples);
  for (const std::size_t d : dims) {
    Rng pairs(static_cast<std::uint64_t>(seed) * 1000003ULL + d);
    const double var = dot_variance(pairs, d, 1.0);
    Rng logit_pairs(static_cast<std::uint64_t>(seed) * 1000033ULL + d);
    const double logit_var = logit_variance(logit_pairs, d, scaled);
    std::printf("  d_k = %4zu: Var(q.k) = %9.3f (d_k = %zu, ratio %.4f); variance of the logits %s = %.4f\n", d,
                var, d, var / static_cast<double>(d), scaled ? "q.k/sqrt(d_k)" : "q.k (unscaled)", logit_var);
    if (std::fabs(var / static_cast<double>(d) - 1.0) > std::fabs(worst_fact - 1.0)) worst_fact = var / static_cast<double>(d);
    if (!(std::fabs(logit_var - 1.0) <= std::fabs(worst_logit - 1.0))) worst_logit = logit_var;
  }

  double entropy[3], control[3];
  const double expected_entropy = std::log(static_cast<double>(keys)) - 0.5;
  std::printf("\nmean attention entropy (nats) of %lld rows over %lld keys; ln T - 1/2 = %.4f:\n", queries, keys,
              expected_entropy);
  for (int i = 0; i < 3; ++i) {
    Rng a(static_cast<std::uint64_t>(seed) * 7919ULL + dims[i]), b = a;
    entropy[i] = mean_entropy(a, dims[i], scaled);
    control[i] = mean_entropy(b, dims[i], false);
    std::printf("  d_k = %4zu: %s %.4f, control without the scaling %.4f\n", dims[i],
                scaled ? "with the scaling" : "practice removed", entropy[i], control[i]);
  }
  const double spread = *std::max_element(entropy, entropy + 3) - *std::min_element(entropy, entropy + 3);
  double farthest = entropy[0];  // the mean entropy farthest from ln T - 1/2
  for (const double e : entropy)
    if (!(std::fabs(e - expected_entropy) <= std::fabs(farthest - expected_entropy))) farthest = e;

  Report report;
  report.near("Var(q.k)/d_k is 1 within 5 standard errors for d_k/4, d_k, 4 d_k (the ratio farthest from 1)",
              worst_fact, 1.0, tolerance);
  report.near("the logits of attention_logits have variance 1 at every d_k, within 5 standard errors (the variance "
              "farthest from 1)",
              worst_logit, 1.0, tolerance);
  report.at_most("with the scaling the mean attention entropy stays put across d_k (spread in nats)", spread, 0.1);
  report.near("with the scaling the mean attention entropy is ln T - 1/2 at every d_k (the mean farthest from it, "
              "nats)",
              farthest, expected_entropy, 0.1);
  report.at_most("without the scaling the mean attention entropy collapses as d_k grows (entropy at 4 d_k / at d_k/4)",
                 control[2] / control[0], 0.5);
  return report.finish();
}
