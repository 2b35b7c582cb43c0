#include "forwardtiming.h"

#include "model/visiontransformer.h"
#include "tables/runcost.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace gatefold::timing {
namespace {

// Median ms of `timed` forward passes of `batch` images after `warmup` ones.
std::optional<double> timeForward(const QByteArray &configJson, bool deployed, int batch, int warmup, int timed,
                                  int threads, QString *error)
{
    auto m = tables::costedModel(configJson, deployed, error);
    if (!m)
        return std::nullopt;
    if (m->join.branches > 1 && !m->join.deployed)
        m->join.strength = 1.0;  // time the joined forward the run ends with (shared work computed once)
    std::string why;
    auto built = model::buildModel(*m, &why);
    if (!built) {
        if (error)
            *error = QStringLiteral("the model cannot be built: %1").arg(QString::fromStdString(why));
        return std::nullopt;
    }
    model::VisionTransformer net = *built;
    net->eval();
    const int before = at::get_num_threads();
    if (threads > 0)
        at::set_num_threads(threads);
    std::vector<double> ms;
    try {
        torch::InferenceMode guard;
        const auto images = torch::randn({batch, m->inChannels, m->imageSize, m->imageSize});
        for (int i = 0; i < warmup; ++i)
            net->forward(images);
        for (int i = 0; i < timed; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            net->forward(images);
            ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        }
    } catch (const std::exception &e) {
        at::set_num_threads(before);
        if (error)
            *error = QStringLiteral("the forward pass failed: %1").arg(QString::fromUtf8(e.what()).section('\n', 0, 0));
        return std::nullopt;
    }
    at::set_num_threads(before);
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    return ms[ms.size() / 2];
}

} // namespace

std::optional<double> runLatencyMs(const QByteArray &configJson, bool deployed, QString *error)
{
    return timeForward(configJson, deployed, 1, 3, 15, 1, error);
}

std::optional<double> runThroughput(const QByteArray &configJson, bool deployed, QString *error)
{
    const int batch = 32;
    const auto ms = timeForward(configJson, deployed, batch, 2, 5, 0, error);
    if (!ms)
        return std::nullopt;
    return double(batch) / (*ms / 1000.0);
}

} // namespace gatefold::timing
