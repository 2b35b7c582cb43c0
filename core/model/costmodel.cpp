#include "costmodel.h"

#include "maccounter.h"

#include <torch/torch.h>

#include <map>

namespace gatefold::model {

std::vector<CostRow> countedCost(VisionTransformer &model)
{
    std::map<std::string, std::int64_t> params;
    for (const auto &item : model->named_parameters())
        params[componentOfParameter(item.key())] += item.value().numel();

    const ViTConfig &c = model->config();
    MacCounter counter;
    {
        torch::NoGradGuard noGrad;
        const bool wasTraining = model->is_training();
        model->eval();
        auto options = model->parameters().front().options();
        MacCountScope scope(counter);
        model->forward(torch::zeros({1, c.inChannels, c.imageSize, c.imageSize}, options));
        model->train(wasTraining);
    }
    return costRowsFromMaps(params, counter.totals());
}

} // namespace gatefold::model
