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
//   4. control: with cross-entropy alone the gradient on the common level is zero, and log Z keeps its drift
// With practice = 0 the z-loss coefficient is 0, and claim 3 fails.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

//{{parameters}}

// ---- Deterministic random numbers: splitmix64, and Box-Muller for normals ----
struct Rng {
  std::uint64_t state;
  explicit Rng(std::uint64_t seed_value) : state(seed_value) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1p-53; }  // in (0, 1)
  double normal() {  // Box-Muller: sqrt(-2 ln u1) cos(2 pi u2)
    const double u1 = uniform();
    const double u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
};

// ---- Claims and the RESULT line ----
struct Claim {
  std::string text;
  double measured;
  double bound;
  bool pass;
};

struct Report {
  std::vector<Claim> claims;
  void at_most(const std::string& text, double measured, double bound) {
    claims.push_back({text, measured, bound, measured <= bound});
  }
  void at_least(const std::string& text, double measured, double bound) {
    claims.push_back({text, measured, bound, measured >= bound});
  }
  static std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (const char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        out += '\\';
        out += ch;
      } else if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += ch;
      }
    }
    return out + "\"";
  }
  static std::string json_number(double v) {
    if (!std::isfinite(v)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.12g", v);
    return buf;
  }
  // Prints every claim in words, then the RESULT line; returns the exit status.
  int finish() const {
    bool all = true;
    std::printf("\n");
    for (std::size_t i = 0; i < claims.size(); ++i) {
      const Claim& c = claims[i];
      all = all && c.pass;
      std::printf("claim %zu: %s\n  measured %.6g, bound %.6g: %s\n", i + 1, c.text.c_str(), c.measured, c.bound,
                  c.pass ? "holds" : "FAILS");
    }
    std::string line = "RESULT {\"kernel\": " + json_string(kernel_name) + ", \"node\": " + json_string(node_id) +
                       ", \"pass\": " + (all ? "true" : "false") + ", \"claims\": [";
    for (std::size_t i = 0; i < claims.size(); ++i) {
      const Claim& c = claims[i];
      line += (i ? ", " : "") + std::string("{\"claim\": ") + json_string(c.text) +
              ", \"measured\": " + json_number(c.measured) + ", \"bound\": " + json_number(c.bound) +
              ", \"pass\": " + (c.pass ? "true" : "false") + "}";
    }
    std::printf("%s]}\n", line.c_str());
    return all ? 0 : 1;
  }
};

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
  double fd_error = 0, sum_error = 0, largest_loss = 0;
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
  }

  // 3, 4: gradient descent on the common level with the z-loss (the practice) and with CE alone (the control).
  const double start = mean_log_z(y, 0.0);
  const double with_z = mean_log_z(y, train_common_level(y, targets, c));
  const double control = mean_log_z(y, train_common_level(y, targets, 0.0));

  std::printf("\n%lld tokens, vocabulary %zu, logits drifted by %g; c = %g (%s), %lld steps of size %g\n", tokens, v,
              drift, c, practice == 1 ? "z-loss on" : "practice removed", steps, lr);
  std::printf("gradient against central finite differences: largest error %.3g; its sum against 2c log Z: %.3g\n",
              fd_error, sum_error);
  std::printf("mean log Z: at the start %.6g; after training %s %.6g; with cross-entropy alone %.6g\n", start,
              practice == 1 ? "with the z-loss" : "(practice removed)", with_z, control);

  Report report;
  // A central difference of a loss of size L carries a rounding error of about 2.2e-16 L / h = 2.2e-11 L.
  report.at_most("the gradient (1 + 2c log Z) softmax - onehot matches central finite differences (largest "
                 "absolute error; bound 1e-8 + 1e-10 x the largest loss)",
                 fd_error, 1e-8 + 1e-10 * largest_loss);
  report.at_most("the gradient's components sum to 2c log Z (largest absolute error)", sum_error, 1e-12);
  report.at_most("gradient steps with the z-loss drive log Z toward 0 (|mean log Z after / before|)",
                 std::fabs(with_z / start), 0.01);
  report.at_most("control: with cross-entropy alone log Z keeps its drift (|mean log Z after / before - 1|)",
                 std::fabs(control / start - 1.0), 1e-9);
  return report.finish();
}
