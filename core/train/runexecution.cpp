#include "runexecution.h"

#include "checkpoint.h"
#include "runconfigjson.h"
#include "runrecorder.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <torch/version.h>

namespace gatefold::train {
namespace {

ExecutionResult failRun(store::RunStore &store, qint64 runId, const QString &message, bool configError = false)
{
    store.setStatus(runId, store::RunStatus::Failed, message);
    return {TrainEnd::Failed, message, configError};
}

} // namespace

QString runDirectory(const store::RunStore &store, qint64 runId)
{
    return store.runDirectory(runId);
}

QString artifactFile(const store::RunStore &store, const store::Artifact &artifact)
{
    if (QFileInfo(artifact.path).isAbsolute())
        return artifact.path;
    return QDir(store.dataDirectory()).filePath(artifact.path);
}

ExecutionResult executeRun(store::RunStore &store, qint64 runId, const ExecutionOptions &options)
{
    const auto record = store.run(runId);
    if (!record)
        return {TrainEnd::Failed, QStringLiteral("there is no run %1 in %2").arg(runId).arg(store.path()), true};
    if (!store.setStatus(runId, store::RunStatus::Running))
        return {TrainEnd::Failed, store.lastError(), true};

    RunConfig config;
    QStringList errors;
    if (!runConfigFromJson(record->configJson, &config, &errors))
        return failRun(store, runId, QStringLiteral("the run's config is invalid: %1").arg(errors.join("; ")), true);

    TrainerOptions trainerOptions;
    trainerOptions.runDir = runDirectory(store, runId);
    trainerOptions.stop = options.stop;
    trainerOptions.stopAtStep = options.stopAtStep;
    RunRecorder recorder(store, runId, options.events);
    trainerOptions.events = &recorder;
    if (options.resume) {
        const auto last = store.artifacts(runId, QStringLiteral("checkpoint/last"));
        if (!last.empty()) {
            const QString path = artifactFile(store, last.back());
            const QString sha = sha256OfFile(path);
            if (sha.isEmpty())
                return failRun(store, runId, QStringLiteral("cannot resume: the last checkpoint %1 is gone").arg(path));
            if (sha != last.back().sha256 && options.events)
                options.events->message(QStringLiteral("note: %1 differs from the recorded sha256 (written after the "
                                                       "store was last updated); using it since it loads")
                                            .arg(path));
            trainerOptions.resumeFrom = path;
        } else if (options.events) {
            options.events->message(QStringLiteral("run %1 has no checkpoint yet: it starts over").arg(runId));
        }
    }
    Trainer trainer(config, trainerOptions);
    QString error;
    if (!trainer.prepare(&error))
        return failRun(store, runId, error);
    // Metrics after the checkpoint's step are taken again.
    if (options.resume
        && !store.truncateMetrics(runId, trainerOptions.resumeFrom.isEmpty() ? -1 : trainer.state().step))
        return failRun(store, runId, store.lastError());
    const QJsonObject versions{{"gatefold", options.gatefoldVersion},
                               {"libtorch", QStringLiteral(TORCH_VERSION)},
                               {"qt", QString::fromLatin1(qVersion())}};
    store.setRuntime(runId, QString::fromStdString(trainer.device().str()),
                     QString::fromUtf8(QJsonDocument(versions).toJson(QJsonDocument::Compact)));

    TrainOutcome outcome;
    try {
        outcome = trainer.run();
    } catch (const std::exception &e) {
        outcome.end = TrainEnd::Failed;
        outcome.message = QStringLiteral("the engine stopped on an error at step %1: %2")
                              .arg(trainer.state().step)
                              .arg(QString::fromStdString(e.what()).section('\n', 0, 0));
    }
    if (!recorder.flush() && outcome.end == TrainEnd::Finished) {
        outcome.end = TrainEnd::Failed;
        outcome.message = recorder.lastError();
    }
    const store::RunStatus status = outcome.end == TrainEnd::Finished ? store::RunStatus::Finished
                                  : outcome.end == TrainEnd::Cancelled ? store::RunStatus::Cancelled
                                                                       : store::RunStatus::Failed;
    if (!store.setStatus(runId, status, outcome.message) && outcome.end == TrainEnd::Finished)
        return {TrainEnd::Failed, store.lastError(), false};
    return {outcome.end, outcome.message, false};
}

} // namespace gatefold::train
