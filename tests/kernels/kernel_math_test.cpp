// The mathematics behind each kernel, checked here independently of the emitted programs: closed forms,
// finite differences and second formulations (each kernel's page, docs/kernels/<name>.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "tests/support/test_support.h"

namespace {

using Vector = std::vector<double>;
using Matrix = std::vector<Vector>;

constexpr double kTwoPi = 6.283185307179586;

// The tests' own generator (splitmix64, Box-Muller with both outputs).
struct TestRng {
  std::uint64_t state;
  bool has_spare = false;
  double spare = 0;
  explicit TestRng(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1p-53; }
  double normal() {
    if (has_spare) {
      has_spare = false;
      return spare;
    }
    const double u1 = uniform(), u2 = uniform();
    const double r = std::sqrt(-2.0 * std::log(u1));
    spare = r * std::sin(kTwoPi * u2);
    has_spare = true;
    return r * std::cos(kTwoPi * u2);
  }
  Vector normals(std::size_t n, double scale = 1.0) {
    Vector v(n);
    for (double& e : v) e = scale * normal();
    return v;
  }
  Matrix matrix(std::size_t rows, std::size_t cols, double scale = 1.0) {
    Matrix m(rows);
    for (auto& row : m) row = normals(cols, scale);
    return m;
  }
};

double dot(const Vector& a, const Vector& b) { return std::inner_product(a.begin(), a.end(), b.begin(), 0.0); }
double norm(const Vector& a) { return std::sqrt(dot(a, a)); }

Matrix transpose(const Matrix& a) {
  Matrix t(a[0].size(), Vector(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a[0].size(); ++j) t[j][i] = a[i][j];
  return t;
}

Matrix matmul(const Matrix& a, const Matrix& b) {
  Matrix out(a.size(), Vector(b[0].size(), 0.0));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t k = 0; k < b.size(); ++k)
      for (std::size_t j = 0; j < b[0].size(); ++j) out[i][j] += a[i][k] * b[k][j];
  return out;
}

Vector matvec(const Matrix& a, const Vector& x) {
  Vector y(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) y[i] = dot(a[i], x);
  return y;
}

// All eigenvalues of a symmetric matrix, by cyclic Jacobi rotations (classical threshold variant).
Vector jacobi_eigenvalues(Matrix a) {
  const std::size_t n = a.size();
  for (int sweep = 0; sweep < 60; ++sweep) {
    double off = 0, diag = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) (i == j ? diag : off) += a[i][j] * a[i][j];
    if (off <= 1e-32 * diag) break;
    for (std::size_t p = 0; p < n; ++p)
      for (std::size_t q = p + 1; q < n; ++q) {
        if (a[p][q] == 0) continue;
        // The rotation angle zeroing a[p][q]: tan(2 phi) = 2 a_pq / (a_qq - a_pp).
        const double phi = 0.5 * std::atan2(2 * a[p][q], a[q][q] - a[p][p]);
        const double c = std::cos(phi), s = std::sin(phi);
        for (std::size_t k = 0; k < n; ++k) {
          const double kp = a[k][p], kq = a[k][q];
          a[k][p] = c * kp - s * kq;
          a[k][q] = s * kp + c * kq;
        }
        for (std::size_t k = 0; k < n; ++k) {
          const double pk = a[p][k], qk = a[q][k];
          a[p][k] = c * pk - s * qk;
          a[q][k] = s * pk + c * qk;
        }
      }
  }
  Vector eig(n);
  for (std::size_t i = 0; i < n; ++i) eig[i] = a[i][i];
  std::sort(eig.begin(), eig.end());
  return eig;
}

double largest_singular_value(const Matrix& w) { return std::sqrt(jacobi_eigenvalues(matmul(transpose(w), w)).back()); }

// A random orthogonal n x n matrix: a product of n Householder reflections.
Matrix random_orthogonal(TestRng& rng, std::size_t n) {
  Matrix q(n, Vector(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) q[i][i] = 1;
  for (std::size_t r = 0; r < n; ++r) {
    Vector v = rng.normals(n);
    const double vv = dot(v, v);
    for (auto& row : q) {  // Q <- Q (I - 2 v v^T / v^T v)
      const double f = 2 * dot(row, v) / vv;
      for (std::size_t j = 0; j < n; ++j) row[j] -= f * v[j];
    }
  }
  return q;
}

double softmax_entropy(const Vector& z) {
  const double top = *std::max_element(z.begin(), z.end());
  double sum = 0;
  for (const double v : z) sum += std::exp(v - top);
  double h = 0;
  for (const double v : z) {
    const double p = std::exp(v - top) / sum;
    if (p > 0) h -= p * std::log(p);
  }
  return h;
}

double log_sum_exp(const Vector& y) {
  const double top = *std::max_element(y.begin(), y.end());
  double s = 0;
  for (const double v : y) s += std::exp(v - top);
  return top + std::log(s);
}

Vector layer_norm(const Vector& x, const Vector& gain, const Vector& bias, double eps) {
  const double n = static_cast<double>(x.size());
  const double mean = std::accumulate(x.begin(), x.end(), 0.0) / n;
  double var = 0;
  for (const double v : x) var += (v - mean) * (v - mean);
  var /= n;
  Vector y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) y[i] = (x[i] - mean) / std::sqrt(var + eps) * gain[i] + bias[i];
  return y;
}

Vector rms_norm(const Vector& x, const Vector& gain, double eps) {
  const double ms = dot(x, x) / static_cast<double>(x.size());
  Vector y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) y[i] = x[i] / std::sqrt(ms + eps) * gain[i];
  return y;
}

double max_abs_diff(const Vector& a, const Vector& b) {
  double m = 0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

}  // namespace

TEST_CASE("kernel math sdpa_scale: the moments of q.k", "[kernels][math]") {
  // Exactly, by Isserlis: E[q_i q_j q_k q_l] is 3 when all four indices agree, 1 for two distinct pairs, else 0,
  // so E[(q.k)^2] = d and E[(q.k)^4] = sum over index tuples of E[q...]^2 = 3 d^2 + 6 d.
  for (int d = 1; d <= 6; ++d) {
    double second = 0, fourth = 0;
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j) second += (i == j) ? 1.0 : 0.0;
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j)
        for (int k = 0; k < d; ++k)
          for (int l = 0; l < d; ++l) {
            double m = 0;
            if (i == j && j == k && k == l)
              m = 3;
            else if ((i == j && k == l) || (i == k && j == l) || (i == l && j == k))
              m = 1;
            fourth += m * m;
          }
    CHECK(second == d);
    CHECK(fourth == 3.0 * d * d + 6.0 * d);
  }
  // By sampling: Var(q.k)/d_k within 5 standard errors, sqrt((2 + 6/d)/N), for several d_k.
  TestRng rng(11);
  const int n = 40000;
  for (const int d : {16, 64}) {
    double sum = 0, sum_sq = 0, sum_4 = 0;
    for (int s = 0; s < n; ++s) {
      const double x = dot(rng.normals(d), rng.normals(d));
      sum += x, sum_sq += x * x, sum_4 += x * x * x * x;
    }
    const double mean = sum / n, var = sum_sq / n - mean * mean;
    CHECK(std::fabs(mean) <= 5 * std::sqrt(static_cast<double>(d) / n));
    CHECK(std::fabs(var / d - 1) <= 5 * std::sqrt((2 + 6.0 / d) / n));
    CHECK(std::fabs(sum_4 / n / (3.0 * d * d + 6.0 * d) - 1) < 0.1);
    CHECK(std::fabs(var / d / d - 1.0 / d) < 0.1 / d);  // the scaled logit's variance is 1/d of the unscaled
  }
}

TEST_CASE("kernel math sdpa_scale: softmax entropy of N(0,1) logits is about ln T - 1/2", "[kernels][math]") {
  TestRng rng(3);
  const std::size_t t = 1024;
  double total = 0, unscaled = 0;
  for (int r = 0; r < 200; ++r) total += softmax_entropy(rng.normals(t));
  CHECK(std::fabs(total / 200 - (std::log(static_cast<double>(t)) - 0.5)) < 0.05);
  for (int r = 0; r < 200; ++r) unscaled += softmax_entropy(rng.normals(t, 8.0));  // logits N(0, d_k = 64)
  CHECK(unscaled / 200 < 1.5);
}

TEST_CASE("kernel math qk_norm: the logit bound, its tightness and scale invariance", "[kernels][math]") {
  TestRng rng(5);
  const std::size_t d = 32;
  double worst_ratio = 0, worst_l2 = 0;
  for (int s = 0; s < 20000; ++s) {
    const Vector q = rng.normals(d, std::exp(3 * rng.normal())), k = rng.normals(d, std::exp(3 * rng.normal()));
    const Vector gq = rng.normals(d, 0.5), gk = rng.normals(d, 0.5), zero(d, 0.0), ones(d, 1.0);
    double max_gain = 0;
    for (std::size_t i = 0; i < d; ++i) max_gain = std::max(max_gain, std::fabs(gq[i] * gk[i]));
    for (const bool layer : {true, false}) {
      const Vector u = layer ? layer_norm(q, gq, zero, 0) : rms_norm(q, gq, 0);
      const Vector v = layer ? layer_norm(k, ones, zero, 0) : rms_norm(k, ones, 0);
      Vector vg = v;
      for (std::size_t i = 0; i < d; ++i) vg[i] *= gk[i];
      worst_ratio = std::max(worst_ratio, std::fabs(dot(u, vg) / std::sqrt(d)) / (std::sqrt(d) * max_gain));
    }
    const double g = 13.27;
    worst_l2 = std::max(worst_l2, std::fabs(g * dot(q, k) / (norm(q) * norm(k))) / g);
  }
  CHECK(worst_ratio <= 1.0);
  CHECK(worst_l2 <= 1.0 + 1e-15);

  // Tightness: q = k, unit gains, eps = 0 gives sqrt(d) (LayerNorm and RMSNorm) and g (L2).
  const Vector q = rng.normals(d, 7.0), ones(d, 1.0), zero(d, 0.0);
  const Vector r = rms_norm(q, ones, 0), l = layer_norm(q, ones, zero, 0);
  CHECK(std::fabs(dot(r, r) / std::sqrt(d) / std::sqrt(d) - 1) < 1e-12);
  CHECK(std::fabs(dot(l, l) / std::sqrt(d) / std::sqrt(d) - 1) < 1e-12);
  CHECK(std::fabs(13.27 * dot(q, q) / (norm(q) * norm(q)) / 13.27 - 1) < 1e-12);

  // Invariance: multiplying q by any alpha > 0 leaves every normalized logit unchanged (eps = 0).
  const Vector k = rng.normals(d);
  const double base = dot(rms_norm(q, ones, 0), rms_norm(k, ones, 0));
  for (const double alpha : {1e-3, 0.5, 3.0, 1e4}) {
    Vector scaled = q;
    for (double& e : scaled) e *= alpha;
    CHECK(std::fabs(dot(rms_norm(scaled, ones, 0), rms_norm(k, ones, 0)) / base - 1) < 1e-12);
    CHECK(std::fabs(dot(layer_norm(scaled, ones, zero, 0), layer_norm(k, ones, zero, 0)) /
                        dot(layer_norm(q, ones, zero, 0), layer_norm(k, ones, zero, 0)) -
                    1) < 1e-12);
  }
}

TEST_CASE("kernel math rmsnorm: LayerNorm is RMSNorm of the centred input, and the invariances", "[kernels][math]") {
  TestRng rng(7);
  const std::size_t n = 256;
  const Vector gain = rng.normals(n, 0.1), zero(n, 0.0), ones(n, 1.0);
  Vector g1 = gain;
  for (double& e : g1) e += 1;
  for (int trial = 0; trial < 50; ++trial) {
    Vector x = rng.normals(n, std::exp(rng.normal()));
    for (double& e : x) e += 3.0;  // a clear nonzero mean
    const double mean = std::accumulate(x.begin(), x.end(), 0.0) / n;
    Vector centred = x;
    for (double& e : centred) e -= mean;
    // LN(x) == RMSNorm(x - mean(x)), same eps.
    CHECK(max_abs_diff(layer_norm(x, g1, zero, 1e-5), rms_norm(centred, g1, 1e-5)) <= 1e-14);
    // RMSNorm(alpha x) == RMSNorm(x) with eps = 0.
    for (const double alpha : {1e-3, 7.0, 1e5}) {
      Vector scaled = x;
      for (double& e : scaled) e *= alpha;
      CHECK(max_abs_diff(rms_norm(scaled, g1, 0), rms_norm(x, g1, 0)) <= 1e-14);
    }
    // LN(x + c) == LN(x), but RMSNorm(x + c) != RMSNorm(x).
    Vector shifted = x;
    for (double& e : shifted) e += 2.5;
    CHECK(max_abs_diff(layer_norm(shifted, g1, zero, 0), layer_norm(x, g1, zero, 0)) <= 1e-12);
    CHECK(max_abs_diff(rms_norm(shifted, g1, 0), rms_norm(x, g1, 0)) > 1e-3);
    // With unit gain the output has norm sqrt(n).
    CHECK(std::fabs(norm(rms_norm(x, ones, 0)) / std::sqrt(static_cast<double>(n)) - 1) < 1e-14);
    // eps placement: x / (rms + eps) and x / sqrt(ms + eps) differ by at most about 1e-6 relative for rms ~ 1.
    const Vector unit = rng.normals(n);
    const double rms = norm(unit) / std::sqrt(static_cast<double>(n));
    CHECK(std::fabs((1 / (rms + 1e-6)) / (1 / std::sqrt(rms * rms + 1e-6)) - 1) <= 1.1e-6 / rms);
  }
}

TEST_CASE("kernel math sigma_reparam: power iteration against an exact eigen-solver and known singular values",
          "[kernels][math]") {
  TestRng rng(13);
  // A matrix with known singular values: W = U diag(s) V^T.
  const std::size_t m = 12, n = 8;
  const Vector s = {5.0, 3.0, 2.5, 2.0, 1.0, 0.5, 0.25, 0.1};
  const Matrix u = random_orthogonal(rng, m), v = random_orthogonal(rng, n);
  Matrix w(m, Vector(n, 0.0));
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k < n; ++k) w[i][j] += u[i][k] * s[k] * v[j][k];
  const Vector eig = jacobi_eigenvalues(matmul(transpose(w), w));
  for (std::size_t k = 0; k < n; ++k) CHECK(std::fabs(std::sqrt(eig[k]) / s[n - 1 - k] - 1) < 1e-12);

  // Power iteration (u kept, v = normalize(W u), u = normalize(W^T v), sigma = v^T W u) on random W.
  const Matrix g = rng.matrix(64, 32, 1.0 / std::sqrt(32.0));
  const double exact = largest_singular_value(g);
  Vector x = rng.normals(32);
  double sigma = 0, error_20 = 0;
  for (int step = 1; step <= 1000; ++step) {
    Vector y = matvec(g, x);
    const double ny = norm(y);
    for (double& e : y) e /= ny;
    x = matvec(transpose(g), y);
    const double nx = norm(x);
    for (double& e : x) e /= nx;
    sigma = dot(y, matvec(g, x));
    CHECK(sigma <= exact * (1 + 1e-12));  // Cauchy-Schwarz: never above sigma_max
    if (step == 20) error_20 = std::fabs(sigma / exact - 1);
  }
  CHECK(std::fabs(sigma / exact - 1) < 1e-10);
  CHECK(error_20 > std::fabs(sigma / exact - 1));

  // W_hat = gamma W / sigma has spectral norm |gamma|.
  for (const double gamma : {0.3, 1.0, 4.0}) {
    Matrix hat = g;
    for (auto& row : hat)
      for (double& e : row) e = gamma * e / sigma;
    CHECK(std::fabs(largest_singular_value(hat) / gamma - 1) < 1e-10);
  }
}

TEST_CASE("kernel math entropy_bound: tight at z*, and a lower bound on random rows", "[kernels][math]") {
  const auto bound = [](double s, double t) {
    const double beta = std::exp(-s * std::sqrt(t / (t - 1)));
    return std::log(1 + (t - 1) * beta) + s * std::sqrt(t * (t - 1)) * beta / (1 + (t - 1) * beta);
  };
  const std::size_t t = 16;
  const double tt = static_cast<double>(t);
  CHECK(std::fabs(bound(0, tt) - std::log(tt)) < 1e-15);
  for (const double s : {0.5, 2.0, 5.0, 10.0}) {
    Vector z(t, -s / std::sqrt(tt * (tt - 1)));
    z[0] = s * std::sqrt((tt - 1) / tt);
    CHECK(std::fabs(norm(z) - s) < 1e-14 * std::max(1.0, s));
    CHECK(std::fabs(std::accumulate(z.begin(), z.end(), 0.0)) < 1e-14 * std::max(1.0, s));
    CHECK(std::fabs(softmax_entropy(z) - bound(s, tt)) < 1e-12);
  }
  // Any z of norm R has entropy at least bound(R).
  TestRng rng(17);
  double worst = 1e300;
  for (int i = 0; i < 20000; ++i) {
    const double r = 8 * rng.uniform();
    Vector z = rng.normals(t);
    const double nz = norm(z);
    for (double& e : z) e *= r / nz;
    worst = std::min(worst, softmax_entropy(z) - bound(r, tt));
  }
  CHECK(worst >= -1e-12);
  // Theorem 3.1 on random attention: sigma = |W_K W_Q^T|_2, sigma_x = |X X^T|_2.
  double theorem = 1e300;
  for (int trial = 0; trial < 100; ++trial) {
    const Matrix x = rng.matrix(t, 8, 0.1), wq = rng.matrix(8, 4), wk = rng.matrix(8, 4);
    const Matrix m = matmul(wk, transpose(wq));
    const double s = largest_singular_value(m) * jacobi_eigenvalues(matmul(x, transpose(x))).back();
    const Matrix a = matmul(matmul(x, m), transpose(x));
    for (const auto& row : a) theorem = std::min(theorem, softmax_entropy(row) - bound(s, tt));
  }
  CHECK(theorem >= -1e-12);
}

TEST_CASE("kernel math z_loss: gradient against central differences, and the shift", "[kernels][math]") {
  TestRng rng(19);
  const std::size_t v = 50;
  const double c = 1e-4;
  Vector y = rng.normals(v, 2.0);
  for (double& e : y) e += 6.0;  // log Z about 9
  const std::size_t target = 7;
  const auto loss = [&](const Vector& logits, double coefficient) {
    const double lz = log_sum_exp(logits);
    return lz - logits[target] + coefficient * lz * lz;
  };
  const double lz = log_sum_exp(y);
  Vector grad(v), ce_grad(v);
  for (std::size_t j = 0; j < v; ++j) {
    const double p = std::exp(y[j] - lz);
    grad[j] = (1 + 2 * c * lz) * p - (j == target ? 1 : 0);
    ce_grad[j] = p - (j == target ? 1 : 0);
  }
  double worst = 0;
  const double h = 1e-5;
  for (std::size_t j = 0; j < v; ++j) {
    Vector plus = y, minus = y;
    plus[j] += h, minus[j] -= h;
    worst = std::max(worst, std::fabs((loss(plus, c) - loss(minus, c)) / (2 * h) - grad[j]));
  }
  CHECK(worst <= 1e-8);
  CHECK(std::fabs(std::accumulate(grad.begin(), grad.end(), 0.0) - 2 * c * lz) < 1e-12);
  CHECK(std::fabs(std::accumulate(ce_grad.begin(), ce_grad.end(), 0.0)) < 1e-12);
  // A common shift s leaves CE alone and moves the z-loss by exactly c((log Z + s)^2 - log^2 Z).
  for (const double s : {-3.0, 0.5, 10.0}) {
    Vector shifted = y;
    for (double& e : shifted) e += s;
    CHECK(std::fabs(loss(shifted, 0) - loss(y, 0)) <= 1e-12 * std::max(1.0, std::fabs(lz + s)));
    CHECK(std::fabs((loss(shifted, c) - loss(shifted, 0)) - c * (lz + s) * (lz + s)) < 1e-12);
  }
  // The optimal common shift is -log Z: there log Z becomes 0.
  Vector best = y;
  for (double& e : best) e -= lz;
  CHECK(std::fabs(log_sum_exp(best)) < 1e-14 * lz);
}

TEST_CASE("kernel math qk_clip: clipped heads land on tau exactly, others are untouched", "[kernels][math]") {
  TestRng rng(23);
  const std::size_t heads = 6, dm = 16, d = 8, t = 24;
  const double tau = 100;
  const Matrix x = rng.matrix(t, dm);
  const auto logits = [&](const Matrix& wq, const Matrix& wk) {
    return matmul(matmul(x, wq), transpose(matmul(x, wk)));  // scaled below
  };
  for (std::size_t h = 0; h < heads; ++h) {
    const double grown = h % 2 ? 1.0 : 12.0;
    Matrix wq = rng.matrix(dm, d, grown / 4), wk = rng.matrix(dm, d, grown / 4);
    const Matrix before = logits(wq, wk);
    double s_max = -1e300;
    for (const auto& row : before)
      for (const double e : row) s_max = std::max(s_max, e / std::sqrt(static_cast<double>(d)));
    const double gamma = std::min(1.0, tau / s_max);
    const Matrix wq0 = wq, wk0 = wk;
    if (gamma < 1)
      for (auto* w : {&wq, &wk})
        for (auto& row : *w)
          for (double& e : row) e *= std::sqrt(gamma);
    const Matrix after = logits(wq, wk);
    double s_after = -1e300, worst = 0;
    for (std::size_t i = 0; i < t; ++i)
      for (std::size_t j = 0; j < t; ++j) {
        s_after = std::max(s_after, after[i][j] / std::sqrt(static_cast<double>(d)));
        worst = std::max(worst, std::fabs(after[i][j] - gamma * before[i][j]));
      }
    INFO("head " << h << " S_max " << s_max);
    if (gamma < 1) {
      CHECK(std::fabs(s_after / tau - 1) < 1e-12);
      CHECK(worst <= 1e-12 * tau * std::sqrt(static_cast<double>(d)));
      for (std::size_t i = 0; i < t; ++i) CHECK(softmax_entropy(after[i]) >= softmax_entropy(before[i]) - 1e-12);
    } else {
      CHECK(wq == wq0);
      CHECK(wk == wk0);
    }
  }
}

TEST_CASE("kernel math parallel_block: one fused product equals the separate ones", "[kernels][math]") {
  TestRng rng(29);
  const std::size_t t = 10, d = 12, ff = 20;
  const Matrix h = rng.matrix(t, d), w_qkv = rng.matrix(d, 3 * d), w_1 = rng.matrix(d, ff);
  // Input side: h [W_qkv | W_1], each column summed in the same order, is bitwise the two products.
  Matrix w_in = w_qkv;
  for (std::size_t i = 0; i < d; ++i) w_in[i].insert(w_in[i].end(), w_1[i].begin(), w_1[i].end());
  const auto column_product = [](const Matrix& a, const Matrix& b) {
    Matrix out(a.size(), Vector(b[0].size()));
    for (std::size_t i = 0; i < a.size(); ++i)
      for (std::size_t j = 0; j < b[0].size(); ++j) {
        double sum = 0;
        for (std::size_t k = 0; k < b.size(); ++k) sum += a[i][k] * b[k][j];
        out[i][j] = sum;
      }
    return out;
  };
  const Matrix fused = column_product(h, w_in), qkv = column_product(h, w_qkv), u = column_product(h, w_1);
  for (std::size_t i = 0; i < t; ++i) {
    for (std::size_t j = 0; j < 3 * d; ++j) CHECK(fused[i][j] == qkv[i][j]);
    for (std::size_t j = 0; j < ff; ++j) CHECK(fused[i][3 * d + j] == u[i][j]);
  }
  // Output side: [a | u] [W_o ; W_2] = a W_o + u W_2 to rounding.
  const Matrix a = rng.matrix(t, d), w_o = rng.matrix(d, d), w_2 = rng.matrix(ff, d);
  Matrix au = a, w_out = w_o;
  for (std::size_t i = 0; i < t; ++i) au[i].insert(au[i].end(), u[i].begin(), u[i].end());
  w_out.insert(w_out.end(), w_2.begin(), w_2.end());
  const Matrix one = column_product(au, w_out), first = column_product(a, w_o), second = column_product(u, w_2);
  double worst = 0, scale = 0;
  for (std::size_t i = 0; i < t; ++i)
    for (std::size_t j = 0; j < d; ++j) {
      worst = std::max(worst, std::fabs(one[i][j] - (first[i][j] + second[i][j])));
      scale = std::max(scale, std::fabs(one[i][j]));
    }
  CHECK(worst <= 1e-13 * scale);
  // With W_o = 0 the attention term is exactly zero: x + 0 + m == (x + 0) + m bit for bit.
  const Matrix zero_out = column_product(a, Matrix(d, Vector(d, 0.0)));
  for (const auto& row : zero_out)
    for (const double e : row) CHECK(e == 0.0);
}

TEST_CASE("kernel math primer_ez: causal depthwise convolution and squared ReLU", "[kernels][math]") {
  TestRng rng(31);
  const std::size_t t = 20, c = 6;
  Matrix taps(c);
  for (auto& w : taps) w = {0.5 + 0.1 * rng.normal(), 1.0 / 6 + 0.1 * rng.normal(), 1.0 / 6 + 0.1 * rng.normal()};
  // A second formulation: the convolution as a banded lower-triangular matrix per channel.
  const auto conv = [&](const Matrix& x, const Matrix& w) {
    Matrix y(t, Vector(c, 0.0));
    for (std::size_t ch = 0; ch < c; ++ch)
      for (std::size_t i = 0; i < t; ++i)
        for (std::size_t j = 0; j <= i; ++j) {
          const std::size_t lag = i - j;
          const double band = lag < 3 ? w[ch][lag] : 0.0;
          y[i][ch] += band * x[j][ch];
        }
    return y;
  };
  const Matrix x = rng.matrix(t, c);
  const Matrix y = conv(x, taps);
  for (std::size_t cut = 0; cut + 1 < t; ++cut) {
    Matrix changed = x;
    for (std::size_t s = cut + 1; s < t; ++s) changed[s] = rng.normals(c);
    const Matrix y2 = conv(changed, taps);
    for (std::size_t s = 0; s <= cut; ++s) CHECK(y2[s] == y[s]);
  }
  Matrix impulse(t, Vector(c, 0.0));
  impulse[5] = Vector(c, 1.0);
  const Matrix response = conv(impulse, taps);
  for (std::size_t s = 0; s < t; ++s)
    for (std::size_t ch = 0; ch < c; ++ch) CHECK(response[s][ch] == (s >= 5 && s <= 7 ? taps[ch][s - 5] : 0.0));
  CHECK(conv(x, Matrix(c, Vector{1.0, 0.0, 0.0})) == x);

  const auto sq_relu = [](double v) { return v > 0 ? v * v : 0.0; };
  const double h = 1e-5;
  for (double v = -3.0005; v < 3; v += 0.01) {
    if (std::fabs(v) < 10 * h) continue;
    CHECK(std::fabs((sq_relu(v + h) - sq_relu(v - h)) / (2 * h) - 2 * std::max(0.0, v)) <= 1e-8);
    if (v > 0)
      for (const double a : {0.25, 2.0, 9.0}) CHECK(std::fabs(sq_relu(a * v) / (a * a * sq_relu(v)) - 1) <= 2e-15);
  }
  // C^1 at 0: both one-sided difference quotients tend to 0 (ReLU's right one is 1).
  for (const double step : {1e-3, 1e-6, 1e-9}) {
    CHECK(std::fabs((sq_relu(step) - sq_relu(0)) / step) <= step * 1.0000001);
    CHECK(std::fabs((sq_relu(0) - sq_relu(-step)) / step) == 0.0);
  }
}
