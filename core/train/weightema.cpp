#include "weightema.h"

#include <torch/torch.h>

#include <algorithm>
#include <stdexcept>

namespace gatefold::train {

std::vector<torch::Tensor> WeightEma::weights(const torch::nn::Module &model)
{
    std::vector<torch::Tensor> out = model.parameters(true);
    for (const auto &b : model.buffers(true))
        out.push_back(b);
    return out;
}

WeightEma::WeightEma(const torch::nn::Module &model, double decay, std::int64_t warmup)
    : m_decay(decay)
    , m_warmup(warmup)
{
    torch::NoGradGuard noGrad;
    for (const auto &w : weights(model))
        m_shadow.push_back(w.detach().clone());
}

double WeightEma::decayAt(std::int64_t updates) const
{
    if (m_warmup > 0)
        return m_decay * double(std::min(updates + 1, m_warmup)) / double(m_warmup);
    return std::min(m_decay, double(1 + updates) / double(10 + updates));
}

void WeightEma::update(const torch::nn::Module &model)
{
    if (!enabled())
        return;
    torch::NoGradGuard noGrad;
    const double d = decayAt(m_updates);
    const auto live = weights(model);
    for (size_t i = 0; i < live.size(); ++i) {
        if (live[i].is_floating_point())
            m_shadow[i].mul_(d).add_(live[i].detach(), 1.0 - d);
        else
            m_shadow[i].copy_(live[i]);
    }
    ++m_updates;
}

void WeightEma::swapInto(torch::nn::Module &model)
{
    if (!enabled())
        return;
    torch::NoGradGuard noGrad;
    const auto live = weights(model);
    for (size_t i = 0; i < live.size(); ++i) {
        auto held = live[i].detach().clone();
        live[i].detach().copy_(m_shadow[i]);
        m_shadow[i] = held;
    }
}

void WeightEma::restore(const std::vector<torch::Tensor> &tensors, std::int64_t updates)
{
    if (tensors.size() != m_shadow.size())
        throw std::runtime_error("the checkpoint's weight averages do not match the model ("
                                 + std::to_string(tensors.size()) + " tensors, expected "
                                 + std::to_string(m_shadow.size()) + ")");
    torch::NoGradGuard noGrad;
    for (size_t i = 0; i < tensors.size(); ++i)
        m_shadow[i].copy_(tensors[i]);
    m_updates = updates;
}

} // namespace gatefold::train
