//{{header}}

// What this program checks (kernel sigma_reparam).
// A weight matrix W (rows x cols) that has grown by weight_scale from its initialization W0. sigmaReparam
// trains W_hat = gamma W / sigma(W), sigma(W) estimated by power iteration with its vector kept between
// steps. The largest singular value is also computed independently, as the square root of the largest
// eigenvalue of W^T W from a Jacobi eigen-decomposition.
//   1. power iteration reaches the largest singular value                             (the estimator)
//   2. its estimate never exceeds the largest singular value                          (the estimator)
//   3. the spectral norm of W_hat is |gamma|, however large W has grown               (the practice)
//   4. W_hat is the same for W and for W0: the growth of W is absorbed                (the practice)
//   5. the folded inference matrix (gamma / sigma) W gives the same outputs as
//      gamma (W x) / sigma                                                            (the practice)
// With practice = 0, W is used as it is (W_hat = W), and claims 3 and 4 fail.
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

Vector multiply(const Matrix& w, const Vector& x) {  // W x
  Vector y(w.size(), 0.0);
  for (std::size_t i = 0; i < w.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j) y[i] += w[i][j] * x[j];
  return y;
}

Vector multiply_transposed(const Matrix& w, const Vector& y) {  // W^T y
  Vector x(w[0].size(), 0.0);
  for (std::size_t i = 0; i < w.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j) x[j] += w[i][j] * y[i];
  return x;
}

double norm(const Vector& v) {
  double s = 0;
  for (const double e : v) s += e * e;
  return std::sqrt(s);
}

void normalize(Vector& v) {
  const double n = norm(v);
  for (double& e : v) e /= n;
}

// Largest eigenvalue of a symmetric matrix by the cyclic Jacobi method (rotations until the
// off-diagonal part vanishes to rounding).
double largest_eigenvalue(Matrix a) {
  const std::size_t n = a.size();
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0, total = 0;
    for (std::size_t p = 0; p < n; ++p)
      for (std::size_t q = 0; q < n; ++q) (p == q ? total : off) += a[p][q] * a[p][q];
    if (off <= 1e-30 * total) break;  // off-diagonal part below 1e-15 of the diagonal
    for (std::size_t p = 0; p + 1 < n; ++p)
      for (std::size_t q = p + 1; q < n; ++q) {
        if (a[p][q] == 0.0) continue;
        const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (std::size_t k = 0; k < n; ++k) {  // A J
          const double akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (std::size_t k = 0; k < n; ++k) {  // J^T (A J)
          const double apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
      }
  }
  double top = a[0][0];
  for (std::size_t i = 1; i < n; ++i) top = std::max(top, a[i][i]);
  return top;
}

// The largest singular value, independently of power iteration: sqrt of the largest eigenvalue of W^T W.
double spectral_norm(const Matrix& w) {
  const std::size_t n = w[0].size();
  Matrix gram(n, Vector(n, 0.0));
  for (const auto& row : w)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) gram[i][j] += row[i] * row[j];
  return std::sqrt(largest_eigenvalue(gram));
}

// Power iteration as in the official code: v = normalize(W u), u = normalize(W^T v), sigma = v^T W u,
// u kept between steps. Also reports the largest estimate seen along the way.
double power_iteration(const Matrix& w, Vector u, long long count, double& largest_seen) {
  double sigma = 0;
  largest_seen = 0;
  for (long long step = 0; step < count; ++step) {
    Vector v = multiply(w, u);
    normalize(v);
    u = multiply_transposed(w, v);
    normalize(u);
    const Vector wu = multiply(w, u);
    sigma = 0;
    for (std::size_t i = 0; i < v.size(); ++i) sigma += v[i] * wu[i];
    largest_seen = std::max(largest_seen, sigma);
  }
  return sigma;
}

// W_hat = gamma W / sigma with the practice; W itself without it.
Matrix reparameterize(const Matrix& w, double sigma) {
  Matrix out = w;
  if (practice == 1)
    for (auto& row : out)
      for (double& e : row) e = reparam_gamma * e / sigma;
  return out;
}

double max_abs_difference(const Matrix& a, const Matrix& b, double& scale) {
  double top = 0;
  scale = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a[i].size(); ++j) {
      top = std::max(top, std::fabs(a[i][j] - b[i][j]));
      scale = std::max(scale, std::fabs(b[i][j]));
    }
  return top;
}

int main() {
  print_parameters();
  Rng rng(static_cast<std::uint64_t>(seed));
  const auto m = static_cast<std::size_t>(rows), n = static_cast<std::size_t>(cols);
  Matrix w0(m, Vector(n)), w(m, Vector(n));
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      w0[i][j] = rng.normal() / std::sqrt(static_cast<double>(n));
      w[i][j] = weight_scale * w0[i][j];
    }
  Vector start(n);
  for (double& e : start) e = rng.normal();

  const double exact = spectral_norm(w), exact0 = spectral_norm(w0);
  double seen = 0, seen0 = 0;
  const double sigma = power_iteration(w, start, steps, seen);
  const double sigma0 = power_iteration(w0, start, steps, seen0);
  const Matrix w_hat = reparameterize(w, sigma), w_hat0 = reparameterize(w0, sigma0);
  const double hat_norm = spectral_norm(w_hat);
  double scale = 0;
  const double growth_gap = max_abs_difference(w_hat, w_hat0, scale) / scale;

  // Training computes gamma (W x) / sigma; inference folds the factor into one matrix once.
  const Matrix folded = w_hat;
  double fold_gap = 0, fold_scale = 0;
  for (int b = 0; b < 8; ++b) {
    Vector x(n);
    for (double& e : x) e = rng.normal();
    Vector train = multiply(w, x);
    if (practice == 1)
      for (double& e : train) e = reparam_gamma * e / sigma;
    const Vector inference = multiply(folded, x);
    for (std::size_t i = 0; i < m; ++i) {
      fold_gap = std::max(fold_gap, std::fabs(train[i] - inference[i]));
      fold_scale = std::max(fold_scale, std::fabs(train[i]));
    }
  }

  std::printf("\nW is %zu x %zu, grown by %g from W0 ~ N(0, 1/%zu); gamma = %g; reparameterization %s\n", m, n,
              weight_scale, n, reparam_gamma, practice == 1 ? "applied" : "left out (practice = 0)");
  std::printf("largest singular value (Jacobi on W^T W): W0 %.15g, W %.15g (grows by %.6g)\n", exact0, exact,
              exact / exact0);
  std::printf("power iteration, %lld steps: %.15g (relative error %.3g), largest estimate seen %.15g\n", steps,
              sigma, std::fabs(sigma / exact - 1.0), seen);
  std::printf("spectral norm of W_hat: %.15g (|gamma| = %g)\n", hat_norm, std::fabs(reparam_gamma));
  std::printf("W_hat from W against W_hat from W0: largest relative difference %.3g\n", growth_gap);
  std::printf("folded inference matrix against gamma (W x) / sigma: largest relative difference %.3g\n",
              fold_gap / fold_scale);

  Report report;
  report.at_most("power iteration reaches the largest singular value from a Jacobi eigen-decomposition of W^T W "
                 "(relative error)",
                 std::fabs(sigma / exact - 1.0), 1e-9);
  report.at_most("the power-iteration estimate never exceeds the largest singular value (largest estimate / "
                 "sigma_max - 1)",
                 std::max(seen / exact, seen0 / exact0) - 1.0, 1e-12);
  report.at_most("the spectral norm of the reparameterized matrix is |gamma| (relative error)",
                 std::fabs(hat_norm / std::fabs(reparam_gamma) - 1.0), 1e-9);
  report.at_most("the reparameterized matrix does not grow when W grows (largest relative difference between "
                 "W and W0)",
                 growth_gap, 1e-12);
  report.at_most("the folded inference matrix gives the same outputs as gamma (W x) / sigma (largest relative "
                 "difference)",
                 fold_gap / fold_scale, 1e-12);
  return report.finish();
}
