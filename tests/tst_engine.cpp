// The engine as a user (or the GUI) drives it: real `gatefold-cli` child
// processes on a real store file. A run killed with SIGKILL mid-run leaves an
// intact store with every committed metric and becomes `crashed`; `resume`
// finishes it with the metrics an uninterrupted run has; SIGTERM stops a run
// as `cancelled` after a checkpoint; bad configs create nothing; sweeps,
// `runs` and the JSON-lines protocol.

#include <QtTest/QtTest>

#include "clirun.h"
#include "store/runstore.h"

#include "formatfiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <opencv2/imgcodecs.hpp>

#include <csignal>
#include <map>

using namespace gatefold;

using Result = gatefold::test::CliRun;

namespace {

// A tiny run: 16 px, 2 blocks of 32, 512 images in 16 steps per epoch.
QStringList tiny(int epochs)
{
    QStringList args;
    for (const QString &kv : {QStringLiteral("img_size=16"), QStringLiteral("patch_size=4"), QStringLiteral("embed_dim=32"),
                              QStringLiteral("depth=2"), QStringLiteral("num_heads=2"), QStringLiteral("mlp_ratio=2"),
                              QStringLiteral("data.train_size=512"), QStringLiteral("data.val_size=64"),
                              QStringLiteral("train.batch_size=32"), QStringLiteral("train.log_every=2"),
                              QStringLiteral("compute.threads=1"), QStringLiteral("train.epochs=%1").arg(epochs)})
        args << "--set" << kv;
    return args;
}

gatefold::test::CliRun runCli(const QStringList &arguments)
{
    return gatefold::test::runCli(arguments, 180000);
}

std::vector<QJsonObject> jsonLines(const QString &out)
{
    std::vector<QJsonObject> lines;
    for (const QString &line : out.split('\n', Qt::SkipEmptyParts))
        lines.push_back(QJsonDocument::fromJson(line.toUtf8()).object());
    return lines;
}

// Reads a child's JSON lines until `until` returns true for one (or timeout).
bool readUntil(QProcess &process, std::vector<QJsonObject> *seen, const std::function<bool(const QJsonObject &)> &until,
               int timeoutMs = 120000)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        while (process.canReadLine()) {
            const auto o = QJsonDocument::fromJson(process.readLine()).object();
            seen->push_back(o);
            if (until(o))
                return true;
        }
        if (process.state() == QProcess::NotRunning)
            return false;
        process.waitForReadyRead(100);
    }
    return false;
}

// key@step → value of every metric of a run except timings.
std::map<QString, double> metricsOf(store::RunStore &s, qint64 run)
{
    std::map<QString, double> out;
    for (const QString &key : s.metricKeys(run))
        if (key != "train/images_per_s" && key != "data/wait_fraction" && key != "dist/comm_wait_fraction")
            for (const auto &p : s.metrics(run, key))
                out[QStringLiteral("%1@%2").arg(key).arg(p.step)] = p.value;
    return out;
}

// gatefold-cli run in `dir` (its working directory).
gatefold::test::CliRun runCliIn(const QString &dir, const QStringList &arguments)
{
    QProcess process;
    process.setWorkingDirectory(dir);
    process.start(QStringLiteral(GATEFOLD_CLI_PATH), arguments);
    gatefold::test::CliRun r;
    if (!process.waitForFinished(180000) || process.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = process.exitCode();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

// An image folder at `root`: train/ and val/ with a class folder per name, 8 and 2 PNGs of 16×16 each.
void writeImageFolder(const QString &root, const QStringList &classes)
{
    for (const char *split : {"train", "val"})
        for (int c = 0; c < classes.size(); ++c) {
            QDir().mkpath(QStringLiteral("%1/%2/%3").arg(root, split, classes[c]));
            for (int i = 0; i < (QString(split) == "train" ? 8 : 2); ++i) {
                const cv::Mat m(16, 16, CV_8UC3, cv::Scalar(30 * c + 3 * i, 200 - 40 * c, 7 * i));
                QVERIFY(cv::imwrite(QStringLiteral("%1/%2/%3/i%4.png").arg(root, split, classes[c]).arg(i).toStdString(), m));
            }
        }
}

// A model for 16 px images of an image folder with `classes` classes, batches of 4.
QStringList onFolder(const QString &path, int classes)
{
    QStringList args = {"--set", "data.name=folder", "--set", "data.path=" + path, "--set",
                        QStringLiteral("num_classes=%1").arg(classes)};
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=16", "depth=1", "num_heads=2", "mlp_ratio=2",
                           "train.batch_size=4", "train.epochs=3", "compute.threads=1"})
        args << "--set" << kv;
    return args;
}

QString statusOf(const QString &storeFile, qint64 run)
{
    QString error;
    auto s = store::RunStore::open(storeFile, &error);
    const auto record = s ? s->run(run) : std::nullopt;
    return record ? store::toString(record->status) : error;
}

} // namespace

class TstEngine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void killedRunCrashesAndResumes();
    void sigtermCancelsAfterSaving();
    void badConfigCreatesNothing();
    void jsonLinesProtocol();
    void sweepRunsTheGrid();
    void badGridCreatesNothing();
    void runsListShowDelete();
    void fineTuneFromAnotherRun();
    void resumeRefusesFinishedRuns();
    void trainsOnCifarFiles();
    void relativeDataPathKeptAbsolute();
    void resumeRefusesChangedData();
    void folderNoticesEverywhere();

private:
    // A folder per store: stores in one folder share its runs/, and a new run never takes an id whose folder is
    // taken (another store's run 1 would make this one's first run 2).
    QString storePath(const char *name) const { return m_dir.filePath(QString::fromLatin1(name) + "/runs.sqlite"); }
    QTemporaryDir m_dir;
};

void TstEngine::killedRunCrashesAndResumes()
{
    const QString path = storePath("kill");
    // The reference: the same run, never interrupted.
    const Result whole = runCli(QStringList{"train", "--store", path, "--json", "--name", "whole"} + tiny(40));
    QCOMPARE(whole.exitCode, 0);

    QProcess child;
    child.start(QStringLiteral(GATEFOLD_CLI_PATH), QStringList{"train", "--store", path, "--json", "--name", "killed"} + tiny(40));
    QVERIFY(child.waitForStarted());
    std::vector<QJsonObject> seen;
    int checkpoints = 0;
    qint64 checkpointStep = 0;
    QVERIFY(readUntil(child, &seen, [&](const QJsonObject &o) {
        if (o.value("event") == "checkpoint" && o.value("kind") == "checkpoint/last") {
            checkpointStep = o.value("step").toInteger();
            return ++checkpoints == 2;
        }
        return false;
    }));
    // Let it train past the checkpoint, then SIGKILL: no chance to clean up.
    QVERIFY(readUntil(child, &seen, [&](const QJsonObject &o) {
        return o.value("event") == "progress" && o.value("step").toInteger() >= checkpointStep + 5;
    }));
    ::kill(pid_t(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    qint64 runId = 0;
    for (const auto &o : seen)
        if (o.value("event") == "created")
            runId = o.value("run").toInteger();
    QVERIFY(runId > 0);

    QString error;
    {
        auto s = store::RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->integrityOk());
        QCOMPARE(store::toString(s->run(runId)->status), store::toString(store::RunStatus::Running));
        // Every metric up to the last checkpoint was committed before it.
        const auto loss = s->metrics(runId, "train/loss");
        QVERIFY(!loss.empty());
        QVERIFY(loss.back().step >= checkpointStep);
        for (qint64 step = 2; step <= checkpointStep; step += 2)
            QVERIFY(std::any_of(loss.begin(), loss.end(), [&](const auto &p) { return p.step == step; }));
        QVERIFY(s->metrics(runId, "val/top1").size() >= 2);  // it may have run ahead of what we read
        QCOMPARE(s->markCrashedRuns(), std::vector<qint64>{runId});  // its pid is gone
        QCOMPARE(store::toString(s->run(runId)->status), store::toString(store::RunStatus::Crashed));
    }
    const Result resumed = runCli({"resume", "--run", QString::number(runId), "--store", path, "--json"});
    QCOMPARE(resumed.exitCode, 0);
    qint64 startStep = -1;
    for (const auto &o : jsonLines(resumed.out))
        if (o.value("event") == "started")
            startStep = o.value("start_step").toInteger();
    QVERIFY2(startStep >= checkpointStep && startStep % 16 == 0, qPrintable(QString::number(startStep)));  // its last epoch end
    auto s = store::RunStore::open(path, &error);
    QCOMPARE(store::toString(s->run(runId)->status), store::toString(store::RunStatus::Finished));
    QVERIFY(s->integrityOk());
    // Metrics equal the uninterrupted run's, each once.
    const qint64 wholeId = jsonLines(whole.out).front().value("run").toInteger();
    const auto a = metricsOf(*s, wholeId);
    const auto b = metricsOf(*s, runId);
    QCOMPARE(b.size(), a.size());
    for (const auto &[key, value] : a) {
        QVERIFY2(b.count(key), qPrintable(key));
        QVERIFY2(b.at(key) == value, qPrintable(QStringLiteral("%1: %2 vs %3").arg(key).arg(b.at(key), 0, 'g', 17).arg(value, 0, 'g', 17)));
    }
    QCOMPARE(s->metrics(runId, "val/top1").size(), size_t(40));
}

void TstEngine::sigtermCancelsAfterSaving()
{
    const QString path = storePath("term");
    QProcess child;
    child.start(QStringLiteral(GATEFOLD_CLI_PATH), QStringList{"train", "--store", path, "--json"} + tiny(30));
    QVERIFY(child.waitForStarted());
    std::vector<QJsonObject> seen;
    QVERIFY(readUntil(child, &seen, [](const QJsonObject &o) {
        return o.value("event") == "progress" && o.value("step").toInteger() >= 20;
    }));
    child.terminate();  // SIGTERM
    QVERIFY(child.waitForFinished(60000));
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QCOMPARE(child.exitCode(), 3);
    const auto lines = jsonLines(QString::fromUtf8(child.readAllStandardOutput()));
    QVERIFY(!lines.empty());
    QCOMPARE(lines.back().value("event").toString(), QStringLiteral("end"));
    QCOMPARE(lines.back().value("status").toString(), QStringLiteral("cancelled"));
    const qint64 runId = seen.front().value("run").toInteger();
    QString error;
    auto s = store::RunStore::open(path, &error);
    const auto run = s->run(runId);
    QCOMPARE(store::toString(run->status), store::toString(store::RunStatus::Cancelled));
    QVERIFY2(run->message.contains("stopped at step"), qPrintable(run->message));
    const auto last = s->artifacts(runId, "checkpoint/last");
    QCOMPARE(last.size(), size_t(1));
    const qint64 savedStep = QJsonDocument::fromJson(last.front().infoJson).object().value("step").toInteger();
    QVERIFY(savedStep >= 20);
    QCOMPARE(s->lastMetricStep(runId) <= savedStep, true);
    // It continues from there.
    const Result resumed = runCli({"resume", "--run", QString::number(runId), "--store", path, "--json",
                                   "--stop-at-step", QString::number(savedStep + 16)});
    QCOMPARE(resumed.exitCode, 3);
    QVERIFY(resumed.out.contains("\"start_step\":" + QString::number(savedStep)));
}

void TstEngine::badConfigCreatesNothing()
{
    const QString path = m_dir.filePath("never/created.sqlite");
    QFile json(m_dir.filePath("bad.json"));
    QVERIFY(json.open(QIODevice::WriteOnly));
    json.write(R"({"optim.weight_decay": -1, "train.epochs": "many"})");
    json.close();
    const Result r = runCli({"train", "--store", path, "--config", json.fileName(), "--set", "optim.lr=0", "--set",
                             "gate.kind=magic", "--set", "no.such.key=1", "--set", "num_classes=7"});
    QCOMPARE(r.exitCode, 2);
    for (const char *part : {"optim.weight_decay", "train.epochs", "optim.lr", "gate.kind", "no.such.key",
                             "num_classes", "nothing was created"})
        QVERIFY2(r.err.contains(QString::fromLatin1(part)), qPrintable(r.err));
    QVERIFY(!QFile::exists(path));
    QVERIFY(!QDir(m_dir.filePath("never")).exists());
    // A config file that is not JSON names the file and the line.
    QVERIFY(json.open(QIODevice::WriteOnly));
    json.write("{\n  \"depth\": 4,,\n}");
    json.close();
    const Result r2 = runCli({"train", "--store", path, "--config", json.fileName()});
    QCOMPARE(r2.exitCode, 2);
    QVERIFY2(r2.err.contains("bad.json") && r2.err.contains("line 2"), qPrintable(r2.err));
    QVERIFY(!QFile::exists(path));
}

void TstEngine::jsonLinesProtocol()
{
    const QString path = storePath("json");
    const Result r = runCli(QStringList{"train", "--store", path, "--json"} + tiny(2));
    QCOMPARE(r.exitCode, 0);
    const auto lines = jsonLines(r.out);
    QStringList events;
    for (const auto &o : lines) {
        QVERIFY(o.contains("event"));
        QCOMPARE(o.value("run").toInteger(), lines.front().value("run").toInteger());
        if (events.isEmpty() || events.back() != o.value("event").toString())
            events << o.value("event").toString();
    }
    QCOMPARE(events.front(), QStringLiteral("created"));
    QCOMPARE(events.at(1), QStringLiteral("started"));
    QCOMPARE(events.back(), QStringLiteral("end"));
    for (const char *e : {"metrics", "progress", "eval", "checkpoint"})
        QVERIFY2(events.contains(QString::fromLatin1(e)), e);
    QCOMPARE(lines.back().value("status").toString(), QStringLiteral("finished"));
    const auto started = lines.at(1);
    QCOMPARE(started.value("total_steps").toInteger(), 32);
    QCOMPARE(started.value("steps_per_epoch").toInteger(), 16);
}

void TstEngine::sweepRunsTheGrid()
{
    const QString path = storePath("sweep");
    QFile grid(m_dir.filePath("grid.json"));
    QVERIFY(grid.open(QIODevice::WriteOnly));
    grid.write(R"({"name": "lr", "base": {"train.epochs": 1}, "grid": {"optim.lr": [0.001, 0.0003]}, "seeds": [0, 1]})");
    grid.close();
    const Result r = runCli(QStringList{"sweep", "--store", path, "--grid", grid.fileName(), "--parallel", "2"} + tiny(3));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("4 finished, 0 failed"), qPrintable(r.out + r.err));
    QString error;
    auto s = store::RunStore::open(path, &error);
    const auto runs = s->runs();
    QCOMPARE(runs.size(), size_t(4));
    QSet<QString> names;
    for (const auto &run : runs) {
        QCOMPARE(store::toString(run.status), store::toString(store::RunStatus::Finished));
        QVERIFY(run.sweepId > 0);
        names.insert(run.name);
        QCOMPARE(s->metrics(run.id, "val/top1").size(), size_t(1));  // base's 1 epoch over --set's 3
    }
    QVERIFY(names.contains("lr optim.lr=0.001 seed=0") && names.contains("lr optim.lr=0.0003 seed=1"));
    QCOMPARE(s->runs(runs.front().sweepId).size(), size_t(4));
}

void TstEngine::badGridCreatesNothing()
{
    const QString path = storePath("badgrid");
    QFile grid(m_dir.filePath("badgrid.json"));
    QVERIFY(grid.open(QIODevice::WriteOnly));
    grid.write(R"({"grid": {"optim.lr": [0.001, -1], "depth": [], "nope": [1]}, "seeds": [0, "x"]})");
    grid.close();
    const Result r = runCli(QStringList{"sweep", "--store", path, "--grid", grid.fileName()} + tiny(1));
    QCOMPARE(r.exitCode, 2);
    for (const char *part : {"depth", "nope", "seeds", "nothing was created"})
        QVERIFY2(r.err.contains(QString::fromLatin1(part)), qPrintable(r.err));
    QVERIFY(!QFile::exists(path));
}

void TstEngine::runsListShowDelete()
{
    const QString path = storePath("runs");
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--name", "first", "--tag", "a"} + tiny(1)).exitCode, 0);
    const Result list = runCli({"runs", "--store", path});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains("first") && list.out.contains("finished"), qPrintable(list.out));
    const Result show = runCli({"runs", "show", "1", "--store", path, "--json"});
    QCOMPARE(show.exitCode, 0);
    const auto o = QJsonDocument::fromJson(show.out.toUtf8()).object();
    QCOMPARE(o.value("name").toString(), QStringLiteral("first"));
    QCOMPARE(o.value("config").toObject().value("embed_dim").toInt(), 32);
    QVERIFY(o.value("metrics").toObject().contains("val/top1"));
    QCOMPARE(o.value("artifacts").toArray().size(), 2);  // last and best
    const QString dir = QFileInfo(o.value("artifacts").toArray().at(0).toObject().value("path").toString()).absolutePath();
    QVERIFY(QDir(dir).exists());
    QCOMPARE(runCli({"runs", "show", "9", "--store", path}).exitCode, 2);
    QCOMPARE(runCli({"runs", "delete", "1", "--files", "--store", path}).exitCode, 0);
    QVERIFY(!QDir(dir).exists());
    QVERIFY(runCli({"runs", "--store", path}).out.contains("no runs"));
}

void TstEngine::fineTuneFromAnotherRun()
{
    const QString path = storePath("fine");
    QCOMPARE(runCli(QStringList{"train", "--store", path} + tiny(1)).exitCode, 0);
    const Result r = runCli(QStringList{"train", "--store", path, "--init-from", "1:best", "--json"} + tiny(1));
    QCOMPARE(r.exitCode, 0);
    QString error;
    auto s = store::RunStore::open(path, &error);
    QCOMPARE(s->run(2)->parentId, 1);
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--init-from", "7:best"} + tiny(1)).exitCode, 2);
    // A checkpoint of another model (embed_dim 32 there, 48 here): refused before the run is created,
    // in a few lines (the first differences and how many more), not one line per tensor.
    const Result other = runCli(QStringList{"train", "--store", path, "--init-from", "1:best"} + tiny(1)
                                + QStringList{"--set", "embed_dim=48"});
    QCOMPARE(other.exitCode, 2);
    QVERIFY2(other.err.contains("does not fit the model") && other.err.contains("nothing was created")
                 && other.err.contains(QRegularExpression("and \\d+ more")),
             qPrintable(other.err));
    QVERIFY2(other.err.size() < 1500, qPrintable(QStringLiteral("%1 characters").arg(other.err.size())));
    QCOMPARE(s->runs().size(), size_t(2));
}

void TstEngine::resumeRefusesFinishedRuns()
{
    const QString path = storePath("done");
    QCOMPARE(runCli(QStringList{"train", "--store", path} + tiny(1)).exitCode, 0);
    const Result r = runCli({"resume", "--run", "1", "--store", path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("finished"), qPrintable(r.err));
}

void TstEngine::trainsOnCifarFiles()
{
    const QString data = m_dir.filePath("cifar");
    QDir().mkpath(data);
    writeCifar10(data, 40, 30);
    const QString path = storePath("cifar");
    QStringList args = {"train", "--store", path, "--json", "--set", "data.name=cifar10", "--set", "data.path=" + data,
                        "--set", "img_size=32", "--set", "patch_size=8", "--set", "embed_dim=32", "--set", "depth=1",
                        "--set", "num_heads=2", "--set", "train.batch_size=20", "--set", "train.epochs=2"};
    const Result r = runCli(args);
    QCOMPARE(r.exitCode, 0);
    const auto lines = jsonLines(r.out);
    QCOMPARE(lines.at(1).value("dataset").toString(), QStringLiteral("cifar10"));
    QCOMPARE(lines.at(1).value("train_images").toInteger(), 200);
    QCOMPARE(lines.at(1).value("val_images").toInteger(), 30);
    // The data decides the model's ends: a mismatch is a config error, nothing is created.
    const QString other = storePath("cifar-mismatch");
    const Result bad = runCli({"train", "--store", other, "--set", "data.name=cifar10", "--set", "data.path=" + data,
                               "--set", "num_classes=100", "--set", "in_chans=1", "--set", "data.channels=3"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("num_classes: the data set cifar10 has 10 classes")
                 && bad.err.contains("in_chans: the data set cifar10 delivers 3 channel(s)"),
             qPrintable(bad.err));
    QVERIFY(!QFile::exists(other));
    const Result missing = runCli({"train", "--store", other, "--set", "data.name=mnist", "--set",
                                   "data.path=" + m_dir.filePath("none"), "--set", "in_chans=1"});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("data.path: '" + m_dir.filePath("none") + "' does not exist"), qPrintable(missing.err));
    QVERIFY(!QFile::exists(other));
}

// A relative data.path is the folder it names where the run was created: resumed from another directory
// (one with an imgs/ of its own), the run goes on with the data it began with.
void TstEngine::relativeDataPathKeptAbsolute()
{
    const QString home = m_dir.filePath("relative");
    writeImageFolder(home + "/imgs", {"a", "b"});
    const QString elsewhere = m_dir.filePath("elsewhere");
    writeImageFolder(elsewhere + "/imgs", {"a", "zz"});
    const QString db = home + "/runs.sqlite";
    const Result first = runCliIn(home, QStringList{"train", "--store", db, "--stop-at-step", "2"} + onFolder("imgs", 2));
    QCOMPARE(first.exitCode, 3);
    const Result shown = runCli({"runs", "show", "1", "--json", "--store", db});
    const QJsonObject config = QJsonDocument::fromJson(shown.out.toUtf8()).object().value("config").toObject();
    QCOMPARE(config.value("data.path").toString(), home + "/imgs");
    const Result resumed = runCliIn(elsewhere, {"resume", "--run", "1", "--store", db});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.out + resumed.err));
    QVERIFY2(resumed.out.contains("2 classes (a, b)"), qPrintable(resumed.out));
    QCOMPARE(statusOf(db, 1), QStringLiteral("finished"));
}

// The data set a run was created with is recorded with it: a resume that finds other classes, other
// counts or no data set at all is refused, and the run stays as it was (cancelled).
void TstEngine::resumeRefusesChangedData()
{
    const QString root = m_dir.filePath("changing/imgs");
    writeImageFolder(root, {"a", "b"});
    const QString db = storePath("changing-store");  // not inside the data's folder, which moves below
    const Result first = runCli(QStringList{"train", "--store", db, "--stop-at-step", "2"} + onFolder(root, 2));
    QCOMPARE(first.exitCode, 3);
    const QString shown = runCli({"runs", "show", "1", "--store", db}).out;
    QVERIFY2(shown.contains("data/set") && shown.contains("\"classes\":[\"a\",\"b\"]"), qPrintable(shown));

    QVERIFY(QDir().rename(root + "/train/b", root + "/train/zz") && QDir().rename(root + "/val/b", root + "/val/zz"));
    Result r = runCli({"resume", "--run", "1", "--store", db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("cannot resume run 1") && r.err.contains("not the one the run was created with")
                 && r.err.contains("classes (a, zz)") && r.err.contains("created with 2 (a, b)")
                 && r.err.contains("Nothing was changed: run 1 is still cancelled"),
             qPrintable(r.err));
    QCOMPARE(statusOf(db, 1), QStringLiteral("cancelled"));
    QVERIFY(QDir().rename(root + "/train/zz", root + "/train/b") && QDir().rename(root + "/val/zz", root + "/val/b"));

    QVERIFY(QFile::remove(root + "/train/a/i7.png"));  // one image fewer: other data all the same
    r = runCli({"resume", "--run", "1", "--store", db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("it now has 15 training images, the run was created with 16 (class a: 7 instead of 8)"),
             qPrintable(r.err));
    QCOMPARE(statusOf(db, 1), QStringLiteral("cancelled"));

    QVERIFY(QDir().rename(m_dir.filePath("changing"), m_dir.filePath("moved")));
    r = runCli({"resume", "--run", "1", "--store", db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("data.path: '" + root + "' does not exist") && r.err.contains("run 1 is still cancelled"),
             qPrintable(r.err));
    QCOMPARE(statusOf(db, 1), QStringLiteral("cancelled"));
}

// What an image folder leaves out — files of other formats, hidden entries — is said by `data`, `data
// --verify`, the checks before a run (config --check) and the run's own log; a folder of one class is refused.
void TstEngine::folderNoticesEverywhere()
{
    const QString root = m_dir.filePath("notices");
    writeImageFolder(root, {"a", "b"});
    QFile gif(root + "/train/a/anim.gif");
    QVERIFY(gif.open(QIODevice::WriteOnly) && gif.write("GIF89a") == 6);
    gif.close();
    QVERIFY(QDir().mkpath(root + "/train/.git"));
    QVERIFY(QFile::copy(root + "/train/a/i0.png", root + "/train/.git/x.png"));
    const QStringList data = QStringList{"data", "--verify"} + onFolder(root, 2);
    const QString gifLine = "skipped 1 file that is not an image of a supported format";
    const QString hiddenLine = "skipped 1 hidden file or folder (names starting with '.'): " + root + "/train/.git";
    Result r = runCli(data);
    QVERIFY2(r.exitCode == 0 && r.out.contains("classes        2: a, b") && r.out.contains("verified       20 images, 0 bad")
                 && r.out.contains(gifLine) && r.out.contains(hiddenLine),
             qPrintable(r.out + r.err));
    r = runCli(QStringList{"config", "--check", "--json"} + onFolder(root, 2));
    QCOMPARE(r.exitCode, 0);
    const QJsonArray warnings = QJsonDocument::fromJson(r.out.toUtf8()).object().value("warnings").toArray();
    QString said;
    for (const QJsonValue &w : warnings)
        said += w.toObject().value("key").toString() + ": " + w.toObject().value("message").toString() + "\n";
    QVERIFY2(said.contains("data.path: " + gifLine) && said.contains("data.path: " + hiddenLine), qPrintable(said));
    r = runCli(QStringList{"train", "--store", storePath("notices"), "--set", "train.epochs=1"} + onFolder(root, 2));
    QVERIFY2(r.exitCode == 0 && r.out.contains(gifLine) && r.out.contains(hiddenLine), qPrintable(r.out + r.err));

    const QString single = m_dir.filePath("single");
    writeImageFolder(single, {"only"});
    const QString db = storePath("single");
    r = runCli(QStringList{"train", "--store", db} + onFolder(single, 1));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("data.path: the data set folder has 1 class(es) (only): a classifier needs at least 2"),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(db));
}

QTEST_GUILESS_MAIN(TstEngine)
#include "tst_engine.moc"
