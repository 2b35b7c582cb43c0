#include "worldinfo.h"

#include <QRegularExpression>

namespace gatefold::dist {
namespace {

std::optional<int> envInt(const char *name)
{
    if (!qEnvironmentVariableIsSet(name))
        return std::nullopt;
    bool ok = false;
    const int value = qEnvironmentVariable(name).trimmed().toInt(&ok);
    return ok ? std::optional<int>(value) : std::optional<int>(-1);
}

// SLURM_STEP_TASKS_PER_NODE is "2(x3)" or "2,1": the tasks on the first node listed.
int firstCount(const QString &text)
{
    const auto m = QRegularExpression(QStringLiteral("^(\\d+)")).match(text.trimmed());
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

// srun's names, where RANK/WORLD_SIZE are not set: only inside a job step (srun), not in the
// batch script itself, whose SLURM_NTASKS counts the tasks of the whole allocation.
std::optional<WorldInfo> slurmWorld()
{
    if (!qEnvironmentVariableIsSet("SLURM_STEP_ID") || !qEnvironmentVariableIsSet("SLURM_PROCID"))
        return std::nullopt;
    WorldInfo w;
    w.launcher = QStringLiteral("srun");
    w.rank = envInt("SLURM_PROCID").value_or(-1);
    w.size = envInt("SLURM_STEP_NUM_TASKS").value_or(envInt("SLURM_NTASKS").value_or(1));
    w.localRank = envInt("SLURM_LOCALID").value_or(0);
    w.localSize = firstCount(qEnvironmentVariable("SLURM_STEP_TASKS_PER_NODE"));
    if (w.localSize <= 0)
        w.localSize = envInt("SLURM_NTASKS_PER_NODE").value_or(w.size);
    w.keyPrefix = QStringLiteral("slurm-%1.%2/").arg(qEnvironmentVariable("SLURM_JOB_ID"),
                                                     qEnvironmentVariable("SLURM_STEP_ID"));
    return w;
}

std::optional<WorldInfo> torchrunWorld()
{
    if (!qEnvironmentVariableIsSet("WORLD_SIZE") && !qEnvironmentVariableIsSet("RANK"))
        return std::nullopt;
    WorldInfo w;
    w.launcher = QStringLiteral("torchrun");
    w.rank = envInt("RANK").value_or(0);
    w.size = envInt("WORLD_SIZE").value_or(1);
    w.localRank = envInt("LOCAL_RANK").value_or(w.rank);
    w.localSize = envInt("LOCAL_WORLD_SIZE").value_or(w.size);
    w.agentStore = qEnvironmentVariable("TORCHELASTIC_USE_AGENT_STORE").compare(QLatin1String("true"),
                                                                                Qt::CaseInsensitive) == 0;
    if (qEnvironmentVariableIsSet("TORCHELASTIC_RESTART_COUNT"))
        w.keyPrefix = QStringLiteral("restart-%1/").arg(qEnvironmentVariable("TORCHELASTIC_RESTART_COUNT"));
    return w;
}

} // namespace

QString WorldInfo::describe() const
{
    if (!distributed())
        return QStringLiteral("a single process");
    return QStringLiteral("rank %1 of %2 (%3, local rank %4 of %5)")
        .arg(rank)
        .arg(size)
        .arg(launcher)
        .arg(localRank)
        .arg(localSize);
}

std::optional<WorldInfo> worldFromEnvironment(QString *error)
{
    auto world = torchrunWorld();
    if (!world)
        world = slurmWorld();
    if (!world || world->size == 1)
        return std::nullopt;
    if (qEnvironmentVariableIsSet("GATEFOLD_LAUNCHER"))  // a rank --nproc started
        world->launcher = qEnvironmentVariable("GATEFOLD_LAUNCHER");
    const QString names = world->launcher == QLatin1String("srun") ? QStringLiteral("SLURM_PROCID/SLURM_NTASKS")
                                                                    : QStringLiteral("RANK/WORLD_SIZE");
    if (world->size < 1 || world->rank < 0 || world->rank >= world->size) {
        *error = QStringLiteral("%1 say rank %2 of %3, which is no rank of that world; start every rank with "
                                "0 <= rank < world size")
                     .arg(names)
                     .arg(world->rank)
                     .arg(world->size);
        return std::nullopt;
    }
    if (world->localSize < 1 || world->localSize > world->size || world->localRank < 0
        || world->localRank >= world->localSize)
        world->localSize = world->size, world->localRank = world->rank;  // no usable local numbering: assume one machine
    const auto port = envInt("MASTER_PORT");
    world->masterAddr = qEnvironmentVariable("MASTER_ADDR").trimmed();
    if (world->masterAddr.isEmpty()) {
        if (!world->allLocal()) {
            *error = QStringLiteral("%1 say %2 ranks on several machines, but MASTER_ADDR is not set; set MASTER_ADDR "
                                    "to rank 0's host (in a Slurm script: export MASTER_ADDR=$(scontrol show "
                                    "hostnames \"$SLURM_JOB_NODELIST\" | head -n1)) and MASTER_PORT to a free port")
                         .arg(names)
                         .arg(world->size);
            return std::nullopt;
        }
        world->masterAddr = QStringLiteral("127.0.0.1");
    }
    if (!port || *port <= 0 || *port > 65535) {
        *error = QStringLiteral("MASTER_PORT %1 for a world of %2 ranks; set MASTER_PORT to a free TCP port "
                                "(1-65535) on rank 0's host, the same for every rank")
                     .arg(port ? QStringLiteral("is '%1', not a port").arg(qEnvironmentVariable("MASTER_PORT"))
                               : QStringLiteral("is not set"))
                     .arg(world->size);
        return std::nullopt;
    }
    world->masterPort = *port;
    return world;
}

WorldInfo localWorld(int processes)
{
    WorldInfo w;
    w.size = w.localSize = processes;
    w.launcher = QStringLiteral("--nproc");
    return w;
}

QStringList rankEnvironment(const WorldInfo &world, int rank)
{
    return {QStringLiteral("RANK=%1").arg(rank),
            QStringLiteral("WORLD_SIZE=%1").arg(world.size),
            QStringLiteral("LOCAL_RANK=%1").arg(rank),
            QStringLiteral("LOCAL_WORLD_SIZE=%1").arg(world.localSize),
            QStringLiteral("MASTER_ADDR=%1").arg(world.masterAddr),
            QStringLiteral("MASTER_PORT=%1").arg(world.masterPort),
            QStringLiteral("GATEFOLD_LAUNCHER=--nproc")};
}

} // namespace gatefold::dist
