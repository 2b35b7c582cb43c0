#include "runcost.h"

#include "model/costmodel.h"
#include "model/fold.h"
#include "model/visiontransformer.h"
#include "train/runconfigjson.h"
#include "train/runpresets.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace gatefold::tables {
namespace {

std::optional<model::ViTConfig> modelConfig(const QByteArray &configJson, bool deployed, QString *error)
{
    train::RunConfig config = train::demoRun();
    QStringList errors;
    if (!train::runConfigFromJson(configJson, &config, &errors)) {
        if (error)
            *error = QStringLiteral("the run config cannot be read: %1").arg(errors.join("; "));
        return std::nullopt;
    }
    model::ViTConfig m = config.model;
    const auto &join = m.join;
    const bool endsJoined = join.branches > 1 && !join.deployed
                         && (join.schedule.kind != model::JoinScheduleKind::None || join.strength >= 1.0);
    if (deployed && endsJoined)
        m = model::deployConfig(m, false);
    return m;
}

} // namespace

std::optional<RunCost> runCost(const QByteArray &configJson, bool deployed, QString *error)
{
    const auto m = modelConfig(configJson, deployed, error);
    if (!m)
        return std::nullopt;
    const auto rows = model::closedFormCost(*m);
    return RunCost{double(model::totalParams(rows)), 2.0 * double(model::totalMacs(rows)) / 1e9};
}

std::optional<double> runLatencyMs(const QByteArray &configJson, bool deployed, QString *error)
{
    auto m = modelConfig(configJson, deployed, error);
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
    const int threads = at::get_num_threads();
    at::set_num_threads(1);
    std::vector<double> ms;
    try {
        torch::InferenceMode guard;
        const auto image = torch::randn({1, m->inChannels, m->imageSize, m->imageSize});
        for (int i = 0; i < 3; ++i)
            net->forward(image);
        for (int i = 0; i < 15; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            net->forward(image);
            ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        }
    } catch (const std::exception &e) {
        at::set_num_threads(threads);
        if (error)
            *error = QStringLiteral("the forward pass failed: %1").arg(QString::fromUtf8(e.what()));
        return std::nullopt;
    }
    at::set_num_threads(threads);
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    return ms[ms.size() / 2];
}

} // namespace gatefold::tables
