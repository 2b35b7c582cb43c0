#include "embeddingviews.h"

#include "inspectviews.h"

#include "analysis/filtercomponents.h"
#include "analysis/positionsimilarity.h"
#include "analysis/tokengrid.h"
#include "model/visiontransformer.h"

#include <QCoreApplication>

#include <torch/torch.h>

#include <exception>

namespace gatefold::inspect {
namespace {

// Runs `fill`; an exception becomes false and its first line in `why`.
template<typename Fill>
bool guarded(Fill fill, QString *why)
{
    try {
        fill();
        return true;
    } catch (const c10::Error &e) {
        *why = QString::fromStdString(e.what_without_backtrace()).section(QLatin1Char('\n'), 0, 0);
    } catch (const std::exception &e) {
        *why = QString::fromLocal8Bit(e.what()).section(QLatin1Char('\n'), 0, 0);
    }
    return false;
}

torch::Tensor filterWeight(const model::VisionTransformerImpl &model)
{
    if (model.patch_embed.is_empty() || model.patch_embed->proj.is_empty())
        return {};
    return model.patch_embed->proj->weight;
}

std::vector<double> doubles(const torch::Tensor &t)
{
    const auto c = t.to(torch::kCPU, torch::kFloat64).contiguous();
    return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

} // namespace

QString noPositionEmbeddingReason(const model::VisionTransformerImpl &model)
{
    if (!model.pos_embed.defined() || model.pos_embed.numel() == 0)
        return QCoreApplication::translate("InspectRun", "the model has no learned position embeddings (e.g. rotary "
                                                         "position embeddings): there is no table to compare");
    return {};
}

QString noEmbeddingFiltersReason(const model::VisionTransformerImpl &model)
{
    const torch::Tensor weight = filterWeight(model);
    if (!weight.defined() || weight.dim() != 4)
        return QCoreApplication::translate("InspectRun", "the model has no patch embedding with P×P filters");
    if (weight.size(0) < 2)
        return QCoreApplication::translate("InspectRun", "the patch embedding has %1 filter; principal components "
                                                         "need at least 2")
            .arg(weight.size(0));
    return {};
}

bool fillEmbeddingFilters(const model::VisionTransformerImpl &model, InspectReport &report, QString *why)
{
    return guarded([&] {
        const torch::Tensor weight = filterWeight(model);
        TORCH_CHECK(weight.defined(), "the model has no patch embedding");
        torch::NoGradGuard noGrad;
        const auto pca = analysis::filterComponents(weight);
        report::EmbeddingFilters out;
        out.filters = int(pca.filters);
        out.channels = int(weight.size(1));
        const auto k = pca.components.size(0);
        out.components = toMatrix(pca.components.reshape({k, -1}));
        out.variance = doubles(pca.variance);
        out.ratio = doubles(pca.ratio);
        TORCH_CHECK(k > 0, "the patch embedding's filters are all the same (no variance to decompose)");
        report.embeddingFilters = std::move(out);
    }, why);
}

bool fillPositionSimilarity(const model::VisionTransformerImpl &model, InspectReport &report, QString *why)
{
    return guarded([&] {
        torch::NoGradGuard noGrad;
        const auto grid = analysis::TokenGrid::of(model.config());
        report.positionSimilarity = toMatrix(analysis::positionSimilarity(model.pos_embed, grid));
    }, why);
}

} // namespace gatefold::inspect
