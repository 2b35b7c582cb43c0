#pragma once

// Helpers shared by the model tests: small configs, building, parameter
// copies and independent float64 reference paths for the CDE equations.

#include "model/visiontransformer.h"
#include "config/vitconfig.h"

#include <torch/torch.h>

#include <QtTest/QtTest>

#include <algorithm>
#include <functional>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace gatefold::test {

using model::ViTConfig;

// Options for an independent float64 reference tensor.
inline const auto f64 = torch::dtype(torch::kFloat64);

// 8 px / patch 4: 4 patches + class token = 5 tokens; d 12, 2 heads (d_h 6),
// d_ff 24, 3 blocks, 5 classes. Small enough that every test runs in
// milliseconds, big enough that every code path sees more than one of each.
inline ViTConfig tinyConfig()
{
    ViTConfig c;
    c.imageSize = 8;
    c.patchSize = 4;
    c.inChannels = 3;
    c.numClasses = 5;
    c.embedDim = 12;
    c.depth = 3;
    c.numHeads = 2;
    c.mlpRatio = 2.0;
    return c;
}

// tinyConfig() with a CDE gate in every block: K 6, soft top-2.
inline ViTConfig tinyCde()
{
    ViTConfig c = tinyConfig();
    c.gate.kind = model::GateKind::Cde;
    c.gate.codebookSize = 6;
    c.gate.topK = 2;
    c.gate.temperature = 4.0;
    return c;
}

inline model::VisionTransformer build(const ViTConfig &config)
{
    std::string error;
    auto m = model::buildModel(config, &error);
    if (!m)
        throw std::runtime_error("test config is invalid: " + error);
    return *m;
}

inline torch::Tensor images(const ViTConfig &c, int64_t batch, torch::Dtype dtype = torch::kFloat32)
{
    return torch::randn({batch, c.inChannels, c.imageSize, c.imageSize}, torch::dtype(dtype));
}

inline std::map<std::string, torch::Tensor> paramMap(const torch::nn::Module &m)
{
    std::map<std::string, torch::Tensor> out;
    for (const auto &item : m.named_parameters())
        out[item.key()] = item.value();
    return out;
}

// Copies every parameter of `to` from the parameter of the same name in
// `from`; returns false when one is missing or has another shape.
inline bool copyParamsByName(const torch::nn::Module &from, torch::nn::Module &to)
{
    const auto source = paramMap(from);
    torch::NoGradGuard noGrad;
    for (auto &item : to.named_parameters()) {
        auto it = source.find(item.key());
        if (it == source.end() || !it->second.sizes().equals(item.value().sizes()))
            return false;
        item.value().copy_(it->second);
    }
    return true;
}

// Every parameter drawn from N(0, scale²), LayerNorm weights around 1, so
// that no zero-initialised bias or identity affine hides a mistake.
inline void randomize(torch::nn::Module &m, double scale = 0.3)
{
    torch::NoGradGuard noGrad;
    for (auto &item : m.named_parameters()) {
        const std::string &name = item.key();
        const bool lnWeight = name.find("norm") != std::string::npos && name.size() >= 7
            && name.compare(name.size() - 7, 7, ".weight") == 0;
        item.value().normal_(lnWeight ? 1.0 : 0.0, scale);
    }
}

inline std::map<std::string, torch::Tensor> snapshot(const torch::nn::Module &m)
{
    std::map<std::string, torch::Tensor> out;
    for (const auto &item : m.named_parameters())
        out[item.key()] = item.value().detach().clone();
    return out;
}

inline bool sameAsSnapshot(const torch::nn::Module &m, const std::map<std::string, torch::Tensor> &snap)
{
    const auto now = paramMap(m);
    if (now.size() != snap.size())
        return false;
    for (const auto &[name, tensor] : snap) {
        auto it = now.find(name);
        if (it == now.end() || !torch::equal(it->second, tensor))
            return false;
    }
    return true;
}

inline double maxAbsDiff(const torch::Tensor &a, const torch::Tensor &b)
{
    return (a.to(torch::kFloat64) - b.to(torch::kFloat64)).abs().max().item<double>();
}

inline bool allZero(const torch::Tensor &t)
{
    return t.defined() && torch::count_nonzero(t).item<int64_t>() == 0;  // -0.0 counts as zero
}

// Eq. 1 as a loop: s[t, k] = τ · Σ_i z[t,i] C[k,i] / (‖z[t]‖ ‖C[k]‖), float64.
// z (..., d), C (K, d) -> (..., K).
inline torch::Tensor referenceCosineLogits(const torch::Tensor &z, const torch::Tensor &codebook, double tau)
{
    const int64_t d = z.size(-1), codes = codebook.size(0);
    auto zz = z.detach().to(torch::kFloat64).reshape({-1, d}).contiguous();
    auto cc = codebook.detach().to(torch::kFloat64).contiguous();
    auto za = zz.accessor<double, 2>();
    auto ca = cc.accessor<double, 2>();
    auto out = torch::zeros({zz.size(0), codes}, torch::kFloat64);
    auto oa = out.accessor<double, 2>();
    for (int64_t t = 0; t < zz.size(0); ++t) {
        for (int64_t k = 0; k < codes; ++k) {
            double dot = 0, nz = 0, nc = 0;
            for (int64_t i = 0; i < d; ++i) {
                dot += za[t][i] * ca[k][i];
                nz += za[t][i] * za[t][i];
                nc += ca[k][i] * ca[k][i];
            }
            oa[t][k] = tau * dot / (std::sqrt(nz) * std::sqrt(nc));
        }
    }
    auto shape = z.sizes().vec();
    shape.back() = codes;
    return out.view(shape);
}

struct ReferenceMix {
    torch::Tensor g;        // (..., d_g) float64
    torch::Tensor indices;  // (..., k) int64, largest logit first
    torch::Tensor weights;  // (..., k) float64
};

// Soft top-k (step 2) and Eq. 2 by hand: sort each token's logits, keep the k
// largest, softmax over them, sum the k rows of E with those weights.
// k >= K keeps every code (the full softmax).
inline ReferenceMix referenceSoftTopK(const torch::Tensor &logits, int64_t k, const torch::Tensor &embed)
{
    const int64_t codes = logits.size(-1), dg = embed.size(1);
    k = std::min(k, codes);
    auto s = logits.detach().to(torch::kFloat64).reshape({-1, codes}).contiguous();
    auto e = embed.detach().to(torch::kFloat64).contiguous();
    auto sa = s.accessor<double, 2>();
    auto ea = e.accessor<double, 2>();
    const int64_t tokens = s.size(0);
    ReferenceMix r;
    r.g = torch::zeros({tokens, dg}, torch::kFloat64);
    r.indices = torch::zeros({tokens, k}, torch::kLong);
    r.weights = torch::zeros({tokens, k}, torch::kFloat64);
    auto ga = r.g.accessor<double, 2>();
    auto ia = r.indices.accessor<int64_t, 2>();
    auto wa = r.weights.accessor<double, 2>();
    for (int64_t t = 0; t < tokens; ++t) {
        std::vector<int64_t> order(codes);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return sa[t][a] > sa[t][b]; });
        const double top = sa[t][order[0]];
        double sum = 0;
        for (int64_t j = 0; j < k; ++j)
            sum += std::exp(sa[t][order[j]] - top);
        for (int64_t j = 0; j < k; ++j) {
            ia[t][j] = order[j];
            wa[t][j] = std::exp(sa[t][order[j]] - top) / sum;
            for (int64_t c = 0; c < dg; ++c)
                ga[t][c] += wa[t][j] * ea[order[j]][c];
        }
    }
    auto shape = logits.sizes().vec();
    shape.back() = k;
    r.indices = r.indices.view(shape);
    r.weights = r.weights.view(shape);
    shape.back() = dg;
    r.g = r.g.view(shape);
    return r;
}

} // namespace gatefold::test

// The row types of the data-driven model tests, declared once: the tests share
// one executable (testmain.h), and a metatype may be declared only once in it.
using ConfigEdit = std::function<void(gatefold::model::ViTConfig &)>;
Q_DECLARE_METATYPE(ConfigEdit)
Q_DECLARE_METATYPE(gatefold::model::AssignKind)
Q_DECLARE_METATYPE(gatefold::model::Sharing)
