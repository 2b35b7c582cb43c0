#include "runcost.h"

#include "model/costmodel.h"
#include "model/fold.h"
#include "model/visiontransformer.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"

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

namespace {

// Median ms of `timed` forward passes of `batch` images after `warmup` ones.
std::optional<double> timeForward(const QByteArray &configJson, bool deployed, int batch, int warmup, int timed,
                                  int threads, QString *error)
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
            *error = QStringLiteral("the forward pass failed: %1").arg(QString::fromUtf8(e.what()));
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

} // namespace gatefold::tables
