#pragma once

#include <torch/nn/module.h>

#include <cstdint>
#include <vector>

namespace gatefold::train {

// Exponential moving average of a model's parameters and buffers:
// s ← d·s + (1 − d)·w after each step, with d = min(decay, (1 + n)/(10 + n))
// for the n-th update (n = 0, 1, …) so that short runs are not dominated by the
// initial weights; with a warm-up of W > 0 updates instead d = decay·min(n + 1, W)/W,
// a linear ramp from 0 as cde_vit.py's ModelEMA (--ema_warmup) does. swapInto() exchanges the averages with the live weights (for
// evaluation); calling it again swaps back.
class WeightEma
{
public:
    WeightEma() = default;
    WeightEma(const torch::nn::Module &model, double decay, std::int64_t warmup = 0);

    bool enabled() const { return !m_shadow.empty(); }
    void update(const torch::nn::Module &model);
    void swapInto(torch::nn::Module &model);

    std::int64_t updates() const { return m_updates; }
    // The decay the update after `updates` earlier ones uses.
    double decayAt(std::int64_t updates) const;
    // For checkpoints: the averages in the model's parameter-then-buffer order.
    const std::vector<torch::Tensor> &tensors() const { return m_shadow; }
    void restore(const std::vector<torch::Tensor> &tensors, std::int64_t updates);

private:
    static std::vector<torch::Tensor> weights(const torch::nn::Module &model);

    double m_decay = 0.0;
    std::int64_t m_warmup = 0;
    std::int64_t m_updates = 0;
    std::vector<torch::Tensor> m_shadow;
};

} // namespace gatefold::train
