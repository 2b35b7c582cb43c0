#include "codebookstats.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::analysis {
namespace {

// −Σ p log p over the last dimension, with 0 log 0 = 0.
torch::Tensor entropy(const torch::Tensor &p)
{
    return -torch::where(p > 0, p * p.clamp_min(1e-300).log(), torch::zeros_like(p)).sum(-1);
}

} // namespace

double perplexityOf(const torch::Tensor &usage)
{
    return std::exp(entropy(usage.to(torch::kFloat64)).item<double>());
}

CodebookAccumulator::CodebookAccumulator(std::int64_t codebookSize, double deadFraction)
    : m_codebookSize(codebookSize)
    , m_deadFraction(deadFraction)
{
    TORCH_CHECK(codebookSize > 0, "CodebookAccumulator: the codebook size must be positive");
}

void CodebookAccumulator::add(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
                              const torch::Tensor &gateNorm)
{
    TORCH_CHECK(codeIndices.sizes() == codeWeights.sizes() && codeIndices.dim() >= 1,
                "CodebookAccumulator: code indices ", codeIndices.sizes(), " and weights ", codeWeights.sizes(),
                " must have one shape (…, k)");
    const auto k = codeIndices.size(-1);
    const auto weights = codeWeights.detach().to(torch::kFloat64).reshape({-1, k});  // (T, k)
    const auto indices = codeIndices.reshape({-1});                                 // (T·k,)
    if (!m_mass.defined()) {
        m_mass = torch::zeros({m_codebookSize}, weights.options());
        m_entropy = torch::zeros({}, weights.options());
        m_gateNorm = torch::zeros({}, weights.options());
    }
    // Σ_t α_tc without the dense (T, K) α: each (index, weight) pair adds to its code.
    m_mass.index_add_(0, indices.to(m_mass.device()), weights.reshape({-1}).to(m_mass.device()));
    m_entropy += entropy(weights).sum().to(m_entropy.device());
    m_tokens += weights.size(0);
    if (gateNorm.defined()) {
        m_gateNorm += gateNorm.detach().to(torch::kFloat64).sum().to(m_gateNorm.device());
        m_normTokens += gateNorm.numel();
    }
}

void CodebookAccumulator::sumAcross(const std::function<void(torch::Tensor &)> &sum)
{
    const auto device = m_mass.defined() ? m_mass.device() : torch::Device(torch::kCPU);
    auto packed = torch::zeros({m_codebookSize + 4}, torch::kFloat64);
    if (m_mass.defined()) {
        packed.narrow(0, 0, m_codebookSize).copy_(m_mass.cpu());
        packed[m_codebookSize] = m_entropy.item<double>();
        packed[m_codebookSize + 1] = m_gateNorm.item<double>();
    }
    packed[m_codebookSize + 2] = double(m_tokens);
    packed[m_codebookSize + 3] = double(m_normTokens);
    sum(packed);
    const auto options = torch::TensorOptions().dtype(torch::kFloat64).device(device);
    m_mass = packed.narrow(0, 0, m_codebookSize).to(options).clone();
    m_entropy = packed[m_codebookSize].to(options).clone();
    m_gateNorm = packed[m_codebookSize + 1].to(options).clone();
    m_tokens = std::int64_t(std::llround(packed[m_codebookSize + 2].item<double>()));
    m_normTokens = std::int64_t(std::llround(packed[m_codebookSize + 3].item<double>()));
}

CodebookStats CodebookAccumulator::stats() const
{
    CodebookStats s;
    s.tokens = m_tokens;
    if (m_tokens == 0) {
        s.usage = torch::zeros({m_codebookSize}, torch::kFloat64);
        return s;
    }
    // Divided by the total mass, not the token count: α sums to 1 per token
    // up to rounding, and p̄ should sum to 1 exactly.
    s.usage = (m_mass / m_mass.sum()).cpu();
    s.perplexity = perplexityOf(s.usage);
    const double threshold = m_deadFraction / double(m_codebookSize);
    s.deadCodes = (s.usage <= threshold).sum().item<std::int64_t>();
    s.meanEntropy = m_entropy.item<double>() / double(m_tokens);
    if (m_normTokens > 0)
        s.meanGateNorm = m_gateNorm.item<double>() / double(m_normTokens);
    return s;
}

CodebookStats codebookStats(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
                            std::int64_t codebookSize, const torch::Tensor &gateNorm, double deadFraction)
{
    CodebookAccumulator accumulator(codebookSize, deadFraction);
    accumulator.add(codeIndices, codeWeights, gateNorm);
    return accumulator.stats();
}

} // namespace gatefold::analysis
