//{{header}}

// What this program checks (kernel parallel_block).
// A transformer block over T tokens, d_model = heads * head_dim, one shared LayerNorm (GPT-J). In the
// parallel form both branches read the same h = LN(x), so the attention's QKV projection and the MLP's
// first layer are one matrix product h [W_qkv | W_1], and the two output projections are one product
// [a | act(u)] [W_o ; W_2]: two matrix products per block instead of four, the same FLOPs.
//   1. the fused input product equals the two separate ones bit for bit               (the fusion)
//   2. the fused output product equals a W_o + act(u) W_2 to rounding                 (the fusion)
//   3. the fused computation reproduces the block y = x + Attention(LN x) + MLP(LN x)  (the practice)
//   4. control: the serial block x + MLP(LN(x + Attention(LN x))) is a different function, which the
//      fused computation cannot reproduce
//   5. the two forms agree bit for bit when the attention branch is zero (W_o = 0)
//   6. the block agrees with an independent evaluation of x + Attention(LN x) + MLP(LN x), written
//      apart from every helper above (causal mask, 1/sqrt(head_dim), LN gain and bias, GELU) (the practice)
//   7. the fused computation takes 2 matrix products (the block as written takes 4)  (the fusion)
// With practice = 0 the block is the serial one, and claims 3 and 6 fail.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

//{{parameters}}

//{{support}}

// ---- The practice ----
using Vector = std::vector<double>;
using Matrix = std::vector<Vector>;  // rows

Matrix random_matrix(Rng& rng, std::size_t rows, std::size_t cols, double stddev) {
  Matrix m(rows, Vector(cols));
  for (auto& row : m)
    for (double& v : row) v = stddev * rng.normal();
  return m;
}

// out[:, offset + j] = a b[:, j]: one matrix product ("GEMM"), summing over k in order for every column.
int gemm_count = 0;
void gemm(const Matrix& a, const Matrix& b, Matrix& out, std::size_t offset) {
  ++gemm_count;
  for (std::size_t t = 0; t < a.size(); ++t)
    for (std::size_t j = 0; j < b[0].size(); ++j) {
      double sum = 0;
      for (std::size_t k = 0; k < b.size(); ++k) sum += a[t][k] * b[k][j];
      out[t][offset + j] = sum;
    }
}

Matrix product(const Matrix& a, const Matrix& b) {
  Matrix out(a.size(), Vector(b[0].size()));
  gemm(a, b, out, 0);
  return out;
}

Matrix concat_columns(const Matrix& a, const Matrix& b) {
  Matrix out = a;
  for (std::size_t i = 0; i < a.size(); ++i) out[i].insert(out[i].end(), b[i].begin(), b[i].end());
  return out;
}

Matrix concat_rows(const Matrix& a, const Matrix& b) {
  Matrix out = a;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

Matrix add(const Matrix& a, const Matrix& b) {
  Matrix out = a;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a[i].size(); ++j) out[i][j] += b[i][j];
  return out;
}

struct Weights {
  Vector gain, bias;  // the shared LayerNorm
  Matrix w_qkv, w_1, w_o, w_2;
};

Matrix layer_norm(const Matrix& x, const Weights& w) {
  Matrix out = x;
  for (auto& row : out) {
    double mean = 0, var = 0;
    for (const double v : row) mean += v / static_cast<double>(row.size());
    for (const double v : row) var += (v - mean) * (v - mean) / static_cast<double>(row.size());
    for (std::size_t i = 0; i < row.size(); ++i) row[i] = (row[i] - mean) / std::sqrt(var + 1e-5) * w.gain[i] + w.bias[i];
  }
  return out;
}

double gelu(double x) { return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); }

// Causal multi-head attention from the first 3 d_model columns of `qkv` (q, k, v side by side).
Matrix attention(const Matrix& qkv) {
  const auto h_count = static_cast<std::size_t>(heads), hd = static_cast<std::size_t>(head_dim);
  const std::size_t d = h_count * hd, t = qkv.size();
  Matrix out(t, Vector(d, 0.0));
  for (std::size_t h = 0; h < h_count; ++h)
    for (std::size_t i = 0; i < t; ++i) {
      Vector logits(i + 1);
      for (std::size_t j = 0; j <= i; ++j) {
        double dot = 0;
        for (std::size_t c = 0; c < hd; ++c) dot += qkv[i][h * hd + c] * qkv[j][d + h * hd + c];
        logits[j] = dot / std::sqrt(static_cast<double>(hd));
      }
      const double top = *std::max_element(logits.begin(), logits.end());
      double z = 0;
      for (double& l : logits) z += (l = std::exp(l - top));
      for (std::size_t j = 0; j <= i; ++j)
        for (std::size_t c = 0; c < hd; ++c) out[i][h * hd + c] += logits[j] / z * qkv[j][2 * d + h * hd + c];
    }
  return out;
}

Matrix activate(const Matrix& u) {
  Matrix out = u;
  for (auto& row : out)
    for (double& v : row) v = gelu(v);
  return out;
}

Matrix columns(const Matrix& m, std::size_t from, std::size_t count) {
  Matrix out(m.size());
  for (std::size_t i = 0; i < m.size(); ++i) out[i].assign(m[i].begin() + static_cast<std::ptrdiff_t>(from), m[i].begin() + static_cast<std::ptrdiff_t>(from + count));
  return out;
}

// The parallel block as written: four matrix products.
Matrix parallel_block(const Matrix& x, const Weights& w) {
  const Matrix h = layer_norm(x, w);
  return add(add(x, product(attention(product(h, w.w_qkv)), w.w_o)), product(activate(product(h, w.w_1)), w.w_2));
}

// The serial (standard pre-LN) block: the MLP reads the attention's output, so nothing fuses.
Matrix serial_block(const Matrix& x, const Weights& w) {
  const Matrix y = add(x, product(attention(product(layer_norm(x, w), w.w_qkv)), w.w_o));
  return add(y, product(activate(product(layer_norm(y, w), w.w_1)), w.w_2));
}

// The fused parallel block: two matrix products.
Matrix fused_block(const Matrix& x, const Weights& w, const Matrix& w_in, const Matrix& w_out) {
  const std::size_t d = w.w_o.size();
  const Matrix projected = product(layer_norm(x, w), w_in);  // [q k v u]
  const Matrix branches = concat_columns(attention(projected), activate(columns(projected, 3 * d, w.w_1[0].size())));
  return add(x, product(branches, w_out));
}

// The check's own evaluation of the parallel block, token by token, sharing no helper with the program
// above: y_i = x_i + sum_h sum_{j<=i} softmax_j(q_i.k_j / sqrt(hd)) v_j W_o + GELU(h_i W_1) W_2, h = LN(x).
Matrix reference_block(const Matrix& x, const Weights& w) {
  const std::size_t t = x.size(), d = x[0].size(), hd = static_cast<std::size_t>(head_dim), ff = w.w_1[0].size();
  Matrix h(t, Vector(d)), q(t, Vector(d)), k(t, Vector(d)), v(t, Vector(d)), y = x;
  for (std::size_t i = 0; i < t; ++i) {
    long double mean = 0, var = 0;
    for (std::size_t c = 0; c < d; ++c) mean += x[i][c];
    mean /= static_cast<long double>(d);
    for (std::size_t c = 0; c < d; ++c) var += (x[i][c] - mean) * (x[i][c] - mean);
    var /= static_cast<long double>(d);
    for (std::size_t c = 0; c < d; ++c)
      h[i][c] = static_cast<double>((x[i][c] - mean) / std::sqrt(var + 1e-5L)) * w.gain[c] + w.bias[c];
    for (std::size_t c = 0; c < d; ++c) {
      long double sq = 0, sk = 0, sv = 0;
      for (std::size_t r = 0; r < d; ++r)
        sq += h[i][r] * w.w_qkv[r][c], sk += h[i][r] * w.w_qkv[r][d + c], sv += h[i][r] * w.w_qkv[r][2 * d + c];
      q[i][c] = static_cast<double>(sq), k[i][c] = static_cast<double>(sk), v[i][c] = static_cast<double>(sv);
    }
  }
  for (std::size_t i = 0; i < t; ++i) {
    Vector a(d, 0.0);
    for (std::size_t head = 0; head * hd < d; ++head) {
      std::vector<long double> p(i + 1);
      long double top = -1e300L, z = 0;
      for (std::size_t j = 0; j <= i; ++j) {
        long double dot = 0;
        for (std::size_t c = head * hd; c < (head + 1) * hd; ++c) dot += static_cast<long double>(q[i][c]) * k[j][c];
        p[j] = dot / std::sqrt(static_cast<long double>(hd));
        top = std::max(top, p[j]);
      }
      for (auto& e : p) z += (e = std::exp(e - top));
      for (std::size_t c = head * hd; c < (head + 1) * hd; ++c) {
        long double sum = 0;
        for (std::size_t j = 0; j <= i; ++j) sum += p[j] / z * v[j][c];
        a[c] = static_cast<double>(sum);
      }
    }
    for (std::size_t c = 0; c < d; ++c) {
      long double out = 0;
      for (std::size_t r = 0; r < d; ++r) out += static_cast<long double>(a[r]) * w.w_o[r][c];
      y[i][c] += static_cast<double>(out);
    }
    Vector g(ff);
    for (std::size_t f = 0; f < ff; ++f) {
      long double u = 0;
      for (std::size_t r = 0; r < d; ++r) u += static_cast<long double>(h[i][r]) * w.w_1[r][f];
      const long double inner = 0.7978845608028654L * (u + 0.044715L * u * u * u);  // sqrt(2/pi) (u + 0.044715 u^3)
      g[f] = static_cast<double>(0.5L * u * (1.0L + std::tanh(inner)));
    }
    for (std::size_t c = 0; c < d; ++c) {
      long double out = 0;
      for (std::size_t f = 0; f < ff; ++f) out += static_cast<long double>(g[f]) * w.w_2[f][c];
      y[i][c] += static_cast<double>(out);
    }
  }
  return y;
}

double max_abs(const Matrix& m) {
  double top = 0;
  for (const auto& row : m)
    for (const double v : row) top = std::max(top, std::fabs(v));
  return top;
}

double max_abs_difference(const Matrix& a, const Matrix& b) {
  double top = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a[i].size(); ++j) top = std::max(top, std::fabs(a[i][j] - b[i][j]));
  return top;
}

int main() {
  print_parameters();
  Rng rng(static_cast<std::uint64_t>(seed));
  const std::size_t d = static_cast<std::size_t>(heads * head_dim), ff = static_cast<std::size_t>(d_ff),
                    t = static_cast<std::size_t>(tokens);
  const double s_in = 1.0 / std::sqrt(static_cast<double>(d)), s_ff = 1.0 / std::sqrt(static_cast<double>(ff));
  Weights w;
  w.gain.resize(d), w.bias.resize(d);
  for (double& g : w.gain) g = 1.0 + 0.1 * rng.normal();
  for (double& b : w.bias) b = 0.1 * rng.normal();
  w.w_qkv = random_matrix(rng, d, 3 * d, s_in);
  w.w_1 = random_matrix(rng, d, ff, s_in);
  w.w_o = random_matrix(rng, d, d, s_in);
  w.w_2 = random_matrix(rng, ff, d, s_ff);
  const Matrix x = random_matrix(rng, t, d, 1.0);
  const Matrix w_in = concat_columns(w.w_qkv, w.w_1), w_out = concat_rows(w.w_o, w.w_2);

  // 1. Input side: one product against two.
  const Matrix h = layer_norm(x, w);
  const Matrix fused_in = product(h, w_in), separate_in = concat_columns(product(h, w.w_qkv), product(h, w.w_1));
  const double input_gap = max_abs_difference(fused_in, separate_in);

  // 2. Output side: [a | act(u)] [W_o ; W_2] against a W_o + act(u) W_2.
  const Matrix a = attention(fused_in), g = activate(columns(fused_in, 3 * d, ff));
  const Matrix fused_out = product(concat_columns(a, g), w_out), separate_out = add(product(a, w.w_o), product(g, w.w_2));
  const double output_gap = max_abs_difference(fused_out, separate_out) / max_abs(separate_out);

  // 3, 4. The block against the fused computation.
  gemm_count = 0;
  const Matrix block = practice == 1 ? parallel_block(x, w) : serial_block(x, w);
  const int block_gemms = gemm_count;
  gemm_count = 0;
  const Matrix fused = fused_block(x, w, w_in, w_out);
  const int fused_gemms = gemm_count;
  const double fused_gap = max_abs_difference(fused, block) / max_abs(block);
  const Matrix parallel = parallel_block(x, w), serial = serial_block(x, w);
  const double form_gap = max_abs_difference(parallel, serial) / max_abs(parallel);
  const Matrix expected = reference_block(x, w);
  const double reference_gap = max_abs_difference(block, expected) / max_abs(expected);

  // 5. With W_o = 0 the attention branch vanishes and the forms coincide.
  Weights no_attention = w;
  for (auto& row : no_attention.w_o) std::fill(row.begin(), row.end(), 0.0);
  const double zero_gap = max_abs_difference(parallel_block(x, no_attention), serial_block(x, no_attention));

  std::printf("\n%zu tokens, d_model %zu (%lld heads of %lld), d_ff %zu; the block is %s\n", t, d, heads, head_dim,
              ff, practice == 1 ? "the parallel one" : "the serial one (practice = 0)");
  std::printf("matrix products per block: %d as written, %d fused\n", block_gemms, fused_gemms);
  std::printf("input fusion: largest |fused - separate| = %.3g\n", input_gap);
  std::printf("output fusion: largest relative difference %.3g\n", output_gap);
  std::printf("fused computation against the block: largest relative difference %.3g\n", fused_gap);
  std::printf("parallel against serial: %.3g; with W_o = 0: %.3g\n", form_gap, zero_gap);
  std::printf("the block against an independent evaluation: largest relative difference %.3g\n", reference_gap);

  Report report;
  report.at_most("one fused input product h [W_qkv | W_1] equals the two separate products bit for bit (largest "
                 "difference)",
                 input_gap, 0.0);
  report.at_most("one fused output product [a | act(u)] [W_o ; W_2] equals a W_o + act(u) W_2 (largest relative "
                 "difference)",
                 output_gap, 1e-13);
  report.at_most("the fused computation (2 matrix products) reproduces the block (largest relative difference)",
                 fused_gap, 1e-13);
  report.at_least("control: the serial block is a different function (largest relative difference from the "
                  "parallel one)",
                  form_gap, 1e-3);
  report.at_most("with W_o = 0 the parallel and serial blocks agree bit for bit (largest difference)", zero_gap, 0.0);
  report.at_most("the block agrees with an independent evaluation of x + Attention(LN x) + MLP(LN x) (largest "
                 "relative difference)",
                 reference_gap, 1e-12);
  report.at_most("the fused computation takes 2 matrix products, the block as written 4 (products in the fused one)",
                 static_cast<double>(fused_gemms), 2.0);
  return report.finish();
}
