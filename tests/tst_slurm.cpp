// Runs on Slurm (issue 18), against a real private cluster of this machine the test starts
// itself (slurmcluster.h: munged, slurmctld, slurmd) and a real PostgreSQL server (pgserver.h):
// the sbatch script is the one README shows; a 2 x 2 sweep submitted as a job array runs to the
// end into PostgreSQL, each run's task recorded; a running task cancelled with scancel ends
// cancelled and resumable, and resume --slurm finishes it; a pending task cancelled is cancelled
// at once and no queue starts it here; runs list shows the states; an SQLite store is refused for
// nodes that cannot share it, before anything is created. The options, job states and the ranks'
// rendezvous port need no cluster.

#include "clirun.h"
#include "pgserver.h"
#include "slurmcluster.h"

#include "slurm/jobstate.h"
#include "slurm/sbatchscript.h"
#include "slurm/slurmoptions.h"
#include "store/runstore.h"

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

using namespace gatefold;
using test::CliRun;

namespace {

// A tiny run: 16 px, 2 blocks of 32, `images` training images in batches of 32.
QStringList tiny(int epochs, int images = 64)
{
    QStringList args;
    for (const QString &kv : {QStringLiteral("img_size=16"), QStringLiteral("patch_size=4"), QStringLiteral("embed_dim=32"),
                              QStringLiteral("depth=2"), QStringLiteral("num_heads=2"), QStringLiteral("mlp_ratio=2"),
                              QStringLiteral("data.train_size=%1").arg(images), QStringLiteral("data.val_size=32"),
                              QStringLiteral("train.batch_size=32"), QStringLiteral("train.log_every=2"),
                              QStringLiteral("compute.threads=1"), QStringLiteral("train.epochs=%1").arg(epochs)})
        args << "--set" << kv;
    return args;
}

CliRun cli(const QStringList &arguments, int timeoutMs = 180000)
{
    return test::runCli(arguments, timeoutMs);
}

QString said(const CliRun &r)
{
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3").arg(r.exitCode).arg(r.out, r.err);
}

std::vector<QJsonObject> jsonLines(const QString &out, const QString &event = QString())
{
    std::vector<QJsonObject> lines;
    for (const QString &line : out.split('\n', Qt::SkipEmptyParts)) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        if (event.isEmpty() || o.value("event").toString() == event)
            lines.push_back(o);
    }
    return lines;
}

bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    while (!done()) {
        if (waited.elapsed() > timeoutMs)
            return false;
        QThread::msleep(200);
    }
    return true;
}

std::unique_ptr<store::RunStore> openStore(const QString &where)
{
    QString error;
    auto s = store::RunStore::open(where, &error);
    if (!s)
        qWarning("cannot open %s: %s", qPrintable(where), qPrintable(error));
    return s;
}

// `runs list --json`, by run id.
QHash<qint64, QJsonObject> listed(const QString &store)
{
    QHash<qint64, QJsonObject> runs;
    for (const QJsonObject &o : jsonLines(cli({"runs", "list", "--json", "--store", store}).out))
        runs.insert(o.value("id").toInteger(), o);
    return runs;
}

QString fileText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The script's "#SBATCH --key=value" lines, by key.
QHash<QString, QString> directives(const QString &script)
{
    QHash<QString, QString> out;
    for (const QString &line : script.split('\n'))
        if (line.startsWith(QLatin1String("#SBATCH --")))
            out.insert(line.mid(10).section('=', 0, 0), line.section('=', 1));
    return out;
}

// The README's example script, between its markers (without the code fence).
QString readmeExample()
{
    const QString readme = fileText(QStringLiteral(GATEFOLD_SOURCE_DIR "/README.md"));
    const QString begin = QStringLiteral("<!-- sbatch-example: begin -->\n```bash\n");
    const qsizetype from = readme.indexOf(begin);
    const qsizetype to = readme.indexOf(QStringLiteral("```\n<!-- sbatch-example: end -->"));
    return from < 0 || to < from ? QString() : readme.mid(from + begin.size(), to - from - begin.size());
}

slurm::SbatchJob readmeJob()
{
    slurm::SlurmOptions options;
    options.partition = QStringLiteral("gpu");
    options.time = QStringLiteral("4:00:00");
    options.cpusPerTask = 8;
    options.gres = QStringLiteral("gpu:1");
    options.sbatchArgs = {QStringLiteral("--account=vision")};
    return {QStringLiteral("gatefold-sweep-3"), QStringLiteral("sweep 3 'lr', 4 runs"),
            QStringLiteral("gatefold-cli 0.1.0 `sweep --slurm` (ada@login1)"),
            QDateTime(QDate(2026, 1, 15), QTime(9, 30), Qt::UTC), QStringLiteral("/usr/bin/gatefold-cli"),
            QStringLiteral("postgresql://ada@db.lab:5432/gatefold?runs=/shared/gatefold"), {12, 13, 14, 15},
            slurm::EngineCommand::Train, options, QStringLiteral("/shared/gatefold/sweeps/3")};
}

// Whether the engine runs data-parallel ranks (the DDP engine being built on main): its train
// --help offers --nproc for this machine, not only as the Slurm submission's option.
bool engineRunsRanks()
{
    const CliRun help = cli({"train", "--help"});
    for (const QString &line : help.out.split('\n'))
        if (line.trimmed().startsWith(QLatin1String("--nproc")) && !line.contains(QLatin1String("Slurm:")))
            return true;
    return false;
}

} // namespace

class TstSlurm : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void scriptIsWhatTheReadmeSays();
    void ranksMeetOnTheFirstNode();
    void optionsAreCheckedAndKept();
    void jobStatesFromSlurmWords();

    void sweepRunsToTheEndIntoPostgres();
    void cancelledRunningTaskResumes();
    void pendingTaskCancelledAtOnce();
    void queuedRunSubmittedAsTheWindowWill();
    void sqliteRefusedWhereNodesCannotShareIt();
    void dataParallelRunViaSrun();

private:
    void needCluster();
    QString freshStoreUrl();

    test::PgServer m_pg;
    test::SlurmCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_skip;  // why the cluster tests are skipped (Slurm not installed)
    int m_databases = 0;
};

void TstSlurm::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (const QStringList missing = test::SlurmCluster::missingPrograms(); !missing.isEmpty()) {
        m_skip = QStringLiteral("Slurm is not installed (no %1): apt-get install slurm-wlm munge "
                                "(scripts/setup-deps.sh)")
                     .arg(missing.join(QStringLiteral(", ")));
        return;
    }
    const QString pg = m_pg.start();  // before SLURM_CONF is set: the server is not the cluster's
    QVERIFY2(pg.isEmpty(), qPrintable(pg));
    const QString error = m_cluster.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    qputenv("SLURM_CONF", m_cluster.conf().toLocal8Bit());  // the CLI children talk to this cluster
}

void TstSlurm::cleanupTestCase()
{
    m_cluster.stop();
    qunsetenv("SLURM_CONF");
}

void TstSlurm::needCluster()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
}

QString TstSlurm::freshStoreUrl()
{
    const QString name = QStringLiteral("slurm%1").arg(++m_databases);
    const QString error = m_pg.createDatabase(name);
    if (!error.isEmpty())
        qFatal("%s", qPrintable(error));
    return m_pg.url(name, QStringLiteral("runs=") + m_dir.filePath(name));
}

void TstSlurm::scriptIsWhatTheReadmeSays()
{
    const QString documented = readmeExample();
    QVERIFY2(!documented.isEmpty(), "README.md has no sbatch example between its markers");
    const slurm::SbatchScript script(readmeJob());
    if (script.text() != documented) {  // say where the text that belongs in README is
        const QString now = m_dir.filePath(QStringLiteral("readme-example.sbatch"));
        QFile f(now);
        if (f.open(QIODevice::WriteOnly))
            f.write(script.text().toUtf8());
        QFAIL(qPrintable(QStringLiteral("README's sbatch example is not what SbatchScript writes; the script it writes "
                                        "now is in %1 (the temporary folder goes when the test ends: run it alone, "
                                        "-maxwarnings 0, and copy it before)")
                             .arg(now)));
    }
    // What the README says of it, read back from the text.
    const QHash<QString, QString> d = directives(documented);
    QCOMPARE(d.value("array"), QStringLiteral("0-3"));
    QCOMPARE(d.value("output"), QStringLiteral("/shared/gatefold/sweeps/3/slurm-%A_%a.out"));
    QCOMPARE(d.value("error"), QStringLiteral("/shared/gatefold/sweeps/3/slurm-%A_%a.err"));
    QCOMPARE(d.value("ntasks"), QStringLiteral("1"));
    QCOMPARE(d.value("partition"), QStringLiteral("gpu"));
    QCOMPARE(d.value("account"), QStringLiteral("vision"));
    QVERIFY(documented.startsWith(QLatin1String("#!/bin/bash\n# Gatefold: sweep 3 'lr', 4 runs")));
    QVERIFY(documented.contains(QLatin1String("\nRUNS=(12 13 14 15)\nRUN=${RUNS[$SLURM_ARRAY_TASK_ID]}\n")));
    QVERIFY(documented.endsWith(QLatin1String(
        "\nexec \"$GATEFOLD_CLI\" train --run \"$RUN\" --store \"$GATEFOLD_STORE\" --json\n")));
    // A resubmission runs resume; several ranks start with srun on nodes x ranks per node.
    slurm::SbatchJob job = readmeJob();
    job.command = slurm::EngineCommand::Resume;
    job.options.nodes = 2;
    job.options.nproc = 4;
    const QString ranks = slurm::SbatchScript(job).text();
    QCOMPARE(directives(ranks).value("nodes"), QStringLiteral("2"));
    QCOMPARE(directives(ranks).value("ntasks-per-node"), QStringLiteral("4"));
    QVERIFY(!directives(ranks).contains("ntasks"));
    QVERIFY(ranks.contains(QLatin1String(
        "\nexport MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)\n")));
    QVERIFY(ranks.endsWith(QLatin1String(
        "\nsrun \"$GATEFOLD_CLI\" resume --run \"$RUN\" --store \"$GATEFOLD_STORE\" --json\n")));
    // A quote in a path stays one word for bash.
    QCOMPARE(slurm::SbatchScript::shellQuoted(QStringLiteral("/it's here")), QStringLiteral("'/it'\\''s here'"));
}

void TstSlurm::ranksMeetOnTheFirstNode()
{
    // MASTER_PORT, evaluated by bash as a task does: in 20000-39999 and different for every task
    // of one array (they may run at once on one node).
    slurm::SbatchJob job = readmeJob();
    job.options.nproc = 2;
    const QString text = slurm::SbatchScript(job).text();
    const QString line = text.split('\n').filter(QStringLiteral("export MASTER_PORT=")).value(0);
    QVERIFY2(!line.isEmpty(), qPrintable(text));
    QProcess bash;
    bash.start(QStringLiteral("bash"),
               {QStringLiteral("-c"), QStringLiteral("SLURM_ARRAY_JOB_ID=123457; for t in $(seq 0 199); do "
                                                     "SLURM_ARRAY_TASK_ID=$t; %1; echo $MASTER_PORT; done")
                                          .arg(line)});
    QVERIFY(bash.waitForFinished(30000));
    const QStringList ports = QString::fromLatin1(bash.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(ports.size(), 200);
    QSet<QString> distinct(ports.begin(), ports.end());
    QCOMPARE(distinct.size(), 200);
    for (const QString &p : ports)
        QVERIFY2(p.toInt() >= 20000 && p.toInt() <= 39999, qPrintable(p));
}

void TstSlurm::optionsAreCheckedAndKept()
{
    QStringList problems;
    slurm::SlurmOptionTexts texts;
    texts.time = QStringLiteral("1 hour");
    texts.nodes = QStringLiteral("0");
    texts.sbatchArgs = QStringList{QStringLiteral("--array=0-9"), QStringLiteral("--account lab"),
                                   QStringLiteral("-pdebug"), QStringLiteral("--account=lab")};
    QVERIFY(!slurm::readSlurmOptions(texts, {}, &problems));
    QCOMPARE(problems.size(), 5);
    QVERIFY2(problems.filter(QStringLiteral("--time '1 hour' is not a Slurm time limit")).size() == 1, qPrintable(problems.join('\n')));
    QVERIFY(problems.filter(QStringLiteral("Gatefold writes --array itself")).size() == 1);
    QVERIFY(problems.filter(QStringLiteral("Gatefold writes --partition itself (give it as --partition)")).size() == 1);
    QVERIFY(problems.filter(QStringLiteral("holds a space")).size() == 1);
    // Given options replace the recorded ones; an empty --sbatch-arg clears them.
    slurm::SlurmOptions recorded;
    recorded.partition = QStringLiteral("gpu");
    recorded.nproc = 2;
    recorded.sbatchArgs = {QStringLiteral("--hold")};
    texts = {};
    texts.time = QStringLiteral("2-00:30:00");
    texts.sbatchArgs = QStringList{QString()};
    problems.clear();
    const auto read = slurm::readSlurmOptions(texts, recorded, &problems);
    QVERIFY2(read, qPrintable(problems.join('\n')));
    QCOMPARE(read->partition, QStringLiteral("gpu"));
    QCOMPARE(read->time, QStringLiteral("2-00:30:00"));
    QCOMPARE(read->nproc, 2);
    QVERIFY(read->sbatchArgs.isEmpty());
    QString error;
    QVERIFY(slurm::slurmOptionsFromJson(slurm::toJson(*read), &error) == read);
    QVERIFY(!slurm::slurmOptionsFromJson(R"({"nodes": "two"})", &error));
    QVERIFY(!slurm::slurmOptionsFromJson(R"({"nodes": 0})", &error));
    QVERIFY2(error.contains(QStringLiteral("--nodes")), qPrintable(error));
}

void TstSlurm::jobStatesFromSlurmWords()
{
    using slurm::JobState;
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("PENDING")) == JobState::Pending);
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("RUNNING")) == JobState::Running);
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("COMPLETING")) == JobState::Completing);
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("COMPLETED")) == JobState::Done);
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("CANCELLED by 0")) == JobState::Cancelled);
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("TIMEOUT")) == JobState::Failed);
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("OUT_OF_MEMORY")) == JobState::Failed);
    QVERIFY(slurm::jobStateFromSlurm(QStringLiteral("SOMETHING_NEW")) == JobState::Unknown);
    QCOMPARE(slurm::stateKey(JobState::Unknown), QStringLiteral("unknown"));
    QVERIFY(slurm::isLive(JobState::Completing) && !slurm::isLive(JobState::Done));
}

void TstSlurm::sweepRunsToTheEndIntoPostgres()
{
    needCluster();
    const QString url = freshStoreUrl();
    const QString grid = m_dir.filePath(QStringLiteral("grid.json"));
    QFile g(grid);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(R"({"name": "lr", "grid": {"optim.lr": [0.001, 0.002]}, "seeds": [0, 1]})");
    g.close();
    const CliRun r = cli(QStringList{"sweep", "--slurm", "--wait", "--json", "--grid", grid, "--store", url,
                                     "--cpus-per-task", "1"}
                         + tiny(1));
    QVERIFY2(r.exitCode == 0, qPrintable(said(r) + m_cluster.logs()));
    const auto submitted = jsonLines(r.out, QStringLiteral("submitted"));
    QCOMPARE(submitted.size(), size_t(4));
    const auto end = jsonLines(r.out, QStringLiteral("sweep_end"));
    QCOMPARE(end.size(), size_t(1));
    QCOMPARE(end.front().value("finished").toInt(), 4);
    auto store = openStore(url);
    QVERIFY(store);
    const auto runs = store->runs();
    QCOMPARE(runs.size(), size_t(4));
    const QString arrayJob = submitted.front().value("job").toString().section('_', 0, 0);
    QStringList ids;
    for (size_t i = 0; i < submitted.size(); ++i) {
        const qint64 id = submitted[i].value("run").toInteger();
        ids << QString::number(id);
        QCOMPARE(submitted[i].value("job").toString(), QStringLiteral("%1_%2").arg(arrayJob).arg(i));
        QCOMPARE(store::toString(store->run(id)->status), QStringLiteral("finished"));
        QCOMPARE(store->slurmJobs(id).size(), size_t(1));
        QCOMPARE(store->slurmJobs(id).front().jobId, submitted[i].value("job").toString());
    }
    // The script beside the sweep is the job array that ran, and each task left its output there.
    const QString scriptPath = submitted.front().value("script").toString();
    QCOMPARE(QFileInfo(scriptPath).fileName(), QStringLiteral("slurm-1.sbatch"));
    const QString script = fileText(scriptPath);
    QCOMPARE(directives(script).value("array"), QStringLiteral("0-3"));
    QVERIFY2(script.contains(QStringLiteral("\nRUNS=(%1)\n").arg(ids.join(' '))), qPrintable(script));
    QVERIFY(QFileInfo::exists(QFileInfo(scriptPath).dir().filePath(QStringLiteral("slurm-%1_3.out").arg(arrayJob))));
    // runs list: each run's job and Slurm's state beside the store's status.
    for (const QJsonObject &o : listed(url)) {
        QCOMPARE(o.value("status").toString(), QStringLiteral("finished"));
        QVERIFY(o.value("slurm").toObject().value("job").toString().startsWith(arrayJob + '_'));
        QCOMPARE(o.value("slurm").toObject().value("state").toString(), QStringLiteral("done"));
    }
    const CliRun shown = cli({"runs", "list", "--store", url});
    QVERIFY2(shown.out.contains(QStringLiteral("%1_0 done").arg(arrayJob)), qPrintable(said(shown)));
}

void TstSlurm::cancelledRunningTaskResumes()
{
    needCluster();
    // An SQLite store: allowed, as this cluster's only node is this machine.
    const QString path = m_dir.filePath(QStringLiteral("cancel.sqlite"));
    const CliRun submitted = cli(QStringList{"train", "--slurm", "--json", "--store", path, "--name", "long"}
                                 + tiny(40, 512));
    QVERIFY2(submitted.exitCode == 0, qPrintable(said(submitted)));
    const qint64 id = jsonLines(submitted.out, QStringLiteral("created")).at(0).value("run").toInteger();
    auto store = openStore(path);
    QVERIFY(store);
    QVERIFY2(waitFor([&] { return store->lastMetricStep(id) >= 2; }, 90000), qPrintable(m_cluster.logs()));
    const CliRun cancel = cli({"runs", "cancel", QString::number(id), "--store", path});
    QVERIFY2(cancel.exitCode == 0 && cancel.out.contains(QStringLiteral("SIGTERM")), qPrintable(said(cancel)));
    QVERIFY(waitFor([&] { return store->run(id)->status == store::RunStatus::Cancelled; }, 60000));
    const auto last = store->artifacts(id, QStringLiteral("checkpoint/last"));  // saved on SIGTERM: resumable
    QCOMPARE(last.size(), size_t(1));
    const qint64 stoppedAt = QJsonDocument::fromJson(last.front().infoJson).object().value("step").toInteger();
    QVERIFY2(stoppedAt > 0, last.front().infoJson.constData());
    const auto slurmState = [&] { return listed(path).value(id).value("slurm").toObject().value("state").toString(); };
    QVERIFY2(waitFor([&] { return slurmState() == QLatin1String("cancelled"); }, 30000), qPrintable(slurmState()));

    const CliRun resumed = cli({"resume", "--run", QString::number(id), "--slurm", "--wait", "--json", "--store", path});
    QVERIFY2(resumed.exitCode == 0, qPrintable(said(resumed)));
    QCOMPARE(store::toString(store->run(id)->status), QStringLiteral("finished"));
    QCOMPARE(store->lastMetricStep(id), qint64(40 * 16));
    const auto jobs = store->slurmJobs(id);
    QCOMPARE(jobs.size(), size_t(2));
    QVERIFY(fileText(jobs.back().script).contains(QLatin1String("\" resume --run \"$RUN\"")));
    // The resumed engine started from the checkpoint the cancel left.
    const QString out = fileText(QFileInfo(jobs.back().script).dir().filePath(QStringLiteral("slurm-%1.out").arg(jobs.back().jobId)));
    const auto started = jsonLines(out, QStringLiteral("started"));
    QVERIFY2(started.size() == 1 && started.front().value("start_step").toInteger() == stoppedAt, qPrintable(out));
}

void TstSlurm::pendingTaskCancelledAtOnce()
{
    needCluster();
    const QString path = m_dir.filePath(QStringLiteral("pending.sqlite"));
    const CliRun submitted = cli(QStringList{"train", "--slurm", "--json", "--store", path, "--sbatch-arg=--hold"} + tiny(1));
    QVERIFY2(submitted.exitCode == 0, qPrintable(said(submitted)));
    const qint64 id = jsonLines(submitted.out, QStringLiteral("submitted")).at(0).value("run").toInteger();
    const auto slurmState = [&] { return listed(path).value(id).value("slurm").toObject().value("state").toString(); };
    QVERIFY(waitFor([&] { return slurmState() == QLatin1String("pending"); }, 30000));
    // The submitting process has exited, yet no queue takes the run over: Slurm starts it.
    const CliRun queue = cli({"queue", QString::number(id), "--store", path}, 60000);
    QVERIFY2(queue.out.contains(QStringLiteral("waits for Slurm")), qPrintable(said(queue)));
    QCOMPARE(listed(path).value(id).value("status").toString(), QStringLiteral("queued"));

    const CliRun cancel = cli({"runs", "cancel", QString::number(id), "--store", path, "--json"});
    QVERIFY2(cancel.exitCode == 0, qPrintable(said(cancel)));
    QCOMPARE(jsonLines(cancel.out).at(0).value("action").toString(), QStringLiteral("scancel"));
    const QJsonObject after = listed(path).value(id);
    QCOMPARE(after.value("status").toString(), QStringLiteral("cancelled"));  // at once, not when Slurm gets to it
    QVERIFY2(slurmState() != QLatin1String("pending"), qPrintable(slurmState()));
    const CliRun shown = cli({"runs", "show", QString::number(id), "--store", path});
    QVERIFY2(shown.out.contains(QStringLiteral("cancelled in Slurm")), qPrintable(said(shown)));
}

void TstSlurm::queuedRunSubmittedAsTheWindowWill()
{
    // A run queued in the store (as the window queues one), handed to Slurm with train --run ID --slurm.
    needCluster();
    const QString path = m_dir.filePath(QStringLiteral("queued.sqlite"));
    const CliRun config = cli(QStringList{"config", "--json"} + tiny(1));
    QVERIFY2(config.exitCode == 0, qPrintable(said(config)));
    auto store = openStore(path);
    QVERIFY(store);
    store::NewRun run;
    run.name = QStringLiteral("from the window");
    run.configJson = config.out.toUtf8();
    const qint64 held = store->createRun(run).value_or(0);
    const qint64 id = store->createRun(run).value_or(0);
    QVERIFY(held > 0 && id > 0);
    const CliRun first = cli({"train", "--run", QString::number(held), "--slurm", "--sbatch-arg=--hold", "--store", path});
    QVERIFY2(first.exitCode == 0, qPrintable(said(first)));
    const CliRun again = cli({"train", "--run", QString::number(held), "--slurm", "--store", path});
    QCOMPARE(again.exitCode, 2);  // not twice in Slurm
    QVERIFY2(again.err.contains(QStringLiteral("is in Slurm already as job")), qPrintable(said(again)));
    QCOMPARE(cli({"runs", "cancel", QString::number(held), "--store", path}).exitCode, 0);

    const CliRun trained = cli({"train", "--run", QString::number(id), "--slurm", "--wait", "--store", path});
    QVERIFY2(trained.exitCode == 0, qPrintable(said(trained)));
    QCOMPARE(store::toString(store->run(id)->status), QStringLiteral("finished"));
    const CliRun finished = cli({"train", "--run", QString::number(id), "--slurm", "--store", path});
    QCOMPARE(finished.exitCode, 2);  // a finished run is not submitted again
    QVERIFY2(finished.err.contains(QStringLiteral("not queued")), qPrintable(said(finished)));
}

void TstSlurm::sqliteRefusedWhereNodesCannotShareIt()
{
    needCluster();
    const QString path = m_dir.filePath(QStringLiteral("refused.sqlite"));
    const QString grid = m_dir.filePath(QStringLiteral("grid1.json"));
    QFile g(grid);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(R"({"name": "one", "grid": {"optim.lr": [0.001]}})");
    g.close();
    const CliRun nodes = cli(QStringList{"sweep", "--slurm", "--nodes", "2", "--grid", grid, "--store", path} + tiny(1));
    QCOMPARE(nodes.exitCode, 2);
    for (const char *words : {"SQLite over a network file system corrupts", "postgresql://", "Nothing was created"})
        QVERIFY2(nodes.err.contains(QLatin1String(words)), qPrintable(said(nodes)));
    // One node, in a partition whose node is not this machine.
    const CliRun far = cli(QStringList{"train", "--slurm", "--partition", "far", "--store", path} + tiny(1));
    QCOMPARE(far.exitCode, 2);
    QVERIFY2(far.err.contains(QStringLiteral("(gfghost) are not all this machine")), qPrintable(said(far)));
    QVERIFY(!QFileInfo::exists(path));  // refused before the store was even made
}

void TstSlurm::dataParallelRunViaSrun()
{
    needCluster();
    if (!engineRunsRanks())
        QSKIP("needs the DDP engine (train --nproc on this machine; being built on main)");
    const QString url = freshStoreUrl();
    const CliRun r = cli(QStringList{"train", "--slurm", "--nproc", "2", "--wait", "--json", "--store", url} + tiny(2));
    QVERIFY2(r.exitCode == 0, qPrintable(said(r)));
    const qint64 id = jsonLines(r.out, QStringLiteral("submitted")).at(0).value("run").toInteger();
    auto store = openStore(url);
    QCOMPARE(store::toString(store->run(id)->status), QStringLiteral("finished"));
    QVERIFY(fileText(store->slurmJobs(id).back().script).contains(QLatin1String("\nsrun \"$GATEFOLD_CLI\" train")));
    // Two ranks srun started, joined as one job: rank 0 recorded the world it trained in.
    const QJsonObject versions = QJsonDocument::fromJson(store->run(id)->versions.toUtf8()).object();
    QCOMPARE(versions.value("world_size").toInt(), 2);
    QCOMPARE(versions.value("launcher").toString(), QStringLiteral("srun"));
    QCOMPARE(versions.value("dist_backend").toString(), QStringLiteral("gloo"));
}

QTEST_GUILESS_MAIN(TstSlurm)
#include "tst_slurm.moc"
