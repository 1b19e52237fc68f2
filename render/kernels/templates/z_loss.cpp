//{{header}}

// What this program checks (kernel z_loss).
// Logits that have drifted as a whole (every logit offset by `drift`). Cross-entropy cannot see a common
// shift of the logits: its gradient sums to zero over the vocabulary, so it never corrects the drift and
// log Z stays large. The z-loss c log^2 Z (PaLM) has a gradient that sums to 2c log Z. The common level
// s of the logits (y_n + s, as an output bias shared by the vocabulary) is trained by gradient descent;
// its gradient is exactly the sum of the logit gradient's components.
//   1. the analytic gradient (1 + 2c log Z) softmax - onehot matches central finite differences
//   2. the gradient's components sum to 2c log Z (the cross-entropy part sums to 0)
//   3. with the z-loss, gradient steps drive log Z toward 0                            (the practice)
//   4. each step removes exactly the fraction 2 c lr = step_size of the mean log Z    (the practice)
//   5. control: with cross-entropy alone the gradient on the common level is zero, and log Z keeps its drift
// The step is lr = step_size / (2c), so every coefficient in the range converges at the same rate.
// With practice = 0 the z-loss coefficient is 0, and claims 3 and 4 fail.
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

double log_sum_exp(const Vector& y) {
  const double top = *std::max_element(y.begin(), y.end());
  double z = 0;
  for (const double v : y) z += std::exp(v - top);
  return top + std::log(z);
}

// One token's loss: CE + c log^2 Z, CE = log Z - y_target.
double loss(const Vector& y, std::size_t target, double c) {
  const double log_z = log_sum_exp(y);
  return log_z - y[target] + c * log_z * log_z;
}

// Its gradient: (1 + 2c log Z) softmax_j - onehot_j (the T5X custom VJP).
Vector gradient(const Vector& y, std::size_t target, double c) {
  const double log_z = log_sum_exp(y);
  Vector g(y.size());
  for (std::size_t j = 0; j < y.size(); ++j) g[j] = (1.0 + 2.0 * c * log_z) * std::exp(y[j] - log_z);
  g[target] -= 1.0;
  return g;
}

// Mean log Z over the tokens with every logit shifted by s.
double mean_log_z(const std::vector<Vector>& y, double s) {
  double total = 0;
  for (const auto& row : y) total += log_sum_exp(row) + s;
  return total / static_cast<double>(y.size());
}

// The learning rate: a fixed fraction of log Z per step whatever the coefficient (c as configured, so the
// control descends with the same rate).
constexpr double lr = step_size / (2.0 * coefficient);

// Gradient descent on the common level s of the logits, on the mean over tokens of CE + c log^2 Z. The
// gradient with respect to s is the sum of the components of the gradient with respect to the logits.
double train_common_level(const std::vector<Vector>& y, const std::vector<std::size_t>& targets, double c) {
  double s = 0;
  for (long long step = 0; step < steps; ++step) {
    double ds = 0;
    for (std::size_t n = 0; n < y.size(); ++n) {
      Vector shifted = y[n];
      for (double& e : shifted) e += s;
      for (const double g : gradient(shifted, targets[n], c)) ds += g / static_cast<double>(y.size());
    }
    s -= lr * ds;
  }
  return s;
}

int main() {
  print_parameters();
  Rng rng(static_cast<std::uint64_t>(seed));
  const auto v = static_cast<std::size_t>(vocab);
  const double c = practice == 1 ? coefficient : 0.0;
  std::vector<Vector> y(static_cast<std::size_t>(tokens), Vector(v));
  std::vector<std::size_t> targets;
  for (auto& row : y) {
    for (double& e : row) e = drift + rng.normal();
    targets.push_back(static_cast<std::size_t>(rng.next() % v));
  }

  // 1, 2: gradient against central finite differences (h = 1e-5) and its sum, on every token.
  double fd_error = 0, sum_error = 0, largest_loss = 0, largest_sum = 0;
  const double h = 1e-5;
  for (std::size_t n = 0; n < y.size(); ++n) {
    const Vector g = gradient(y[n], targets[n], c);
    largest_loss = std::max(largest_loss, std::fabs(loss(y[n], targets[n], c)));
    double sum = 0;
    for (std::size_t j = 0; j < v; ++j) {
      Vector plus = y[n], minus = y[n];
      plus[j] += h;
      minus[j] -= h;
      const double numeric = (loss(plus, targets[n], c) - loss(minus, targets[n], c)) / (2 * h);
      fd_error = std::max(fd_error, std::fabs(numeric - g[j]));
      sum += g[j];
    }
    sum_error = std::max(sum_error, std::fabs(sum - 2.0 * c * log_sum_exp(y[n])));
    largest_sum = std::max(largest_sum, std::fabs(2.0 * c * log_sum_exp(y[n])));
  }

  // 3, 4: gradient descent on the common level with the z-loss (the practice) and with CE alone (the control).
  const double start = mean_log_z(y, 0.0);
  const double with_z = mean_log_z(y, train_common_level(y, targets, c));
  const double control = mean_log_z(y, train_common_level(y, targets, 0.0));

  std::printf("\n%lld tokens, vocabulary %zu, logits drifted by %g; c = %g (%s), %lld steps of size %g\n", tokens, v,
              drift, c, practice == 1 ? "z-loss on" : "practice removed", steps, lr);
  const double predicted = std::pow(1.0 - step_size, static_cast<double>(steps));  // (1 - 2 c lr)^steps
  std::printf("gradient against central finite differences: largest error %.3g; its sum against 2c log Z: %.3g\n",
              fd_error, sum_error);
  std::printf("mean log Z: at the start %.6g; after training %s %.6g; with cross-entropy alone %.6g\n", start,
              practice == 1 ? "with the z-loss" : "(practice removed)", with_z, control);

  Report report;
  // A central difference of a loss of size L carries a rounding error of about 2.2e-16 L / h = 2.2e-11 L.
  report.at_most("the gradient (1 + 2c log Z) softmax - onehot matches central finite differences (largest "
                 "absolute error; bound 1e-8 + 1e-10 x the largest loss)",
                 fd_error, 1e-8 + 1e-10 * largest_loss);
  report.at_most("the gradient's components sum to 2c log Z (largest absolute error; bound 1e-12 x max(1, 2c log Z))",
                 sum_error, 1e-12 * std::max(1.0, largest_sum));
  report.at_most("gradient steps with the z-loss drive log Z toward 0 (|mean log Z after / before|)",
                 std::fabs(with_z / start), 0.01);
  report.near("each step removes the fraction 2c lr of the mean log Z (mean log Z after / before, against "
              "(1 - 2c lr)^steps)",
              with_z / start, predicted, 1e-9);
  report.at_most("control: with cross-entropy alone log Z keeps its drift (|mean log Z after / before - 1|)",
                 std::fabs(control / start - 1.0), 1e-9);
  return report.finish();
}
