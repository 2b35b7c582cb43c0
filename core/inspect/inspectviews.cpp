#include "inspectviews.h"

#include <torch/torch.h>

#include <algorithm>
#include <string>

namespace gatefold::inspect {
namespace {

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

// The branch layer of block `block`, created (with the blocks before it) if missing.
BranchLayer &branchLayer(InspectReport &report, int block)
{
    while (int(report.branchLayers.size()) <= block) {
        BranchLayer layer;
        layer.block = int(report.branchLayers.size());
        report.branchLayers.push_back(layer);
    }
    return report.branchLayers[size_t(block)];
}

} // namespace

Matrix toMatrix(const torch::Tensor &matrix)
{
    TORCH_CHECK(matrix.dim() == 2, "a matrix needs 2 dimensions, not ", matrix.dim());
    const auto m = matrix.detach().to(torch::kCPU, torch::kFloat64).contiguous();
    Matrix out;
    out.rows = int(m.size(0));
    out.cols = int(m.size(1));
    const double *p = m.data_ptr<double>();
    out.values.assign(p, p + m.numel());
    return out;
}

std::vector<Matrix> toMatrices(const torch::Tensor &stack)
{
    TORCH_CHECK(stack.dim() >= 2, "a stack of matrices needs at least 2 dimensions");
    const auto rows = stack.size(-2), cols = stack.size(-1);
    const auto flat = stack.reshape({-1, rows, cols});  // (M, rows, cols), leading indices row-major
    std::vector<Matrix> out;
    out.reserve(size_t(flat.size(0)));
    for (std::int64_t i = 0; i < flat.size(0); ++i)
        out.push_back(toMatrix(flat[i]));
    return out;
}

torch::Tensor toTensor(const Matrix &matrix)
{
    return torch::tensor(matrix.values, torch::kFloat64).view({matrix.rows, matrix.cols});
}

std::vector<std::vector<std::pair<int, int>>> topImagesPerCode(const torch::Tensor &codeMap, int codes)
{
    const auto maps = codeMap.to(torch::kCPU, torch::kLong).reshape({codeMap.size(0), -1}).contiguous();  // (B, P)
    const auto images = maps.size(0), patches = maps.size(1);
    std::vector<std::vector<int>> counts(size_t(codes), std::vector<int>(size_t(images), 0));
    const auto *p = maps.data_ptr<std::int64_t>();
    for (std::int64_t b = 0; b < images; ++b)
        for (std::int64_t t = 0; t < patches; ++t) {
            const auto code = p[b * patches + t];
            if (code >= 0 && code < codes)
                ++counts[size_t(code)][size_t(b)];
        }
    std::vector<std::vector<std::pair<int, int>>> out(static_cast<size_t>(codes));
    for (int c = 0; c < codes; ++c) {
        for (int b = 0; b < int(images); ++b)
            if (counts[size_t(c)][size_t(b)] > 0)
                out[size_t(c)].emplace_back(b, counts[size_t(c)][size_t(b)]);
        std::stable_sort(out[size_t(c)].begin(), out[size_t(c)].end(),
                         [](const auto &a, const auto &b) { return a.second > b.second; });
    }
    return out;
}

bool fillAttention(analysis::ModelInspector &inspector, InspectReport &report, QString *why)
{
    std::string error;
    const auto maps = inspector.attentionMaps(&error);
    if (!maps) {
        *why = text(error);
        return false;
    }
    report.attention = toMatrices(maps->layers);  // (L, B, H, gh, gw): index (l·B + b)·H + h
    report.branchAttention.clear();
    if (maps->branches.defined())  // (L, B, n, H, gh, gw) -> (L, n, B, H, gh, gw)
        report.branchAttention = toMatrices(maps->branches.permute({0, 2, 1, 3, 4, 5}));
    return true;
}

bool fillRollout(analysis::ModelInspector &inspector, analysis::HeadFusion fusion, double discardRatio,
                 InspectReport &report, QString *why)
{
    analysis::RolloutOptions options;
    options.fusion = fusion;
    options.discardRatio = discardRatio;
    std::string error;
    const auto result = inspector.rollout(options, &error);
    if (!result) {
        *why = text(error);
        return false;
    }
    report.rollout = toMatrices(result->map);  // (B, gh, gw)
    return true;
}

bool fillDistance(analysis::ModelInspector &inspector, InspectReport &report, QString *why)
{
    std::string error;
    const auto distance = inspector.meanAttentionDistance(&error);
    if (!distance) {
        *why = text(error);
        return false;
    }
    report.meanDistance = toMatrix(*distance);  // (L, H) pixels
    return true;
}

bool fillCodebook(analysis::ModelInspector &inspector, double deadFraction, int codes, InspectReport &report,
                  QString *why)
{
    std::string error;
    const auto layers = inspector.codebook(deadFraction, &error);
    if (!layers) {
        *why = text(error);
        return false;
    }
    report.codebook.clear();
    for (const auto &layer : *layers) {
        CodebookLayer out;
        out.block = layer.block;
        const auto usage = layer.stats.usage.to(torch::kFloat64).contiguous();
        out.usage.assign(usage.data_ptr<double>(), usage.data_ptr<double>() + usage.numel());
        out.perplexity = layer.stats.perplexity;
        out.deadCodes = layer.stats.deadCodes;
        out.meanEntropy = layer.stats.meanEntropy;
        out.meanGateNorm = layer.stats.meanGateNorm;
        out.codeMaps = toMatrices(layer.codeMap);  // (B, gh, gw) codes as doubles
        out.topImages = topImagesPerCode(layer.codeMap, codes);
        report.codebook.push_back(std::move(out));
    }
    return true;
}

bool fillBranchFeatures(analysis::ModelInspector &inspector, InspectReport &report, QString *why)
{
    std::string error;
    const auto blocks = inspector.branchFeatureSimilarity(&error);
    if (!blocks) {
        *why = text(error);
        return false;
    }
    for (size_t i = 0; i < blocks->size(); ++i) {
        auto &layer = branchLayer(report, int(i));
        layer.attentionFeatures = toMatrix((*blocks)[i].attention);
        layer.mlpFeatures = toMatrix((*blocks)[i].mlp);
    }
    return true;
}

bool fillBranchWeights(analysis::ModelInspector &inspector, InspectReport &report, QString *why)
{
    std::string error;
    const auto blocks = inspector.branchWeightSimilarity(&error);
    if (!blocks) {
        *why = text(error);
        return false;
    }
    for (size_t i = 0; i < blocks->size(); ++i) {
        auto &layer = branchLayer(report, int(i));
        layer.qk = toMatrix((*blocks)[i].qk);
        layer.vo = toMatrix((*blocks)[i].vo);
        layer.fc1 = toMatrix((*blocks)[i].fc1);
        layer.fc2 = toMatrix((*blocks)[i].fc2);
    }
    return true;
}

} // namespace gatefold::inspect
