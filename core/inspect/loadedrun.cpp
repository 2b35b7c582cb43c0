#include "loadedrun.h"

#include "data/datasets.h"
#include "store/runstore.h"
#include "train/checkpoint.h"
#include "train/checkpointchoice.h"
#include "config/runconfigjson.h"
#include "train/runschedules.h"
#include "train/testkillpoint.h"
#include "train/trainstate.h"

#include <QCoreApplication>

#include <torch/torch.h>

#include <algorithm>
#include <exception>

namespace gatefold::inspect {

std::optional<torch::Device> deviceFromName(const QString &name, QString *error)
{
    if (name == QLatin1String("cpu"))
        return torch::Device(torch::kCPU);
    if (name == QLatin1String("cuda") || name == QLatin1String("auto")) {
        if (torch::cuda::is_available())
            return torch::Device(torch::kCUDA, 0);
        if (name == QLatin1String("auto"))
            return torch::Device(torch::kCPU);
        *error = QStringLiteral("device cuda: this LibTorch sees no CUDA device; use cpu or auto");
        return std::nullopt;
    }
    *error = QStringLiteral("device '%1' is not known; use cpu, cuda or auto").arg(name);
    return std::nullopt;
}

namespace {

// The run's data set and its input normalisation, as the trainer had them.
bool openRunData(LoadedRun &run, const std::function<void(QString)> &progress, QString *error)
{
    const qint64 runId = run.runId;
    if (progress)
        progress(QCoreApplication::translate("InspectRun", "opening the data set of run %1").arg(runId));
    std::string why;
    run.data = data::openDataset(run.config.train.data, run.config.model.imageSize, &why);
    if (!run.data) {
        *error = QStringLiteral("the data set of run %1 cannot be opened: %2 (it gives the images, the class names and "
                                "the input normalisation; restore it where the run's data.path says)")
                     .arg(runId)
                     .arg(QString::fromStdString(why));
        return false;
    }
    const auto &dc = run.config.train.data;
    if (dc.mean.empty()) {
        if (progress)
            progress(QCoreApplication::translate("InspectRun", "measuring the input normalisation as the trainer did"));
        try {
            run.norm = data::measureNormalization(*run.data);
        } catch (const std::exception &e) {
            *error = QStringLiteral("the input normalisation of run %1 cannot be measured: %2")
                         .arg(runId)
                         .arg(QString::fromStdString(e.what()));
            return false;
        }
    } else {
        run.norm = data::Normalization{dc.mean, dc.std};
    }
    return true;
}

// The chosen checkpoint into run.model, checked against the store's record (or accepted as modified).
bool loadChosenCheckpoint(store::RunStore &store, LoadedRun &run, bool acceptModified, train::TrainState *state,
                          QString *error)
{
    QString loadError;
    auto trust = train::trustOf(store, run.runId, run.checkpoint);
    train::CheckpointCheck check;
    bool loaded = train::loadCheckpoint(run.checkpoint.file, run.model, nullptr, nullptr, state, &loadError, trust, &check);
    const bool accepting = !loaded && acceptModified && check.state == train::CheckpointState::Modified;
    if (accepting) {
        trust.acceptedSha256 << check.fileSha256;
        loaded = train::loadCheckpoint(run.checkpoint.file, run.model, nullptr, nullptr, state, &loadError, trust);
        run.acceptedModifiedSha256 = check.fileSha256;
    }
    if (!loaded) {
        // Accepted as modified, it still did not load (another model's shapes): that is the reason.
        const bool modified = check.state == train::CheckpointState::Modified && !accepting;
        const QString others = train::otherCheckpoints(store, run.runId, run.checkpoint.file, QStringLiteral("--checkpoint "));
        *error = modified ? QStringLiteral("%1; %2, or pass --accept-modified-checkpoint if the change is yours")
                                .arg(check.problem, others)
                          : QStringLiteral("%1; %2").arg(loadError, others);
        return false;
    }
    return true;
}

// The schedules' values the checkpoint was evaluated with, and the model on `device`.
bool placeOnDevice(LoadedRun &run, const torch::Device &device, QString *error)
{
    // The trainer set these for step s − 1 before taking it, then evaluated and wrote the checkpoint.
    const train::RunSchedules schedules(run.config, run.stepsPerEpoch);
    const std::int64_t s = std::max<std::int64_t>(0, run.step - 1);
    try {
        if (run.config.model.gate.kind == model::GateKind::Cde) {
            run.model->setGateStrength(schedules.gateStrength(s));
            run.model->setTemperature(schedules.temperature(s));
        }
        if (run.config.model.isParallel())
            run.model->setJoinStrength(schedules.joinStrength(s));
        run.model->to(device);
    } catch (const std::exception &e) {
        *error = QStringLiteral("the model of run %1 cannot be moved to %2: %3")
                     .arg(run.runId)
                     .arg(QString::fromStdString(device.str()), QString::fromStdString(e.what()).section('\n', 0, 0));
        return false;
    }
    return true;
}

} // namespace

std::optional<LoadedRun> loadRun(store::RunStore &store, qint64 runId, const QString &checkpoint,
                                 const torch::Device &device, QString *error,
                                 const std::function<void(QString)> &progress, bool acceptModified)
{
    const auto record = store.run(runId);
    if (!record) {
        const QString why = store.lastError();
        *error = QStringLiteral("there is no run %1 in %2; `gatefold-cli runs` lists the runs%3")
                     .arg(runId)
                     .arg(store.displayName(), why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
        return std::nullopt;
    }
    LoadedRun run;
    run.runId = runId;
    run.name = record->name;
    QStringList problems;
    if (!train::runConfigFromJson(record->configJson, &run.config, &problems)) {
        *error = QStringLiteral("the config of run %1 cannot be read (%2); was it written by a newer Gatefold?")
                     .arg(runId)
                     .arg(problems.join(QStringLiteral("; ")));
        return std::nullopt;
    }
    auto chosen = chooseCheckpoint(store, runId, checkpoint, error);
    if (!chosen)
        return std::nullopt;
    run.checkpoint = *chosen;
    if (!openRunData(run, progress, error))
        return std::nullopt;
    run.stepsPerEpoch = std::max<std::int64_t>(1, run.data->size(data::Split::Train)
                                                      / (std::int64_t(run.config.train.batchSize)
                                                         * std::max(1, run.config.train.accumSteps)));

    std::string why;
    auto built = model::buildModel(run.config.model, &why);
    if (!built) {
        *error = QStringLiteral("the model of run %1 cannot be built from its config: %2")
                     .arg(runId)
                     .arg(QString::fromStdString(why));
        return std::nullopt;
    }
    run.model = *built;
    if (progress)
        progress(QCoreApplication::translate("InspectRun", "loading %1").arg(run.checkpoint.file));
    train::TrainState state;
    if (!loadChosenCheckpoint(store, run, acceptModified, &state, error))
        return std::nullopt;
    train::testKillPoint("after-checkpoint-load");
    run.step = state.step;
    run.epoch = double(run.step) / double(run.stepsPerEpoch);
    if (!placeOnDevice(run, device, error))
        return std::nullopt;
    run.model->eval();
    return run;
}

} // namespace gatefold::inspect
