#include "dataparallel.h"

#include "trainer.h"

#include "config/runconfigjson.h"
#include "dist/distgroup.h"
#include "dist/localranks.h"
#include "runtime/threadenvironment.h"

#include <torch/cuda.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace gatefold::train {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

// How long a rank waits for rank 0 to publish the job: rank 0 may be opening a large data set.
constexpr seconds kJobWait{600};

milliseconds timeoutOf(const RunConfig &config)
{
    return seconds(std::max(1, config.train.distTimeout));
}

} // namespace

dist::Backend backendFor(const RunConfig &config)
{
    const auto choice = config.train.distBackend;
    if (choice == DistBackend::Nccl)
        return dist::Backend::Nccl;
    const bool cuda = config.train.device != DeviceChoice::Cpu && torch::cuda::is_available();
    return choice == DistBackend::Auto && cuda && dist::DistGroup::ncclAvailable() ? dist::Backend::Nccl
                                                                                 : dist::Backend::Gloo;
}

int threadsPerRank(const RunConfig &config, const dist::WorldInfo &world)
{
    if (config.train.threads > 0)
        return config.train.threads;
    const int cores = std::max(1, int(std::thread::hardware_concurrency()));
    return std::max(1, cores / std::max(1, world.localSize));
}

std::unique_ptr<DataParallelLeader> DataParallelLeader::start(const dist::WorldInfo &world, const RunConfig &config,
                                                              const RankJob &job, const QString &program,
                                                              QString *error)
{
    std::unique_ptr<DataParallelLeader> leader(new DataParallelLeader);
    leader->m_group = dist::DistGroup::create(world, timeoutOf(config), error);
    if (!leader->m_group)
        return nullptr;
    if (world.launcher == QLatin1String("--nproc")) {
        dist::WorldInfo started = leader->m_group->world();  // with the port the store took
        leader->m_ranks = std::make_unique<dist::LocalRanks>();
        if (!leader->m_ranks->start(program, {QStringLiteral("train")}, started, threadsPerRank(config, started),
                                    error))
            return nullptr;
        auto *ranks = leader->m_ranks.get();
        leader->m_group->setDiagnosis([ranks] {
            ranks->waitForAnyEnd(1.0);  // a dead rank's sockets close before its parent hears of it
            return ranks->diagnosis();
        });
    }
    try {
        leader->m_group->setKey(QStringLiteral("job"), job.toJson());
        leader->m_group->connect(backendFor(config));
    } catch (const std::exception &e) {
        *error = QStringLiteral("the data-parallel job of %1 ranks could not start: %2")
                     .arg(world.size)
                     .arg(QString::fromUtf8(e.what()));
        return nullptr;
    }
    return leader;
}

DataParallelLeader::~DataParallelLeader()
{
    if (m_ranks)
        m_ranks->stopAll(2.0);
}

void DataParallelLeader::finish(double seconds)
{
    m_group.reset();  // closes the connections: a rank still waiting on rank 0 hears it at once
    if (m_ranks && !m_ranks->waitAll(seconds))
        m_ranks->stopAll(2.0);
    m_ranks.reset();
}

namespace {

// The rank's trainer from the job: rank 0's checkpoint and trust, no store, no files written.
int trainRank(dist::DistGroup &group, const RankJob &job, const RunConfig &config, const std::atomic<bool> *stop,
              QString *message)
{
    TrainerOptions options;
    options.resumeFrom = job.resumeFrom;
    options.resumeTrust = job.resumeTrust;
    options.initTrust = job.initTrust;
    options.teacherTrust = job.teacherTrust;
    options.stopAtStep = job.stopAtStep;
    options.pauseAtEpoch = job.pauseAtEpoch;
    options.stop = stop;
    options.group = &group;
    Trainer trainer(config, options);
    QString error;
    if (!trainer.prepare(&error)) {
        *message = QStringLiteral("could not start: %1").arg(error);
        group.sayFailed(*message);
        return 1;
    }
    const TrainOutcome outcome = trainer.run();
    if (outcome.end == TrainEnd::Failed) {
        *message = outcome.message;
        group.sayFailed(*message);
        return 1;
    }
    return 0;
}

} // namespace

int runRank(const dist::WorldInfo &world, const std::atomic<bool> *stop, QString *message)
{
    QString error;
    auto group = dist::DistGroup::create(world, kJobWait, &error);
    if (!group) {
        *message = error;
        return 1;
    }
    try {
        QString why;
        const auto job = RankJob::fromJson(group->getKey(QStringLiteral("job"), kJobWait), &why);
        RunConfig config;
        QStringList problems;
        if (!job || !runConfigFromJson(job->configJson, &config, &problems)) {
            *message = job ? QStringLiteral("rank 0's run config does not load: %1").arg(problems.join("; ")) : why;
            group->sayFailed(*message);
            return 1;
        }
        if (!job->abandoned.isEmpty()) {
            *message = QStringLiteral("rank 0 did not start the run: %1").arg(job->abandoned);
            return 1;
        }
        runtime::applyThreadCount(threadsPerRank(config, world));
        group->setTimeout(timeoutOf(config));
        group->connect(backendFor(config));
        return trainRank(*group, *job, config, stop, message);
    } catch (const std::exception &e) {
        *message = QString::fromUtf8(e.what());
        return 1;
    }
}

} // namespace gatefold::train
