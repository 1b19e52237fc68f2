//{{header}}

// What this program checks (kernel primer_ez).
// One Primer-EZ layer over T tokens: Multi-DConv-Head Attention (a causal depthwise convolution of width 3
// along the sequence after each of the Q, K and V projections, each channel with its own taps), causal
// softmax attention, then a feed-forward layer with squared ReLU:
//   1. changing a later token never changes an earlier output, bit for bit           (the practice)
//   2. the convolution's impulse response is its taps (w0, w1, w2) and 0 elsewhere,
//      and the taps (1, 0, 0) give the identity bit for bit                          (the practice)
//   3. the activation is squared ReLU: f(x) = max(0, x)^2                              (the practice)
//   4. f'(x) = 2 max(0, x): central finite differences agree                          (the practice)
//   5. f(a x) = a^2 f(x) for a > 0                                                     (the practice)
//   6. control: a centred ("same"-padded) convolution would let later tokens change earlier outputs
//   7. the layer's output agrees with an independent evaluation of the Primer-EZ layer (convolution
//      after each of Q, K and V, squared ReLU), written apart from every helper above (the practice)
//   8. control: the same evaluation without the convolution, or with plain ReLU, differs from it, so
//      claim 7 sees both modifications
// With practice = 0 the convolution is left out and the activation is plain ReLU, and claims 2 to 5 and 7 fail.
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
using Matrix = std::vector<Vector>;  // rows: tokens

Matrix random_matrix(Rng& rng, std::size_t rows, std::size_t cols, double stddev) {
  Matrix m(rows, Vector(cols));
  for (auto& row : m)
    for (double& v : row) v = stddev * rng.normal();
  return m;
}

Matrix product(const Matrix& a, const Matrix& b) {
  Matrix out(a.size(), Vector(b[0].size(), 0.0));
  for (std::size_t t = 0; t < a.size(); ++t)
    for (std::size_t k = 0; k < b.size(); ++k)
      for (std::size_t j = 0; j < b[0].size(); ++j) out[t][j] += a[t][k] * b[k][j];
  return out;
}

// Squared ReLU, f(x) = max(0, x)^2 (plain ReLU with practice = 0).
double activation(double x) {
  const double r = std::max(0.0, x);
  return practice == 1 ? r * r : r;
}

// Depthwise convolution along the sequence, per channel c, zero padding at the start:
//   causal:  y_t[c] = w0[c] x_t[c] + w1[c] x_{t-1}[c] + w2[c] x_{t-2}[c]
//   centred: y_t[c] = w0[c] x_t[c] + w1[c] x_{t-1}[c] + w2[c] x_{t+1}[c]   (the control: it sees the future)
Matrix depthwise_conv(const Matrix& x, const Matrix& taps, bool causal) {
  Matrix y(x.size(), Vector(x[0].size(), 0.0));
  const long long t_count = static_cast<long long>(x.size());
  for (long long t = 0; t < t_count; ++t)
    for (std::size_t c = 0; c < x[0].size(); ++c) {
      const long long offsets[3] = {0, -1, causal ? -2 : 1};
      double sum = 0;
      for (int k = 0; k < 3; ++k) {
        const long long s = t + offsets[k];
        if (s >= 0 && s < t_count) sum += taps[c][static_cast<std::size_t>(k)] * x[static_cast<std::size_t>(s)][c];
      }
      y[static_cast<std::size_t>(t)][c] = sum;
    }
  return y;
}

struct Layer {
  Matrix wq, wk, wv, wo, w1, w2;
  Matrix taps_q, taps_k, taps_v;  // channels x 3
};

enum class Conv { causal, none, centred };

// x + Attention(x) followed by h + W_2 f(W_1 h): the Primer-EZ layer (Conv::none: without the convolution).
Matrix layer(const Matrix& x, const Layer& p, Conv conv) {
  Matrix q = product(x, p.wq), k = product(x, p.wk), v = product(x, p.wv);
  if (conv != Conv::none) {
    const bool causal = conv == Conv::causal;
    q = depthwise_conv(q, p.taps_q, causal), k = depthwise_conv(k, p.taps_k, causal), v = depthwise_conv(v, p.taps_v, causal);
  }
  const auto hd = static_cast<std::size_t>(head_dim);
  Matrix attended(x.size(), Vector(q[0].size(), 0.0));
  for (std::size_t h = 0; h < static_cast<std::size_t>(heads); ++h)
    for (std::size_t i = 0; i < x.size(); ++i) {
      Vector weights(i + 1);  // causal: token i attends to tokens 0..i
      for (std::size_t j = 0; j <= i; ++j) {
        double dot = 0;
        for (std::size_t c = 0; c < hd; ++c) dot += q[i][h * hd + c] * k[j][h * hd + c];
        weights[j] = dot / std::sqrt(static_cast<double>(hd));
      }
      const double top = *std::max_element(weights.begin(), weights.end());
      double z = 0;
      for (double& w : weights) z += (w = std::exp(w - top));
      for (std::size_t j = 0; j <= i; ++j)
        for (std::size_t c = 0; c < hd; ++c) attended[i][h * hd + c] += weights[j] / z * v[j][h * hd + c];
    }
  Matrix h = product(attended, p.wo);
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x[0].size(); ++j) h[i][j] += x[i][j];
  Matrix hidden = product(h, p.w1);
  for (auto& row : hidden)
    for (double& e : row) e = activation(e);
  const Matrix ff = product(hidden, p.w2);
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x[0].size(); ++j) h[i][j] += ff[i][j];
  return h;
}

// The check's own evaluation of the layer, token by token, sharing no helper with the program above:
// q_t = sum_k w_k[c] (x W_q)_{t-k} (zero before the start) and the same for k and v; causal softmax
// attention with 1/sqrt(head_dim); h = x + a W_o; y = h + max(0, h W_1)^p W_2, p = 2 (1 for plain ReLU).
Matrix reference_layer(const Matrix& x, const Layer& p, bool convolve, int power) {
  const std::size_t t = x.size(), dm = x[0].size(), ch = p.wq[0].size(), hd = static_cast<std::size_t>(head_dim);
  const auto project = [&](const Matrix& w, const Matrix& taps) {
    Matrix raw(t, Vector(ch)), out(t, Vector(ch, 0.0));
    for (std::size_t i = 0; i < t; ++i)
      for (std::size_t c = 0; c < ch; ++c) {
        long double sum = 0;
        for (std::size_t r = 0; r < dm; ++r) sum += static_cast<long double>(x[i][r]) * w[r][c];
        raw[i][c] = static_cast<double>(sum);
      }
    for (std::size_t i = 0; i < t; ++i)
      for (std::size_t c = 0; c < ch; ++c)
        if (!convolve) out[i][c] = raw[i][c];
        else
          for (std::size_t lag = 0; lag < 3 && lag <= i; ++lag) out[i][c] += taps[c][lag] * raw[i - lag][c];
    return out;
  };
  const Matrix q = project(p.wq, p.taps_q), k = project(p.wk, p.taps_k), v = project(p.wv, p.taps_v);
  Matrix y = x;
  for (std::size_t i = 0; i < t; ++i) {
    Vector a(ch, 0.0);
    for (std::size_t head = 0; head * hd < ch; ++head) {
      std::vector<long double> w(i + 1);
      long double top = -1e300L, z = 0;
      for (std::size_t j = 0; j <= i; ++j) {
        long double dot = 0;
        for (std::size_t c = head * hd; c < (head + 1) * hd; ++c) dot += static_cast<long double>(q[i][c]) * k[j][c];
        w[j] = dot / std::sqrt(static_cast<long double>(hd));
        top = std::max(top, w[j]);
      }
      for (auto& e : w) z += (e = std::exp(e - top));
      for (std::size_t c = head * hd; c < (head + 1) * hd; ++c)
        for (std::size_t j = 0; j <= i; ++j) a[c] += static_cast<double>(w[j] / z) * v[j][c];
    }
    for (std::size_t c = 0; c < dm; ++c)
      for (std::size_t r = 0; r < ch; ++r) y[i][c] += a[r] * p.wo[r][c];
    Vector hidden(p.w1[0].size(), 0.0);
    for (std::size_t f = 0; f < hidden.size(); ++f) {
      for (std::size_t c = 0; c < dm; ++c) hidden[f] += y[i][c] * p.w1[c][f];
      hidden[f] = hidden[f] > 0 ? (power == 2 ? hidden[f] * hidden[f] : hidden[f]) : 0.0;
    }
    Vector ff(dm, 0.0);
    for (std::size_t c = 0; c < dm; ++c)
      for (std::size_t f = 0; f < hidden.size(); ++f) ff[c] += hidden[f] * p.w2[f][c];
    for (std::size_t c = 0; c < dm; ++c) y[i][c] += ff[c];
  }
  return y;
}

double max_abs_difference(const Matrix& a, const Matrix& b) {
  double top = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a[i].size(); ++j) top = std::max(top, std::fabs(a[i][j] - b[i][j]));
  return top;
}

double max_abs(const Matrix& m) {
  double top = 0;
  for (const auto& row : m)
    for (const double v : row) top = std::max(top, std::fabs(v));
  return top;
}

// Largest change of an output at or before token t when every token after t is redrawn, over every cut t
// (at most about 16 cuts, evenly spaced, always including the last).
double future_leak(const Matrix& x, const Layer& p, Conv conv, Rng& rng) {
  const Matrix base = layer(x, p, conv);
  const std::size_t stride = std::max<std::size_t>(1, x.size() / 16);
  std::vector<std::size_t> cuts;
  for (std::size_t t = 0; t + 1 < x.size(); t += stride) cuts.push_back(t);
  if (cuts.back() != x.size() - 2) cuts.push_back(x.size() - 2);
  double leak = 0;
  for (const std::size_t t : cuts) {
    Matrix changed = x;
    for (std::size_t s = t + 1; s < x.size(); ++s)
      for (double& e : changed[s]) e = rng.normal();
    const Matrix out = layer(changed, p, conv);
    for (std::size_t s = 0; s <= t; ++s)
      for (std::size_t j = 0; j < x[0].size(); ++j) leak = std::max(leak, std::fabs(out[s][j] - base[s][j]));
  }
  return leak;
}

// ---- What the program measures, prints and reports ----
Layer random_layer(Rng& rng, std::size_t dm, std::size_t channels, std::size_t ff) {
  Layer p;
  p.wq = random_matrix(rng, dm, channels, 1.0 / std::sqrt(static_cast<double>(dm)));
  p.wk = random_matrix(rng, dm, channels, 1.0 / std::sqrt(static_cast<double>(dm)));
  p.wv = random_matrix(rng, dm, channels, 1.0 / std::sqrt(static_cast<double>(dm)));
  p.wo = random_matrix(rng, channels, dm, 1.0 / std::sqrt(static_cast<double>(channels)));
  p.w1 = random_matrix(rng, dm, ff, 1.0 / std::sqrt(static_cast<double>(dm)));
  p.w2 = random_matrix(rng, ff, dm, 1.0 / std::sqrt(static_cast<double>(ff)));
  for (Matrix* taps : {&p.taps_q, &p.taps_k, &p.taps_v}) {
    taps->assign(channels, Vector(3));
    for (auto& w : *taps)  // Primer's initialization w0 = 0.5, w1 = w2 = 0.5 / 3, perturbed per channel
      w = {0.5 + conv_noise * rng.normal(), 0.5 / 3 + conv_noise * rng.normal(), 0.5 / 3 + conv_noise * rng.normal()};
  }
  return p;
}

struct Measured {
  double leak = 0, control_leak = 0;                                  // claims 1 and 6
  double impulse_error = 0;                                           // claim 2
  double definition_error = 0, derivative_error = 0, homogeneity_error = 0;  // claims 3, 4, 5
  double reference_gap = 0, without_conv = 0, plain_relu = 0;         // claims 7 and 8
};

// 2: impulse response of the convolution as the layer applies it (none with practice = 0).
double impulse_error(const Matrix& x, const Layer& p, Conv conv, std::size_t t, std::size_t channels) {
  const std::size_t t0 = t / 2;
  Matrix impulse(t, Vector(channels, 0.0));
  for (double& e : impulse[t0]) e = 1.0;
  const Matrix response = conv == Conv::causal ? depthwise_conv(impulse, p.taps_q, true) : impulse;
  double impulse_error = 0;
  for (std::size_t s = 0; s < t; ++s)
    for (std::size_t c = 0; c < channels; ++c) {
      const double expected = s >= t0 && s <= t0 + 2 ? p.taps_q[c][s - t0] : 0.0;
      impulse_error = std::max(impulse_error, std::fabs(response[s][c] - expected));
    }
  const Matrix identity_taps(channels, Vector{1.0, 0.0, 0.0});
  const Matrix q = product(x, p.wq);
  const Matrix same = conv == Conv::causal ? depthwise_conv(q, identity_taps, true) : q;
  for (std::size_t s = 0; s < t; ++s)
    for (std::size_t c = 0; c < channels; ++c) impulse_error = std::max(impulse_error, std::fabs(same[s][c] - q[s][c]));
  return impulse_error;
}

// 3, 4, 5: the activation on a grid of points.
void measure_activation(Measured& m) {
  const double h = 1e-5;
  for (int i = -300; i <= 300; ++i) {
    const double xv = i / 100.0 + 0.001;  // avoids 0, where f' has no finite-difference value for ReLU
    const double r = xv > 0 ? xv : 0.0;
    m.definition_error = std::max(m.definition_error, std::fabs(activation(xv) - r * r));
    if (std::fabs(xv) > 10 * h)
      m.derivative_error =
          std::max(m.derivative_error, std::fabs((activation(xv + h) - activation(xv - h)) / (2 * h) - 2.0 * r));
    for (const double a : {0.5, 3.0, 7.25})
      if (xv > 0)
        m.homogeneity_error =
            std::max(m.homogeneity_error, std::fabs(activation(a * xv) / (a * a * activation(xv)) - 1.0));
  }
}

Measured measure(Rng& rng, const Matrix& x, const Layer& p, Conv conv, std::size_t t, std::size_t channels) {
  Measured m;
  // 1 and 6: causality of the layer, and the leak of a centred convolution.
  m.leak = future_leak(x, p, conv, rng);
  m.control_leak = future_leak(x, p, Conv::centred, rng);
  m.impulse_error = impulse_error(x, p, conv, t, channels);
  // 7, 8: the layer against the independent evaluation, and that evaluation without each modification.
  const Matrix expected = reference_layer(x, p, true, 2);
  m.reference_gap = max_abs_difference(layer(x, p, conv), expected) / max_abs(expected);
  m.without_conv = max_abs_difference(reference_layer(x, p, false, 2), expected) / max_abs(expected);
  m.plain_relu = max_abs_difference(reference_layer(x, p, true, 1), expected) / max_abs(expected);
  measure_activation(m);
  return m;
}

void print_measured(const Measured& m, std::size_t t, std::size_t dm, std::size_t ff) {
  std::printf("\n%zu tokens, d_model %zu, %lld heads of %lld, d_ff %zu; %s\n", t, dm, heads, head_dim, ff,
              practice == 1 ? "causal depthwise convolution after Q, K, V and squared ReLU"
                            : "no convolution and plain ReLU (practice = 0)");
  std::printf("largest change of an earlier output when later tokens change: %.3g (centred convolution: %.3g)\n",
              m.leak, m.control_leak);
  std::printf("impulse response and identity taps: largest error %.3g\n", m.impulse_error);
  std::printf("layer against an independent evaluation: largest relative difference %.3g (that evaluation without "
              "the convolution differs by %.3g, with plain ReLU by %.3g)\n",
              m.reference_gap, m.without_conv, m.plain_relu);
  std::printf("activation: definition error %.3g, derivative error %.3g, homogeneity error %.3g\n",
              m.definition_error, m.derivative_error, m.homogeneity_error);
}

int report_claims(const Measured& m) {
  Report report;
  report.at_most("changing a later token never changes an earlier output (largest change)", m.leak, 0.0);
  report.at_most("the convolution's impulse response is its taps, and taps (1, 0, 0) give the identity (largest "
                 "error)",
                 m.impulse_error, 0.0);
  report.at_most("the activation is squared ReLU, max(0, x)^2 (largest error)", m.definition_error, 0.0);
  report.at_most("its derivative is 2 max(0, x): central finite differences agree (largest error)", m.derivative_error,
                 1e-8);
  report.at_most("it is homogeneous of degree 2: f(a x) = a^2 f(x) (largest relative error)", m.homogeneity_error,
                 1e-14);
  report.at_least("control: a centred convolution lets later tokens change earlier outputs (largest change)",
                  m.control_leak, 1e-9);
  report.at_most("the layer agrees with an independent evaluation of Primer-EZ (convolution after Q, K and V, "
                 "squared ReLU) (largest relative difference)",
                 m.reference_gap, 1e-12);
  report.at_least("control: that evaluation without the convolution, or with plain ReLU, differs from it (the smaller "
                  "relative difference)",
                  std::min(m.without_conv, m.plain_relu), 1e-3);
  return report.finish();
}

int main() {
  print_parameters();
  Rng rng(static_cast<std::uint64_t>(seed));
  const auto t = static_cast<std::size_t>(tokens), dm = static_cast<std::size_t>(d_model),
             channels = static_cast<std::size_t>(heads * head_dim), ff = static_cast<std::size_t>(d_ff);
  const Layer p = random_layer(rng, dm, channels, ff);
  const Matrix x = random_matrix(rng, t, dm, 1.0);
  const Conv conv = practice == 1 ? Conv::causal : Conv::none;
  const Measured measured = measure(rng, x, p, conv, t, channels);
  print_measured(measured, t, dm, ff);
  return report_claims(measured);
}
