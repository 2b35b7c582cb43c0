#pragma once

#include <torch/types.h>

#include <cstdint>
#include <functional>

namespace gatefold::analysis {

// The codebook measures of core/model/README.md (CDE "What researchers look at") for one
// gated block over a set of tokens. Logs are natural (nats).
struct CodebookStats {
    torch::Tensor usage;       // (K,) float64 on the CPU: p̄_c = mean over tokens of α_c; sums to 1
    double perplexity = 0.0;   // exp(H(p̄)) = exp(−Σ p̄ log p̄): 1 (one code) … K (uniform)
    std::int64_t deadCodes = 0;  // codes with p̄_c ≤ deadFraction / K
    double meanEntropy = 0.0;  // mean over tokens of H(α_t) = −Σ_c α_tc log α_tc (0 for hard VQ)
    double meanGateNorm = 0.0; // mean over tokens of ‖λ g‖₂; 0 when no gate norms were given
    std::int64_t tokens = 0;
};

// The dead-code rule: a code is dead when its usage is at most this fraction
// of its uniform share 1/K, i.e. p̄_c ≤ 10⁻³/K. Sparse assignments (soft top-k
// with k < K, hard VQ) give codes no token picks a usage of exactly 0; a dense
// softmax never does, and the threshold is what counts there. 0 counts only
// codes of usage exactly 0.
constexpr double kDefaultDeadFraction = 1e-3;

// exp(H(p)) of a distribution p (K,), with 0 log 0 = 0.
double perplexityOf(const torch::Tensor &usage);

// Sums the measures over batches of one block's assignments, without a host
// round trip per batch; the sums live on the device of the first batch.
class CodebookAccumulator
{
public:
    explicit CodebookAccumulator(std::int64_t codebookSize, double deadFraction = kDefaultDeadFraction);

    // codeIndices (…, k) int64 and codeWeights (…, k) α of the same tokens
    // (BlockIntermediates: (B, N, k), every token the gate sees, class token
    // included); gateNorm (…) ‖λ g‖ per token, optional.
    void add(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
             const torch::Tensor &gateNorm = {});
    CodebookStats stats() const;
    // Adds the sums of the same block's accumulators of every data-parallel rank: `sum` adds a
    // float64 CPU tensor over the ranks in place (every rank calls this once, in the same order).
    void sumAcross(const std::function<void(torch::Tensor &)> &sum);
    std::int64_t tokens() const { return m_tokens; }
    std::int64_t codebookSize() const { return m_codebookSize; }

private:
    std::int64_t m_codebookSize;
    double m_deadFraction;
    std::int64_t m_tokens = 0;
    std::int64_t m_normTokens = 0;
    torch::Tensor m_mass;      // (K,) Σ_t α_tc
    torch::Tensor m_entropy;   // () Σ_t H(α_t)
    torch::Tensor m_gateNorm;  // () Σ_t ‖λ g_t‖
};

// One batch's measures: a CodebookAccumulator with a single add().
CodebookStats codebookStats(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
                            std::int64_t codebookSize, const torch::Tensor &gateNorm = {},
                            double deadFraction = kDefaultDeadFraction);

} // namespace gatefold::analysis
