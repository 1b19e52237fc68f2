// The table of reference kernels (kernels.md, "The library"): what each practice does, its formula and
// papers, its variants and its parameters with defaults and ranges. The programs themselves are the
// templates in render/kernels/templates/, one file per kernel.
#include "render/kernels/kernel_library.h"

#include <cmath>

namespace anth::kernels {

namespace {

KernelParam integer_param(std::string name, double value, double minimum, double maximum, std::string meaning) {
  return KernelParam{std::move(name), value, minimum, maximum, true, std::move(meaning)};
}

KernelParam real_param(std::string name, double value, double minimum, double maximum, std::string meaning) {
  return KernelParam{std::move(name), value, minimum, maximum, false, std::move(meaning)};
}

// Every kernel has these two.
KernelParam seed_param(double default_seed = 1) {
  return integer_param("seed", default_seed, 0, 4294967295.0, "seed of the splitmix64 generator behind every random draw");
}
KernelParam practice_param() {
  return integer_param("practice", 1, 0, 1, "1 applies the practice; 0 removes it, and the check must then fail");
}

std::vector<KernelInfo> build_library() {
  std::vector<KernelInfo> library;

  library.push_back(KernelInfo{
      "sdpa_scale",
      "scale the attention logits by 1/sqrt(d_k) so that their variance stays 1 whatever the head dimension",
      "Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k)) V; for q, k with iid mean-0 variance-1 components, "
      "Var(q.k) = d_k and E[(q.k)^4] = 3 d_k^2 + 6 d_k",
      "Vaswani, Shazeer, Parmar, Uszkoreit, Jones, Gomez, Kaiser, Polosukhin, \"Attention Is All You Need\", "
      "NeurIPS 2017, arXiv:1706.03762 (footnote 4)",
      {},
      {seed_param(),
       integer_param("d_k", 64, 16, 64, "the middle head dimension; d_k/4 and 4*d_k are measured too"),
       integer_param("samples", 10000, 1000, 20000, "(q, k) pairs drawn per head dimension for the variance"),
       integer_param("keys", 256, 128, 1024, "keys per attention row (T) for the entropy"),
       integer_param("queries", 100, 50, 200, "attention rows averaged for the entropy"), practice_param()}});

  library.push_back(KernelInfo{
      "qk_norm",
      "normalize queries and keys per head before their dot product, so the attention logits stay bounded "
      "however large the projection weights grow",
      "layernorm: logit = LN_gq(q) . LN_gk(k) / sqrt(d), LN without bias (Dehghani et al. 2023); "
      "rmsnorm: logit = RMSNorm_gq(q) . RMSNorm_gk(k) / sqrt(d), RMSNorm(x) = x / sqrt(mean(x^2) + eps) * g, "
      "per head (Qwen3, OLMo 2, Gemma 3); l2: logit = g * (q / |q|) . (k / |k|) with a learned scalar g "
      "instead of 1/sqrt(d) (Henry et al. 2020); bound |logit| <= sqrt(d) * max_i |gq_i gk_i|, or |g| for l2",
      "Henry, Dachapally, Pawar, Chen, \"Query-Key Normalization for Transformers\", Findings of EMNLP 2020, "
      "arXiv:2010.04245; Dehghani et al., \"Scaling Vision Transformers to 22 Billion Parameters\", ICML 2023, "
      "arXiv:2302.05442; RMSNorm form: Qwen3 (arXiv:2505.09388), OLMo 2 (arXiv:2501.00656), "
      "Gemma 3 (arXiv:2503.19786)",
      {"layernorm", "rmsnorm", "l2"},
      {seed_param(), integer_param("d_model", 64, 8, 512, "width of the token vectors x"),
       integer_param("head_dim", 32, 4, 256, "head dimension d of the queries and keys"),
       integer_param("tokens", 64, 8, 512, "tokens T of the sequence (T queries against T keys)"),
       real_param("weight_scale", 8, 4, 1000, "factor by which the query and key projection weights grow"),
       real_param("gain_noise", 0.1, 0, 1, "spread of the learned gains around 1 (gain = 1 + gain_noise * N(0,1))"),
       real_param("eps", 1e-6, 0, 0.01, "epsilon inside the square root of the norm"),
       real_param("l2_gain", 12, 0.01, 100,
                  "the learned scalar g of the l2 variant (Henry et al. initialise it to log2(L^2 - L); L = 64 "
                  "gives 11.98)"),
       practice_param()}});

  library.push_back(KernelInfo{
      "rmsnorm",
      "normalize by the root mean square only: LayerNorm without the centering and the bias, keeping the gain",
      "RMSNorm(x) = x / sqrt(mean(x^2) + eps) * g; LayerNorm(x) = (x - mean(x)) / sqrt(var(x) + eps) * g + b; "
      "LayerNorm(x) = RMSNorm(x - mean(x)) with the same eps",
      "Zhang, Sennrich, \"Root Mean Square Layer Normalization\", NeurIPS 2019, arXiv:1910.07467; "
      "LayerNorm: Ba, Kiros, Hinton 2016, arXiv:1607.06450",
      {},
      {seed_param(), integer_param("width", 256, 2, 4096, "length n of each normalized vector"),
       integer_param("rows", 64, 1, 1024, "vectors normalized"),
       real_param("eps", 1e-6, 0, 0.01, "epsilon inside the square root"),
       real_param("alpha", 1000, 0.001, 1e6, "factor by which the input is rescaled for the invariance check"),
       real_param("gain_noise", 0.1, 0, 1, "spread of the gain around 1 (g = 1 + gain_noise * N(0,1))"),
       real_param("mean_shift", 1, 0.5, 100, "mean added to the inputs of the control that shows centering matters"),
       practice_param()}});

  library.push_back(KernelInfo{
      "sigma_reparam",
      "reparameterize every weight matrix as gamma * W / sigma(W), sigma(W) its spectral norm estimated by "
      "power iteration, so the layer's spectral norm is |gamma| however W grows",
      "W_hat = (gamma / sigma(W)) W; power iteration with u kept: v = normalize(W u), u = normalize(W^T v), "
      "sigma = v^T W u; at inference fold W_inf = (gamma / sigma) W",
      "Zhai, Likhomanenko, Littwin, Busbridge, Ramapuram, Zhang, Gu, Susskind, \"Stabilizing Transformer "
      "Training by Preventing Attention Entropy Collapse\", ICML 2023, arXiv:2303.06296",
      {},
      {seed_param(), integer_param("rows", 64, 2, 128, "output dimension of W"),
       integer_param("cols", 32, 2, 128, "input dimension of W"),
       real_param("weight_scale", 10, 0.001, 1000, "factor by which W has grown from its initialization"),
       real_param("reparam_gamma", 2.5, 0.01, 100,
                  "the learned scalar gamma of W_hat = gamma W / sigma(W) (not 1, so that a gamma left out shows)"),
       integer_param("steps", 1000, 500, 5000, "power-iteration steps (training takes one per forward pass)"),
       practice_param()}});

  library.push_back(KernelInfo{
      "entropy_bound",
      "attention entropy is bounded below by a quantity that falls exponentially in the spectral norm of the "
      "attention logits, so keeping the spectral norm bounded (sigmaReparam) keeps the entropy from collapsing",
      "Theorem 3.1: with s = |W_K W_Q^T|_2 |X X^T|_2 and beta = exp(-s sqrt(T/(T-1))), every row of "
      "A = softmax(X W_K W_Q^T X^T) has Ent(A_i) >= log(1 + (T-1) beta) + s sqrt(T(T-1)) beta / (1 + (T-1) beta)",
      "Zhai, Likhomanenko, Littwin, Busbridge, Ramapuram, Zhang, Gu, Susskind, \"Stabilizing Transformer "
      "Training by Preventing Attention Entropy Collapse\", ICML 2023, arXiv:2303.06296 (Theorem 3.1)",
      {},
      {seed_param(), integer_param("tokens", 16, 2, 64, "tokens T"),
       integer_param("d", 8, 1, 16, "width of the token vectors X"),
       integer_param("n_a", 4, 1, 16, "attention width of W_Q and W_K"),
       real_param("x_scale", 0.1, 0.01, 1, "standard deviation of the entries of X"),
       integer_param("trials", 200, 1, 500, "random (X, W_Q, W_K) drawn"),
       real_param("weight_scale", 10, 3, 1000, "factor by which W_Q and W_K grow"),
       real_param("reparam_gamma", 2, 0.01, 10,
                  "the sigmaReparam scalar gamma of W_Q and W_K (not 1, so that a gamma left out shows)"),
       practice_param()}});

  library.push_back(KernelInfo{
      "qk_clip",
      "after each optimizer step, rescale the query and key weights of every head whose largest attention logit "
      "on the batch exceeds a threshold tau, so that its largest logit becomes tau",
      "S_max^h = max over the batch of q_i^h . k_j^h / sqrt(d); gamma_h = min(1, tau / S_max^h); "
      "W_q^h <- sqrt(gamma_h) W_q^h, W_k^h <- sqrt(gamma_h) W_k^h (heads under tau untouched)",
      "Kimi Team, \"Kimi K2: Open Agentic Intelligence\", 2025, arXiv:2507.20534 (MuonClip, tau = 100); "
      "Su Jianlin, \"QK-Clip\", kexue.fm/archives/11126, 2025",
      {},
      {seed_param(7), integer_param("heads", 4, 2, 8, "attention heads; the first half have grown weights"),
       integer_param("d_model", 32, 16, 64, "width of the token vectors"),
       integer_param("head_dim", 16, 8, 32, "head dimension d"), integer_param("tokens", 32, 8, 64, "tokens per sequence"),
       integer_param("batch", 2, 2, 4, "sequences in the batch"),
       real_param("tau", 100, 1, 100, "the threshold on the largest logit"),
       real_param("weight_scale", 10, 10, 1000, "factor by which the query and key weights of the first half of the "
                                                  "heads have grown (at least 10, so that they exceed tau)"),
       practice_param()}});

  library.push_back(KernelInfo{
      "z_loss",
      "add c * log^2 Z to the cross-entropy, Z the softmax normalizer, so the logits cannot drift as a whole",
      "L = CE + c log^2 Z, Z = sum_j exp(y_j), c = 1e-4 (PaLM); dL/dy_j = (1 + 2 c log Z) softmax_j - onehot_j",
      "Chowdhery et al., \"PaLM: Scaling Language Modeling with Pathways\", arXiv:2204.02311 (JMLR 2023); "
      "router z-loss: Zoph et al., \"ST-MoE\", arXiv:2202.08906",
      {},
      {seed_param(), integer_param("vocab", 64, 2, 256, "vocabulary size V"),
       integer_param("tokens", 16, 1, 32, "tokens, each with its own logits and target"),
       real_param("coefficient", 1e-4, 1e-6, 1, "the z-loss coefficient c"),
       real_param("drift", 20, 0, 100, "common offset of the initial logits (the drift the z-loss corrects)"),
       real_param("step_size", 0.02, 0.02, 1.9,
                  "gradient-descent step on the common level of the logits, as the fraction 2 c lr of log Z it "
                  "removes per step (lr = step_size / (2c)); 2 or more diverges"),
       integer_param("steps", 400, 300, 2000, "gradient-descent steps"), practice_param()}});

  library.push_back(KernelInfo{
      "parallel_block",
      "compute attention and MLP in parallel from one LayerNorm, so their input and output projections fuse "
      "into one matrix product each",
      "parallel: y = x + MLP(LN(x)) + Attention(LN(x)); serial: y = x + MLP(LN(x + Attention(LN(x)))); "
      "fused: [q k v u] = LN(x) [W_qkv | W_1], y = x + [a | act(u)] [W_o ; W_2]",
      "Chowdhery et al., \"PaLM: Scaling Language Modeling with Pathways\", arXiv:2204.02311; "
      "Wang, Komatsuzaki, GPT-J-6B, 2021 (mesh-transformer-jax); Dehghani et al., ViT-22B, arXiv:2302.05442",
      {},
      {seed_param(), integer_param("heads", 4, 1, 8, "attention heads"),
       integer_param("head_dim", 8, 2, 32, "head dimension; d_model = heads * head_dim"),
       integer_param("d_ff", 128, 1, 512, "hidden width of the MLP"),
       integer_param("tokens", 16, 1, 64, "tokens of the sequence"), practice_param()}});

  library.push_back(KernelInfo{
      "primer_ez",
      "Primer-EZ: square the ReLU of the feed-forward layer and add a causal depthwise convolution of width 3 "
      "after each of the Q, K and V projections",
      "squared ReLU f(x) = max(0, x)^2; per channel c: y_t[c] = w0[c] x_t[c] + w1[c] x_{t-1}[c] + w2[c] "
      "x_{t-2}[c] with zero padding (init w0 = 0.5, w1 = w2 = 1/6)",
      "So, Manke, Liu, Dai, Shazeer, Le, \"Primer: Searching for Efficient Transformers for Language "
      "Modeling\", NeurIPS 2021, arXiv:2109.08668",
      {},
      {seed_param(), integer_param("tokens", 16, 4, 64, "tokens of the sequence"),
       integer_param("heads", 2, 1, 8, "attention heads"), integer_param("head_dim", 8, 1, 32, "head dimension"),
       integer_param("d_model", 16, 1, 128, "width of the token vectors"),
       integer_param("d_ff", 64, 1, 512, "hidden width of the feed-forward layer"),
       real_param("conv_noise", 0.1, 0, 1, "spread of each channel's taps around the initialization"),
       practice_param()}});

  return library;
}

}  // namespace

const std::vector<KernelInfo>& kernel_library() {
  static const std::vector<KernelInfo> library = build_library();
  return library;
}

std::pair<std::string, std::string> split_kernel_name(std::string_view name) {
  const auto dot = name.find('.');
  if (dot == std::string_view::npos) return {std::string(name), std::string()};
  return {std::string(name.substr(0, dot)), std::string(name.substr(dot + 1))};
}

const KernelInfo* find_kernel(std::string_view name_or_variant) {
  const auto [name, variant] = split_kernel_name(name_or_variant);
  for (const auto& kernel : kernel_library()) {
    if (kernel.name != name) continue;
    if (name_or_variant.find('.') == std::string_view::npos) return &kernel;
    for (const auto& v : kernel.variants)
      if (v == variant) return &kernel;
    return nullptr;
  }
  return nullptr;
}

const KernelParam* find_param(const KernelInfo& kernel, std::string_view name) {
  for (const auto& param : kernel.params)
    if (param.name == name) return &param;
  return nullptr;
}

std::string kernel_template_path(std::string_view kernel) {
  return "render/kernels/templates/" + std::string(kernel) + ".cpp";
}

std::string param_value_problem(const KernelParam& param, double value) {
  if (!std::isfinite(value) || value < param.minimum || value > param.maximum)
    return "kernel parameter " + param.name + " = " + param_literal(param, value) + " is outside [" +
           param_literal(param, param.minimum) + ", " + param_literal(param, param.maximum) + "]";
  if (param.integer && std::floor(value) != value)
    return "kernel parameter " + param.name + " = " + param_literal(KernelParam{}, value) + " is not an integer";
  return {};
}

std::vector<RequestProblem> check_kernel_request(const KernelRequest& request) {
  std::vector<RequestProblem> problems;
  const auto [name, variant] = split_kernel_name(request.kernel);
  const KernelInfo* kernel = nullptr;
  for (const auto& k : kernel_library())
    if (k.name == name) kernel = &k;
  if (!kernel) {
    problems.push_back({RequestProblem::Kind::unknown_kernel, "", "unknown kernel '" + request.kernel + "'"});
    return problems;
  }
  if (request.kernel.find('.') != std::string::npos && !find_kernel(request.kernel)) {
    std::string known;
    for (const auto& v : kernel->variants) known += (known.empty() ? "" : ", ") + v;
    problems.push_back({RequestProblem::Kind::unknown_variant, "",
                        "kernel " + name + " has no variant '" + variant + "'" +
                            (known.empty() ? std::string(" (it has none)") : " (it has " + known + ")")});
  }
  for (const auto& [param_name, value] : request.params) {
    const KernelParam* param = find_param(*kernel, param_name);
    if (!param) {
      problems.push_back({RequestProblem::Kind::unknown_param, param_name,
                          "kernel " + name + " has no parameter '" + param_name + "'"});
      continue;
    }
    std::string message = param_value_problem(*param, value);
    if (message.empty()) continue;
    const bool range = !std::isfinite(value) || value < param->minimum || value > param->maximum;
    problems.push_back({range ? RequestProblem::Kind::out_of_range : RequestProblem::Kind::not_integer, param_name,
                        std::move(message)});
  }
  return problems;
}

}  // namespace anth::kernels
