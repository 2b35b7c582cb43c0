// How long a sweep takes to get going on Slurm (issue 18): `gatefold-cli sweep --slurm` of N runs
// (default 16) submitted to a private cluster of this machine (tests/slurmcluster.h, its node given
// N CPUs so that every task can run at once), timed from the command's start to
//   submitted  — the command returned: runs created, script written, sbatch answered, jobs recorded;
//   running    — squeue shows all N array tasks RUNNING;
//   claimed    — every engine has claimed its run in the store (status running).
// Each round uses a fresh SQLite store (allowed: the cluster is this machine) and cancels its job
// afterwards. The runs are tiny and long (they are cancelled long before they end).
//
// The cluster is the tests' (its main scheduler loop every second); with Slurm's default loop (60 s)
// the times were the same, since an array's tasks that fit are placed as it is submitted.
//
//   bench_slurm [--runs 16] [--rounds 3] [--cli PATH]

#include "../tests/slurmcluster.h"
#include "median.h"

#include "store/runstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>

namespace {

struct Options {
    int runs = 16;
    int rounds = 3;
    QString cli = QStringLiteral(GATEFOLD_CLI_PATH);
};

struct Round {
    double submitted = 0;  // seconds from the start of `sweep --slurm`
    double running = 0;
    double claimed = 0;
};

Options parse(const QStringList &args)
{
    Options o;
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--runs"))
            o.runs = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--rounds"))
            o.rounds = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--cli"))
            o.cli = args[i + 1];
    }
    return o;
}

// A grid of `runs` points: optim.lr over as many values, one seed.
QString writeGrid(const QString &folder, int runs)
{
    QStringList lrs;
    for (int i = 0; i < runs; ++i)
        lrs << QString::number(0.001 * (i + 1), 'g', 6);
    const QString path = folder + QStringLiteral("/grid.json");
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(QStringLiteral(R"({"name": "bench", "grid": {"optim.lr": [%1]}})").arg(lrs.join(QStringLiteral(", "))).toUtf8());
    return path;
}

QStringList tinyLongRun()
{
    QStringList args;
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "mlp_ratio=2",
                           "data.train_size=512", "data.val_size=64", "train.batch_size=32", "compute.threads=1",
                           "train.epochs=200"})
        args << QStringLiteral("--set") << QString::fromLatin1(kv);
    return args;
}

// How many array tasks squeue shows in `states` (e.g. RUNNING).
int tasksIn(const gatefold::test::SlurmCluster &cluster, const QString &states)
{
    QString out;
    cluster.run(QStringLiteral("squeue"), {QStringLiteral("--noheader"), QStringLiteral("--array"),
                                           QStringLiteral("--states=") + states, QStringLiteral("--format=%i")},
                &out);
    return int(out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size());
}

int claimedRuns(const QString &store)
{
    QString error;
    const auto s = gatefold::store::RunStore::open(store, &error, gatefold::store::OpenMode::ReadOnly);
    int claimed = 0;
    for (const auto &r : s ? s->runs() : std::vector<gatefold::store::RunRecord>{})
        claimed += r.status == gatefold::store::RunStatus::Running ? 1 : 0;
    return claimed;
}

// One sweep of `runs` from submission until every engine has claimed its run; then cancelled.
std::optional<Round> oneRound(const Options &o, const gatefold::test::SlurmCluster &cluster, const QString &folder)
{
    const QString store = folder + QStringLiteral("/runs.sqlite");
    QProcess sweep;
    sweep.setProcessEnvironment(cluster.environment());
    QElapsedTimer clock;
    clock.start();
    sweep.start(o.cli, QStringList{"sweep", "--slurm", "--grid", writeGrid(folder, o.runs), "--store", store,
                                   "--cpus-per-task", "1"}
                           + tinyLongRun());
    if (!sweep.waitForFinished(120000) || sweep.exitCode() != 0) {
        std::fprintf(stderr, "sweep --slurm failed:\n%s\n", sweep.readAllStandardError().constData());
        return std::nullopt;
    }
    Round r;
    r.submitted = clock.nsecsElapsed() / 1e9;
    while (r.claimed == 0 && clock.elapsed() < 300000) {
        if (r.running == 0 && tasksIn(cluster, QStringLiteral("RUNNING")) == o.runs)
            r.running = clock.nsecsElapsed() / 1e9;
        if (r.running > 0 && claimedRuns(store) == o.runs)
            r.claimed = clock.nsecsElapsed() / 1e9;
        QThread::msleep(20);
    }
    cluster.run(QStringLiteral("scancel"), {QStringLiteral("--name=gatefold-sweep-1")}, nullptr);
    while (tasksIn(cluster, QStringLiteral("PENDING,RUNNING,COMPLETING")) > 0)  // the engines have ended
        QThread::msleep(200);
    if (r.claimed == 0)
        return std::nullopt;
    return r;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const Options o = parse(app.arguments());
    if (const QStringList missing = gatefold::test::SlurmCluster::missingPrograms(); !missing.isEmpty()) {
        std::fprintf(stderr, "Slurm is not installed (no %s): apt-get install slurm-wlm munge\n",
                     qPrintable(missing.join(", ")));
        return 1;
    }
    gatefold::test::SlurmCluster cluster;
    if (const QString error = cluster.start(o.runs); !error.isEmpty()) {
        std::fprintf(stderr, "the cluster did not start: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("sweep --slurm of %d tiny runs on a one-node cluster of this machine (%d CPUs configured, %d real)\n",
                o.runs, o.runs, QThread::idealThreadCount());
    std::printf("round  submitted s  all running s  all claimed s\n");
    std::vector<double> submitted, running, claimed;
    for (int i = 0; i < o.rounds; ++i) {
        QTemporaryDir folder;
        const auto r = oneRound(o, cluster, folder.path());
        if (!r)
            return 1;
        std::printf("%5d  %11.2f  %13.2f  %13.2f\n", i + 1, r->submitted, r->running, r->claimed);
        submitted.push_back(r->submitted);
        running.push_back(r->running);
        claimed.push_back(r->claimed);
    }
    std::printf("median %11.2f  %13.2f  %13.2f\n", median(submitted), median(running), median(claimed));
    return 0;
}
