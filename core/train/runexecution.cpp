#include "runexecution.h"

#include "checkpointfiles.h"
#include "datarecord.h"
#include "enginefailure.h"
#include "store/checkpointname.h"
#include "store/runversions.h"
#include "config/resourceestimate.h"
#include "resumeplan.h"
#include "config/runconfigjson.h"
#include "runrecorder.h"
#include "distillation.h"
#include "teacherref.h"
#include "testkillpoint.h"
#include "dataparallel.h"
#include "dist/distgroup.h"


#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <torch/version.h>

#include <stdexcept>

namespace gatefold::train {
namespace {

ExecutionResult failRun(store::RunStore &store, qint64 runId, const QString &message, bool configError = false)
{
    store.setStatus(runId, store::RunStatus::Failed, message);
    return {TrainEnd::Failed, message, configError};
}

// init.from's trust: the record of that file in the run it came from, and what the user accepted
// for this run (`accept`: accepts it now, recorded as checkpoint/accepted-modified).
CheckpointTrust initTrust(store::RunStore &store, const store::RunRecord &record, const QString &file, bool accept)
{
    CheckpointTrust trust;
    const QString wanted = QFileInfo(file).absoluteFilePath();
    if (record.parentId > 0)
        for (const auto &artifact : store.artifacts(record.parentId))
            if (isCheckpointKind(artifact.kind) && QFileInfo(artifactFile(store, artifact)).absoluteFilePath() == wanted)
                trust.recordedSha256 = artifact.sha256;
    for (const auto &accepted : store.artifacts(record.id, store::kAcceptedModifiedKind))
        trust.acceptedSha256 << accepted.sha256;
    const auto check = checkCheckpoint(file, trust);
    if (accept && check.state == CheckpointState::Modified) {
        store::Artifact accepted;
        accepted.runId = record.id;
        accepted.kind = store::kAcceptedModifiedKind;
        accepted.path = artifactPathFor(store, file);
        accepted.sha256 = check.fileSha256;
        accepted.infoJson = QJsonDocument(QJsonObject{{"path", file},
                                                      {"kind", QStringLiteral("init.from")},
                                                      {"recorded_sha256", trust.recordedSha256},
                                                      {"found_sha256", check.fileSha256},
                                                      {"problem", check.problem}})
                                .toJson(QJsonDocument::Compact);
        store.addArtifact(accepted);
        trust.acceptedSha256 << check.fileSha256;
    }
    return trust;
}

// What init.from changed (initfrom.h), kept with the run as an artifact of kind init/from (path: the
// checkpoint, info: the plan) the first time the run starts from it.
void recordInitFrom(store::RunStore &store, qint64 runId, const RunConfig &config, const Trainer &trainer,
                    TrainEvents *events)
{
    if (!trainer.initFromPlan() || !store.artifacts(runId, QString::fromLatin1(kInitFromArtifactKind)).empty())
        return;
    const QString file = QString::fromStdString(config.train.initFrom);
    store::Artifact record;
    record.runId = runId;
    record.kind = QString::fromLatin1(kInitFromArtifactKind);
    record.path = artifactPathFor(store, file);
    record.sha256 = sha256OfFile(file);
    record.infoJson = trainer.initFromPlan()->toJson();
    if (!store.addArtifact(record) && events)
        events->message(QStringLiteral("the store cannot record what init.from changed: %1").arg(store.lastError()));
}

// distill.teacher as the run's engine loads it: the file it names (a run named in a config queued
// without the CLI's check is resolved now) and that file's trust, as init.from's.
bool resolveRunTeacher(store::RunStore &store, const store::RunRecord &record, bool accept, RunConfig *config,
                       TrainerOptions *options, QString *error)
{
    if (!config->train.distill.enabled())
        return true;
    QString why;
    const auto teacher = resolveTeacher(&store, QString::fromStdString(config->train.distill.teacher), &why);
    if (!teacher) {
        *error = QStringLiteral("distill.teacher: %1").arg(why);
        return false;
    }
    config->train.distill.teacher = teacher->file.toStdString();
    if (teacher->runId > 0)
        options->teacherTrust = teacher->trust;
    else if (!isExportTeacher(teacher->file))  // an export has no seal: its files are read as they are
        options->teacherTrust = initTrust(store, record, teacher->file, accept);
    return true;
}

// A stale best record (an older engine killed between last.pt and best.pt): the resumed
// checkpoint is itself the best one, but best names an older file.
void repairBest(store::RunStore &store, qint64 runId, const Trainer &trainer, const ResumePlan &plan, TrainEvents *events)
{
    if (!plan.chosen || trainer.state().bestStep != trainer.state().step || trainer.state().step <= 0)
        return;
    const auto best = store.artifacts(runId, store::CheckpointName::best().kind());
    if (!best.empty() && choiceOf(store, best.back()).step == trainer.state().step)
        return;
    store::Artifact record;
    record.kind = store::CheckpointName::best().kind();
    record.path = artifactPathFor(store, plan.chosen->file);
    record.sha256 = plan.chosen->sha256;
    record.infoJson = plan.chosen->infoJson;
    if (store.recordCheckpoint(runId, {}, {record}) && events)
        events->message(QStringLiteral("the best checkpoint record named an older file than the run's best (step %1); "
                                       "it names %2 now")
                            .arg(trainer.state().step)
                            .arg(plan.chosen->file));
}

// A config that is an empty object: an MLflow run imported without any Gatefold setting (mlflowimport.h).
bool hasNoSettings(const QByteArray &configJson)
{
    const QJsonDocument doc = QJsonDocument::fromJson(configJson);
    return doc.isObject() && doc.object().isEmpty();
}

// What to do after `e` ended run `runId`, fitted to the run: its stated memory limit (`config`, when
// it could be read), whether a checkpoint exists to resume from, whether the detail reached a log.
QString whatToDo(store::RunStore &store, qint64 runId, const RunConfig *config, const std::exception &e, bool logged)
{
    const QString resume = store.artifacts(runId, store::CheckpointName::last().kind()).empty()
        ? QString()
        : QStringLiteral("; `gatefold-cli resume --run %1` continues from its last checkpoint").arg(runId);
    if (!isOutOfMemory(e))
        return (logged ? QStringLiteral("the detail is in %1").arg(engineLogFile())
                       : QStringLiteral("no engine log could be written (%1)").arg(engineLogFile()))
             + resume;
    const QString smaller = QStringLiteral("make the run smaller (train.batch_size, img_size, embed_dim, depth, "
                                           "gate.codebook_size, join.branches)");
    const qint64 limit = config ? config->train.memoryLimit : 0;
    const qint64 machine = machineMemoryBytes() + machineSwapBytes();
    if (limit > 0 && limit > machine)
        return QStringLiteral("compute.memory_limit is %1, more than this machine has (%2 with swap), so the run was "
                              "let through; %3 and set compute.memory_limit to at most %2 (0: this machine's memory) "
                              "so it is checked before it starts%4")
            .arg(describeBytes(double(limit)), describeBytes(double(machine)), smaller, resume);
    if (limit > 0)
        return QStringLiteral("the run fits its compute.memory_limit (%1) by the estimate, but this machine did not "
                              "have that much free (other programs, or a container limit); free memory or %2%3")
            .arg(describeBytes(double(limit)), smaller, resume);
    return smaller + QStringLiteral(", or set compute.memory_limit so it is checked before a run starts") + resume;
}

// A resume's records made to point at its checkpoint, and the trainer told where to continue from.
bool applyResume(store::RunStore &store, qint64 runId, const ResumePlan &plan, RunRecorder &recorder,
                 TrainerOptions *trainerOptions, QString *error)
{
    QStringList notes;
    if (!applyResumePlan(store, runId, plan, &notes, error))
        return false;
    testKillPoint("after-resume-records");
    for (const QString &note : notes)
        recorder.message(note);
    if (plan.chosen) {
        trainerOptions->resumeFrom = plan.chosen->file;
        trainerOptions->resumeTrust = plan.trust;
    } else {
        recorder.message(QStringLiteral("run %1 has no checkpoint yet: it starts over").arg(runId));
    }
    return true;
}

void recordRuntime(store::RunStore &store, qint64 runId, const Trainer &trainer, const QString &gatefoldVersion,
                   const dist::DistGroup *group, const RunConfig &config)
{
    store::RunVersions versions;
    versions.gatefold = gatefoldVersion;
    versions.libtorch = QStringLiteral(TORCH_VERSION);
    versions.qt = QString::fromLatin1(qVersion());
    if (group) {
        versions.worldSize = group->size();
        versions.distBackend = group->backendName();
        versions.launcher = group->world().launcher;
        versions.perRankBatch = config.train.batchSize / group->size();
    }
    store.setRuntime(runId, QString::fromStdString(trainer.device().str()), versions.toJson());
}

// Trainer::run(), with what LibTorch throws turned into a failed outcome in one sentence.
TrainOutcome runCatching(Trainer &trainer, store::RunStore &store, qint64 runId, const RunConfig &config)
{
    TrainOutcome outcome;
    try {
        outcome = trainer.run();
    } catch (const dist::RankLost &e) {
        outcome.end = TrainEnd::Failed;
        outcome.rankLost = true;
        outcome.step = trainer.state().step;
        const bool checkpoint = !store.artifacts(runId, store::CheckpointName::last().kind()).empty();
        outcome.message = QStringLiteral("the engine stopped at step %1: %2; %3")
                              .arg(trainer.state().step)
                              .arg(QString::fromUtf8(e.what()),
                                   checkpoint ? QStringLiteral("`gatefold-cli resume --run %1` continues from its last "
                                                               "checkpoint, with as many processes as you choose "
                                                               "(--nproc)").arg(runId)
                                              : QStringLiteral("it had no checkpoint yet; resume starts it over"));
    } catch (const std::exception &e) {
        QString detail;
        const QString what = describeFailure(e, &detail);
        const bool logged =
            logEngineDetail(QStringLiteral("run %1 failed at step %2").arg(runId).arg(trainer.state().step), detail);
        outcome.end = TrainEnd::Failed;
        outcome.message = QStringLiteral("the engine stopped at step %1: %2; %3")
                              .arg(trainer.state().step)
                              .arg(what, whatToDo(store, runId, &config, e, logged));
    }
    return outcome;
}

// The last metrics committed, then the run's end status.
ExecutionResult recordEnd(store::RunStore &store, qint64 runId, RunRecorder &recorder, TrainOutcome outcome)
{
    if (!recorder.flush() && outcome.end == TrainEnd::Finished) {
        outcome.end = TrainEnd::Failed;
        outcome.message = recorder.lastError();
    }
    testKillPoint("before-end-status");
    const store::RunStatus status = outcome.end == TrainEnd::Finished ? store::RunStatus::Finished
                                  : outcome.end == TrainEnd::Cancelled ? store::RunStatus::Cancelled
                                  : outcome.end == TrainEnd::Paused    ? store::RunStatus::Stopped
                                  : outcome.rankLost                   ? store::RunStatus::Crashed
                                                                       : store::RunStatus::Failed;
    if (!store.setStatus(runId, status, outcome.message) && outcome.end == TrainEnd::Finished)
        return {TrainEnd::Failed, store.lastError(), false};
    return {outcome.end, outcome.message, false, false, outcome.rankLost};
}

// The ranks of this session: srun's or torchrun's world, else --nproc or compute.processes on this machine.
dist::WorldInfo worldOf(const ExecutionOptions &options, const RunConfig &config)
{
    if (options.world)
        return *options.world;
    const int processes = options.processes > 0 ? options.processes : config.train.processes;
    return processes > 1 ? dist::localWorld(processes) : dist::WorldInfo{};
}

// The claimed run, from its config to its end status.
ExecutionResult trainClaimedRun(store::RunStore &store, qint64 runId, const store::RunRecord &record,
                                const std::optional<ResumePlan> &plan, const ExecutionOptions &options,
                                std::unique_ptr<data::Dataset> data)
{
    RunConfig config;
    QStringList errors;
    if (!runConfigFromJson(record.configJson, &config, &errors))
        return failRun(store, runId, QStringLiteral("the run's config is invalid: %1").arg(errors.join("; ")), true);

    TrainerOptions trainerOptions;
    trainerOptions.runDir = runDirectory(store, runId);
    trainerOptions.stop = options.stop;
    trainerOptions.stopAtStep = options.stopAtStep;
    trainerOptions.pauseAtEpoch = options.pauseAtEpoch;
    RunRecorder recorder(store, runId, options.events);
    trainerOptions.events = &recorder;
    if (!config.train.initFrom.empty())
        trainerOptions.initTrust = initTrust(store, record, QString::fromStdString(config.train.initFrom),
                                             options.acceptModifiedCheckpoint);
    QString error;
    QByteArray configJson = record.configJson;
    if (!resolveRunTeacher(store, record, options.acceptModifiedCheckpoint, &config, &trainerOptions, &error))
        return failRun(store, runId, error, true);
    if (config.train.distill.enabled())
        configJson = runConfigToJson(config);  // the ranks load the teacher file resolved here
    if (plan && !applyResume(store, runId, *plan, recorder, &trainerOptions, &error))
        return failRun(store, runId, error);
    removeUnrecordedCheckpoints(store, runId);  // files a killed engine wrote but never committed
    std::unique_ptr<DataParallelLeader> leader;
    if (const auto world = worldOf(options, config); world.distributed()) {
        RankJob job;
        job.runId = runId;
        job.configJson = configJson;
        job.resumeFrom = trainerOptions.resumeFrom;
        job.resumeTrust = trainerOptions.resumeTrust;
        job.initTrust = trainerOptions.initTrust;
        job.teacherTrust = trainerOptions.teacherTrust;
        job.stopAtStep = options.stopAtStep;
        job.pauseAtEpoch = options.pauseAtEpoch;
        leader = DataParallelLeader::start(world, config, job, options.program, &error);
        if (!leader)
            return failRun(store, runId, error);
        trainerOptions.group = leader->group();
    }
    struct EndRanks {
        std::unique_ptr<DataParallelLeader> &leader;
        ~EndRanks()
        {
            if (leader)
                leader->finish(5.0);  // a path that did not reach the end of training
        }
    } endRanks{leader};
    Trainer trainer(config, trainerOptions);
    if (data)
        trainer.setData(std::move(data));
    if (!trainer.prepare(&error)) {
        // A resume whose checkpoint does not load into the run's model (an accepted modified file of
        // another shape, say): nothing trained and no metric was touched, so the run goes back to
        // the status and message it had, and the refusal is the command's.
        if (plan && plan->chosen && store.setStatus(runId, record.status, record.message))
            return {TrainEnd::Failed,
                    QStringLiteral("cannot resume run %1: %2; nothing was trained, the run stays %3 as it was")
                        .arg(runId)
                        .arg(error, store::toString(record.status)),
                    false, true};
        return failRun(store, runId, error);
    }
    if (!noteDataSet(store, runId, config, trainer.dataset(), &recorder, &error))
        return failRun(store, runId, error);
    recordInitFrom(store, runId, config, trainer, &recorder);
    if (plan) {
        repairBest(store, runId, trainer, *plan, options.events);
        // Metrics after the checkpoint's step are taken again.
        if (!store.truncateMetrics(runId, trainerOptions.resumeFrom.isEmpty() ? -1 : trainer.state().step))
            return failRun(store, runId, store.lastError());
        testKillPoint("after-truncate");
    }
    recordRuntime(store, runId, trainer, options.gatefoldVersion, trainerOptions.group, config);
    const TrainOutcome outcome = runCatching(trainer, store, runId, config);
    if (leader)  // every rank ended before the run's end is recorded; a failed job's ranks are not waited for
        leader->finish(outcome.end == TrainEnd::Failed ? 2.0 : 30.0);
    return recordEnd(store, runId, recorder, outcome);
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
    if (hasNoSettings(record->configJson))
        return {TrainEnd::Failed,
                QStringLiteral("run %1 has no config: it was imported (from MLflow) without Gatefold settings, as a "
                               "record of its metrics, tags and artifacts, and cannot be trained or resumed. Nothing "
                               "was changed; train a new run with the settings you mean (gatefold-cli train --set …)")
                    .arg(runId),
                true, true};
    std::optional<ResumePlan> plan;
    std::unique_ptr<data::Dataset> data;  // a resume's, opened and checked before the run is touched
    if (options.resume) {
        QString error;
        plan = planResume(store, runId, options.resumeFrom, options.acceptModifiedCheckpoint, &error);
        if (!plan)
            return {TrainEnd::Failed, error, false, true};
        data = openResumeData(store, *record, &error);
        if (!error.isEmpty())
            return {TrainEnd::Failed, error, false, true};
    }
    // Stopped before it began (a cancel right after the window started the engine): nothing trains.
    if (options.stop && options.stop->load()) {
        if (record->status != store::RunStatus::Queued)  // a resume: the run stays as it was
            return {TrainEnd::Cancelled, QStringLiteral("stopped before it resumed; run %1 is as it was").arg(runId)};
        const QString message = QStringLiteral("cancelled before it started");
        if (!store.setStatus(runId, store::RunStatus::Cancelled, message))
            return {TrainEnd::Failed, store.lastError(), true};
        return {TrainEnd::Cancelled, message};
    }
    if (!store.setStatus(runId, store::RunStatus::Running))
        return {TrainEnd::Failed, store.lastError(), true};
    testKillPoint("after-claim");
    setEngineLogFile(QDir(runDirectory(store, runId)).filePath(QStringLiteral("engine.log")));
    setCurrentRun(store.path(), runId);
    struct Release {
        ~Release() { setCurrentRun({}, 0); }
    } release;
    // Whatever escapes the engine ends the run as failed, in one sentence; the detail goes to the log.
    auto died = [&](const std::exception &e) {
        QString detail;
        const QString what = describeFailure(e, &detail);
        const bool logged = logEngineDetail(QStringLiteral("run %1 failed").arg(runId), detail);
        RunConfig config;
        QStringList ignored;
        const bool known = runConfigFromJson(record->configJson, &config, &ignored);
        return failRun(store, runId, QStringLiteral("the engine stopped: %1; %2")
                                         .arg(what, whatToDo(store, runId, known ? &config : nullptr, e, logged)));
    };
    try {
        return trainClaimedRun(store, runId, *record, plan, options, std::move(data));
    } catch (const std::exception &e) {
        return died(e);
    } catch (...) {
        return died(std::runtime_error("an exception of unknown type"));
    }
}

} // namespace gatefold::train
