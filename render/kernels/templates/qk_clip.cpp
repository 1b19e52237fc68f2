//{{header}}

// What this program checks (kernel qk_clip).
// A multi-head attention layer in which the query and key weights of the first half of the heads have grown
// by weight_scale, so their largest logit on the batch exceeds tau. One QK-Clip step (MuonClip, Kimi K2):
// for every head h, S_h = the largest pre-softmax logit q.k / sqrt(d) on the batch, gamma_h =
// min(1, tau / S_h), and W_q^h, W_k^h are multiplied by sqrt(gamma_h).
//   1. after the step, every head's largest logit is within tau                     (the practice)
//   2. a clipped head's largest logit is exactly tau                                 (the practice)
//   3. every logit of a clipped head is gamma_h times what it was                    (the practice)
//   4. heads under tau are untouched, bit for bit                                   (the practice)
//   5. no clipped head's attention entropy falls                                    (the practice)
//   6. before the step (the control) some head exceeds tau, so the check tests something
//   7. a clipped head's W_q and W_k are each sqrt(gamma_h) times what they were       (the practice)
// The largest logits the claims compare are measured apart from the clip's own helpers (check_largest_logit),
// and the default seed is one where the grown heads peak in different sequences and a grown head's most
// negative logit outweighs its largest, so that a maximum over one sequence or over |logit| shows.
// With practice = 0 no weight is rescaled, and claims 1 to 3 and 7 fail.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

//{{parameters}}

//{{support}}

// ---- The practice ----
using Vector = std::vector<double>;
using Matrix = std::vector<Vector>;  // rows

struct Head {
  Matrix wq, wk;  // d_model x head_dim each
};

Matrix random_matrix(Rng& rng, std::size_t rows, std::size_t cols, double stddev) {
  Matrix m(rows, Vector(cols));
  for (auto& row : m)
    for (double& v : row) v = stddev * rng.normal();
  return m;
}

Matrix project(const Matrix& x, const Matrix& w) {
  Matrix out(x.size(), Vector(w[0].size(), 0.0));
  for (std::size_t t = 0; t < x.size(); ++t)
    for (std::size_t i = 0; i < w.size(); ++i)
      for (std::size_t j = 0; j < w[0].size(); ++j) out[t][j] += x[t][i] * w[i][j];
  return out;
}

// The pre-softmax logits q_i . k_j / sqrt(d) of one head on one sequence.
Matrix head_logits(const Head& head, const Matrix& x) {
  const Matrix q = project(x, head.wq), k = project(x, head.wk);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q[0].size()));
  Matrix out(x.size(), Vector(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j) {
      double dot = 0;
      for (std::size_t c = 0; c < q[0].size(); ++c) dot += q[i][c] * k[j][c];
      out[i][j] = dot * scale;
    }
  return out;
}

// S_h: the largest (signed) logit of a head over the batch.
double largest_logit(const Head& head, const std::vector<Matrix>& batch_x) {
  double top = -1e300;
  for (const Matrix& x : batch_x)
    for (const auto& row : head_logits(head, x))
      for (const double v : row) top = std::max(top, v);
  return top;
}

double mean_entropy(const Head& head, const std::vector<Matrix>& batch_x) {
  double total = 0;
  std::size_t rows_seen = 0;
  for (const Matrix& x : batch_x)
    for (const auto& row : head_logits(head, x)) {
      const double top = *std::max_element(row.begin(), row.end());
      double z = 0, weighted = 0;
      for (const double l : row) {
        const double e = std::exp(l - top);
        z += e;
        weighted += e * (l - top);
      }
      total += std::log(z) - weighted / z;
      ++rows_seen;
    }
  return total / static_cast<double>(rows_seen);
}

// The check's own measurement of S_h, apart from head_logits and largest_logit: every q_i . k_j / sqrt(d)
// of every sequence, with the projections summed in long double. Also says which sequence holds it.
double check_largest_logit(const Head& head, const std::vector<Matrix>& batch_x, std::size_t& where) {
  const std::size_t d = head.wq[0].size();
  double top = -1e300;
  for (std::size_t b = 0; b < batch_x.size(); ++b) {
    const Matrix& x = batch_x[b];
    std::vector<std::vector<long double>> q(x.size(), std::vector<long double>(d, 0)), k = q;
    for (std::size_t t = 0; t < x.size(); ++t)
      for (std::size_t c = 0; c < d; ++c)
        for (std::size_t i = 0; i < x[t].size(); ++i) q[t][c] += x[t][i] * head.wq[i][c], k[t][c] += x[t][i] * head.wk[i][c];
    for (std::size_t i = 0; i < x.size(); ++i)
      for (std::size_t j = 0; j < x.size(); ++j) {
        long double dot = 0;
        for (std::size_t c = 0; c < d; ++c) dot += q[i][c] * k[j][c];
        const double logit = static_cast<double>(dot / std::sqrt(static_cast<long double>(d)));
        if (logit > top) top = logit, where = b;
      }
  }
  return top;
}

// The largest |W_after / W_before - sqrt(gamma)| over the entries of a head's W_q and W_k.
double rescale_error(const Head& before, const Head& after, double gamma) {
  double worst = 0;
  for (auto pair : {std::make_pair(&before.wq, &after.wq), std::make_pair(&before.wk, &after.wk)})
    for (std::size_t i = 0; i < pair.first->size(); ++i)
      for (std::size_t j = 0; j < (*pair.first)[i].size(); ++j)
        worst = std::max(worst, std::fabs((*pair.second)[i][j] / (*pair.first)[i][j] - std::sqrt(gamma)));
  return worst;
}

// One QK-Clip step on every head: returns gamma_h per head.
Vector qk_clip(std::vector<Head>& all_heads, const std::vector<Matrix>& batch_x) {
  Vector gammas;
  for (Head& head : all_heads) {
    const double s = largest_logit(head, batch_x);
    const double g = s > tau ? tau / s : 1.0;
    gammas.push_back(g);
    if (practice == 0 || g == 1.0) continue;  // heads under tau are not touched at all
    const double root = std::sqrt(g);
    for (auto* w : {&head.wq, &head.wk})
      for (auto& row : *w)
        for (double& e : row) e *= root;
  }
  return gammas;
}

int main() {
  print_parameters();
  Rng rng(static_cast<std::uint64_t>(seed));
  const auto h_count = static_cast<std::size_t>(heads), dm = static_cast<std::size_t>(d_model),
             d = static_cast<std::size_t>(head_dim);
  std::vector<Head> before;
  for (std::size_t h = 0; h < h_count; ++h) {
    const double grown = h < h_count / 2 ? weight_scale : 1.0;
    const double stddev = grown / std::sqrt(static_cast<double>(dm));
    before.push_back({random_matrix(rng, dm, d, stddev), random_matrix(rng, dm, d, stddev)});
  }
  std::vector<Matrix> batch_x;
  for (long long b = 0; b < batch; ++b) batch_x.push_back(random_matrix(rng, static_cast<std::size_t>(tokens), dm, 1.0));

  std::vector<Head> after = before;
  const Vector gammas = qk_clip(after, batch_x);

  std::printf("\n%zu heads (the first %zu grown by %g), d_model %zu, head dimension %zu, batch %lld x %lld tokens, "
              "tau %g; the clip is %s\n",
              h_count, h_count / 2, weight_scale, dm, d, batch, tokens, tau,
              practice == 1 ? "applied" : "left out (practice = 0)");
  double worst_after = 0, landing = 0, scaling = 0, largest_before = -1e300, entropy_drop = -1e300, rescaling = 0;
  std::size_t changed_untouched = 0, clipped = 0;
  for (std::size_t h = 0; h < h_count; ++h) {
    std::size_t peak = 0, peak_after = 0;
    const double s_before = check_largest_logit(before[h], batch_x, peak);
    const double s_after = check_largest_logit(after[h], batch_x, peak_after);
    largest_before = std::max(largest_before, s_before / tau);
    worst_after = std::max(worst_after, s_after / tau);
    const bool over = s_before > tau;
    std::printf("  head %zu: largest logit %10.4f (in sequence %zu) -> %10.4f (gamma %.6g)", h, s_before, peak, s_after,
                gammas[h]);
    if (over) {
      ++clipped;
      // Against tau / S measured here: the gamma the clip reports may come from a wrong S.
      rescaling = std::max(rescaling, rescale_error(before[h], after[h], tau / s_before));
      landing = std::max(landing, std::fabs(s_after / tau - 1.0));
      for (std::size_t b = 0; b < batch_x.size(); ++b) {
        const Matrix old_logits = head_logits(before[h], batch_x[b]), new_logits = head_logits(after[h], batch_x[b]);
        // Relative to the head's largest logit after the step (tau): a logit near 0 has no relative accuracy.
        for (std::size_t i = 0; i < old_logits.size(); ++i)
          for (std::size_t j = 0; j < old_logits.size(); ++j)
            scaling = std::max(scaling, std::fabs(new_logits[i][j] - gammas[h] * old_logits[i][j]) / s_after);
      }
      const double h_before = mean_entropy(before[h], batch_x), h_after = mean_entropy(after[h], batch_x);
      entropy_drop = std::max(entropy_drop, h_before - h_after);
      std::printf(", mean entropy %.4f -> %.4f nats\n", h_before, h_after);
    } else {
      for (auto pair : {std::make_pair(&before[h].wq, &after[h].wq), std::make_pair(&before[h].wk, &after[h].wk)})
        for (std::size_t i = 0; i < pair.first->size(); ++i)
          for (std::size_t j = 0; j < d; ++j) changed_untouched += (*pair.first)[i][j] != (*pair.second)[i][j];
      std::printf(", under tau\n");
    }
  }
  if (clipped == 0) entropy_drop = 0;

  Report report;
  report.at_most("after one clip step every head's largest logit on the batch is within tau (largest / tau)",
                 worst_after, 1.0 + 1e-12);
  report.at_most("a clipped head's largest logit lands on tau (largest |S_after / tau - 1|)", landing, 1e-12);
  report.at_most("every logit of a clipped head is gamma_h times its old value (largest error / tau)", scaling,
                 1e-12);
  report.at_most("heads under tau are untouched (weights that changed)", static_cast<double>(changed_untouched), 0.0);
  report.at_most("no clipped head's attention entropy falls (largest drop in nats)", entropy_drop, 1e-12);
  report.at_least("control: before the clip some head's largest logit exceeds tau (largest / tau)", largest_before,
                  1.0 + 1e-12);
  report.at_most("a clipped head's W_q and W_k are each sqrt(tau / S_h) times their old values (largest error)",
                 rescaling, 1e-12);
  return report.finish();
}
