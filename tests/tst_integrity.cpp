// Integrity enforced, not noted (issue 16), through real gatefold-cli
// children: a checkpoint with one flipped bit inside a weight tensor is
// refused by resume, --init-from, analyze and export, each saying what to do;
// the damaged file is never overwritten or deleted (moved aside and recorded
// when the run resumes from another checkpoint); accepting it is recorded in
// the run. Exports never replace a file that is not what the store recorded,
// and an engine never removes a checkpoint file older than its run.
// What LibTorch or the allocator throws reaches the user as one sentence (the
// detail in the engine log) and leaves the run failed, never running; configs
// that cannot fit in memory are refused before anything is created.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "filebytes.h"
#include <QtTest/QtTest>

#include "enginechild.h"
#include "train/checkpoint.h"
#include "train/checkpointfiles.h"

#include <QJsonArray>

#include <sys/stat.h>
#endif

using namespace gatefold;
using namespace gatefold::test;

namespace {

// Flips one bit in the middle of the largest tensor of a checkpoint (a torch zip: entries
// "…/data/N" stored as they are), a byte LibTorch reads without any check. Sizes come from the
// central directory (torch's local headers say 0 and use data descriptors).
bool flipAWeight(const QString &path)
{
    QByteArray zip = readBytes(path);
    auto u16 = [&](qsizetype o) { return qsizetype(uchar(zip[o])) | qsizetype(uchar(zip[o + 1])) << 8; };
    auto u32 = [&](qsizetype o) { return u16(o) | u16(o + 2) << 16; };
    qsizetype best = -1, bestSize = 0;
    for (qsizetype at = zip.indexOf("PK\x01\x02"); at >= 0 && at + 46 <= zip.size(); at = zip.indexOf("PK\x01\x02", at + 4)) {
        const qsizetype size = u32(at + 20), name = u16(at + 28), local = u32(at + 42);
        if (!zip.mid(at + 46, name).contains("/data/") || size <= bestSize || size == 0xffffffff
            || local + 30 > zip.size())
            continue;
        bestSize = size;
        best = local + 30 + u16(local + 26) + u16(local + 28) + size / 2;
    }
    if (best < 0 || best >= zip.size())
        return false;
    zip[best] = char(zip[best] ^ 0x10);
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(zip) == zip.size();
}

bool hasBacktrace(const QString &text)
{
    return text.contains("Exception raised from") || text.contains("frame #") || text.contains("(most recent call first)");
}

} // namespace

class TstIntegrity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void flippedCheckpointRefusedEverywhere();
    void acceptingAModifiedCheckpointIsRecorded();
    void exportNeverReplacesAFileItDidNotWrite();
    void engineRemovesOnlyFilesItWrote();
    void engineFailuresAreOneSentence_data();
    void engineFailuresAreOneSentence();
    void allocatorFailureMarksTheRunFailed_data();
    void allocatorFailureMarksTheRunFailed();
    void checkpointsThatAreNotFilesAreNamed();
    void acceptedCheckpointOfAnotherModel();
    void oversizedConfigsCreateNothing_data();
    void oversizedConfigsCreateNothing();

private:
    // A folder per store: stores in one folder share its runs/, and a new run never takes an id whose folder is
    // taken (another store's run 1 would make this one's first run 2).
    QString storePath(const QString &name) const { return m_dir.filePath(name + "/runs.sqlite"); }
    QTemporaryDir m_dir;
};

void TstIntegrity::flippedCheckpointRefusedEverywhere()
{
    const QString path = storePath("flip");
    const QStringList config = tinyArgs(3, {"train.keep_every=1"});
    // The reference and a run stopped after its second epoch (last = epoch-2 = step 32).
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--name", "whole"} + config, 180000).exitCode, 0);
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--stop-at-step", "32"} + config, 180000).exitCode, 3);
    QString error;
    QString lastFile;
    QByteArray flipped;
    {
        auto s = store::RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        const auto last = checkpointRecord(*s, 2, QStringLiteral("checkpoint/last"));
        QVERIFY(last && last->step == 32);
        lastFile = last->file;
    }
    QVERIFY(flipAWeight(lastFile));
    flipped = readBytes(lastFile);

    // resume: refused, nothing changed, the way out named.
    const CliRun resume = runCli({"resume", "--run", "2", "--store", path}, 180000);
    QCOMPARE(resume.exitCode, 1);
    for (const char *part : {"cannot resume run 2", "damaged or was changed", "--from epoch:1", "--accept-modified-checkpoint"})
        QVERIFY2(resume.err.contains(QLatin1String(part)), qPrintable(resume.err));
    QVERIFY(!hasBacktrace(resume.err));
    // --init-from: refused before anything is created.
    const CliRun init = runCli(QStringList{"train", "--store", path, "--init-from", "2:last"} + config, 180000);
    QCOMPARE(init.exitCode, 2);
    QVERIFY2(init.err.contains("nothing was created") && init.err.contains("--accept-modified-checkpoint"),
             qPrintable(init.err));
    // analyze and export: refused, saying what to do.
    const CliRun analyze = runCli({"analyze", "--run", "2", "--checkpoint", "last", "--store", path, "--images", "2"}, 180000);
    QCOMPARE(analyze.exitCode, 1);
    QVERIFY2(analyze.err.contains("damaged or was changed") && analyze.err.contains("--checkpoint best"),
             qPrintable(analyze.err));
    const CliRun exported = runCli({"export", "--run", "2", "--checkpoint", "last", "--store", path,
                                    "--out", m_dir.filePath("flip-export")}, 180000);
    QCOMPARE(exported.exitCode, 1);
    QVERIFY2(exported.err.contains("damaged or was changed"), qPrintable(exported.err));
    QVERIFY(!QFileInfo::exists(m_dir.filePath("flip-export/model.safetensors")));
    {
        auto s = store::RunStore::open(path, &error);
        QCOMPARE(s->runs().size(), size_t(2));
        QCOMPARE(store::toString(s->run(2)->status), QStringLiteral("cancelled"));
        QCOMPARE(readBytes(lastFile), flipped);  // the evidence is kept as it was
    }

    // Resuming from epoch 1 moves the damaged file aside, records it, and ends as the reference.
    const CliRun fromEpoch = runCli({"resume", "--run", "2", "--store", path, "--from", "epoch:1", "--json"}, 180000);
    QVERIFY2(fromEpoch.exitCode == 0, qPrintable(fromEpoch.err));
    auto s = store::RunStore::open(path, &error);
    const auto damaged = s->artifacts(2, QStringLiteral("checkpoint/damaged"));
    QCOMPARE(damaged.size(), size_t(1));
    const QString aside = train::artifactFile(*s, damaged.front());
    QVERIFY2(aside.contains("/damaged/"), qPrintable(aside));
    QCOMPARE(readBytes(aside), flipped);
    QCOMPARE(damaged.front().sha256, train::sha256OfFile(aside));
    QVERIFY(!QFileInfo::exists(lastFile) || readBytes(lastFile) != flipped);
    const QString difference = differenceOf(metricsOf(*s, 1), metricsOf(*s, 2));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    for (const QString &kind : {QStringLiteral("checkpoint/last"), QStringLiteral("checkpoint/best")}) {
        const auto record = checkpointRecord(*s, 2, kind);
        QVERIFY(record);
        QCOMPARE(train::checkCheckpoint(record->file, {record->sha256, {}}).state, train::CheckpointState::Intact);
    }
}

void TstIntegrity::acceptingAModifiedCheckpointIsRecorded()
{
    const QString path = storePath("accept");
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--stop-at-step", "16"} + tinyArgs(2), 180000).exitCode, 3);
    QString error, file;
    {
        auto s = store::RunStore::open(path, &error);
        file = checkpointRecord(*s, 1, QStringLiteral("checkpoint/last"))->file;
    }
    QVERIFY(flipAWeight(file));
    const QString found = train::sha256OfFile(file);
    // Fine-tuning from it: accepted and recorded in the new run.
    const CliRun fine = runCli(QStringList{"train", "--store", path, "--init-from", "1:last", "--accept-modified-checkpoint"}
                                   + tinyArgs(1),
                               180000);
    QVERIFY2(fine.exitCode == 0, qPrintable(fine.err));
    // Resuming it: accepted and recorded in the run.
    const CliRun resume = runCli({"resume", "--run", "1", "--store", path, "--accept-modified-checkpoint"}, 180000);
    QVERIFY2(resume.exitCode == 0, qPrintable(resume.err));
    auto s = store::RunStore::open(path, &error);
    for (const qint64 run : {qint64(1), qint64(2)}) {
        const auto accepted = s->artifacts(run, QStringLiteral("checkpoint/accepted-modified"));
        QCOMPARE(accepted.size(), size_t(1));
        QCOMPARE(accepted.front().sha256, found);
        const auto info = QJsonDocument::fromJson(accepted.front().infoJson).object();
        QCOMPARE(info.value("found_sha256").toString(), found);
        QCOMPARE(info.value("path").toString(), file);
        QVERIFY(info.contains("recorded_sha256"));
    }
    QCOMPARE(store::toString(s->run(1)->status), QStringLiteral("finished"));
}

void TstIntegrity::exportNeverReplacesAFileItDidNotWrite()
{
    const QString path = storePath("export");
    QCOMPARE(runCli(QStringList{"train", "--store", path} + tinyArgs(1), 180000).exitCode, 0);
    const QString out = m_dir.filePath("exported");
    const QStringList exportArgs{"export", "--run", "1", "--store", path, "--out", out, "--format", "torchscript,safetensors", "--images", "4"};
    QCOMPARE(runCli(exportArgs, 180000).exitCode, 0);
    QCOMPARE(runCli(exportArgs, 180000).exitCode, 0);  // its own files, unchanged: written again
    // Someone edits the exported weights: a re-export refuses to destroy that.
    const QString weights = QDir(out).filePath("model.safetensors");
    QFile edit(weights);
    QVERIFY(edit.open(QIODevice::Append));
    edit.write("edited");
    edit.close();
    const QByteArray edited = readBytes(weights);
    const CliRun refused = runCli(exportArgs, 180000);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("model.safetensors") && refused.err.contains("--overwrite"), qPrintable(refused.err));
    QCOMPARE(readBytes(weights), edited);
    // A file the export never wrote is not replaced either.
    const QString foreign = m_dir.filePath("foreign");
    QDir().mkpath(foreign);
    QFile mine(QDir(foreign).filePath("model.torchscript.pt"));
    QVERIFY(mine.open(QIODevice::WriteOnly));
    mine.write("my own model");
    mine.close();
    QCOMPARE(runCli({"export", "--run", "1", "--store", path, "--out", foreign, "--images", "4"}, 180000).exitCode, 2);
    QCOMPARE(readBytes(mine.fileName()), QByteArray("my own model"));
    // --overwrite: the user decided.
    QCOMPARE(runCli(exportArgs + QStringList{"--overwrite"}, 180000).exitCode, 0);
    QVERIFY(readBytes(weights) != edited);
    // An export killed after it moved its files into place, before it recorded them: the files are
    // not known to the store, but hold exactly what the export writes, so it is given again and
    // ends (recording them); its temporary files, left by a process that is gone, are removed.
    const QString killed = m_dir.filePath("killed-export");
    QDir().mkpath(killed);
    for (const char *name : {"model.torchscript.pt", "model.safetensors", "config.json"})
        QVERIFY(QFile::copy(QDir(out).filePath(QLatin1String(name)), QDir(killed).filePath(QLatin1String(name))));
    const QString staleTemp = QDir(killed).filePath("model.safetensors.tmp-999999999");
    {
        QFile temp(staleTemp);
        QVERIFY(temp.open(QIODevice::WriteOnly));
        temp.write("half written");
    }
    const QStringList again{"export", "--run", "1", "--store", path, "--out", killed, "--format", "torchscript,safetensors", "--images", "4"};
    const CliRun redone = runCli(again, 180000);
    QVERIFY2(redone.exitCode == 0, qPrintable(redone.err));
    QVERIFY(!QFileInfo::exists(staleTemp));
    QCOMPARE(readBytes(QDir(killed).filePath("model.safetensors")), readBytes(weights));
    // …but one byte different is someone else's: refused, left as it was, no temporary left.
    QFile changed(QDir(killed).filePath("config.json"));
    QVERIFY(changed.open(QIODevice::Append));
    changed.write(" ");
    changed.close();
    const QByteArray changedBytes = readBytes(changed.fileName());
    const QString other = m_dir.filePath("killed-export-2");
    QDir().mkpath(other);
    for (const char *name : {"model.torchscript.pt", "model.safetensors", "config.json"})
        QVERIFY(QFile::copy(QDir(killed).filePath(QLatin1String(name)), QDir(other).filePath(QLatin1String(name))));
    const CliRun refusedCopy = runCli({"export", "--run", "1", "--store", path, "--out", other, "--format",
                                       "torchscript,safetensors", "--images", "4"},
                                      180000);
    QCOMPARE(refusedCopy.exitCode, 2);
    QVERIFY2(refusedCopy.err.contains("config.json") && !refusedCopy.err.contains("model.safetensors ("),
             qPrintable(refusedCopy.err));
    QCOMPARE(readBytes(QDir(other).filePath("config.json")), changedBytes);
    QCOMPARE(QDir(other).entryList(QDir::Files).size(), 3);
}

void TstIntegrity::engineRemovesOnlyFilesItWrote()
{
    // A store an older Gatefold gave one id twice (it handed a deleted run's id on): the new run's
    // folder held the old run's checkpoints, and its engine removed them as its own unrecorded ones.
    QString error;
    auto store = store::RunStore::open(storePath("shared-folder"), &error);
    QVERIFY2(store, qPrintable(error));
    const qint64 id = *store->createRun(store::NewRun{});
    QVERIFY(store->setStatus(id, store::RunStatus::Running));
    const QDir dir(store->runDirectory(id));
    QVERIFY(QDir().mkpath(dir.path()));
    for (const char *name : {"step-16.pt", "step-12.pt", "step-8.pt"})
        writeBytes(dir.filePath(QLatin1String(name)), name);
    QVERIFY(store->addArtifact({0, id, "checkpoint/last", "runs/" + QString::number(id) + "/step-16.pt", QString(64, 'a'), 0, {}}));
    // step-8.pt is older than the run: another run's. step-12.pt is this run's, written but never recorded.
    QFile old(dir.filePath("step-8.pt"));
    QVERIFY(old.open(QIODevice::ReadWrite));
    QVERIFY(old.setFileTime(QDateTime::currentDateTime().addDays(-3), QFileDevice::FileModificationTime));
    old.close();
    const QStringList removed = train::removeUnrecordedCheckpoints(*store, id);
    QCOMPARE(removed, QStringList{dir.filePath("step-12.pt")});
    QCOMPARE(readBytes(dir.filePath("step-8.pt")), QByteArray("step-8.pt"));
    QVERIFY(QFileInfo::exists(dir.filePath("step-16.pt")));
}

void TstIntegrity::engineFailuresAreOneSentence_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("throwAt");
    QTest::addColumn<QString>("says");
    QTest::newRow("train: LibTorch error in an evaluation") << QStringList{"train"} << "in-evaluation#2"
                                                            << "the engine stopped at step 32";
    QTest::newRow("train: out of memory preparing") << QStringList{"train"} << "in-prepare:bad_alloc" << "out of memory";
    QTest::newRow("train: out of memory in an evaluation") << QStringList{"train"} << "in-evaluation:bad_alloc"
                                                           << "out of memory";
    QTest::newRow("analyze") << QStringList{"analyze", "--run", "1", "--images", "2"} << "after-checkpoint-load"
                             << "gatefold-cli analyze stopped";
    QTest::newRow("export") << QStringList{"export", "--run", "1", "--images", "2"} << "export-before-rename"
                            << "gatefold-cli export stopped";
}

void TstIntegrity::engineFailuresAreOneSentence()
{
    QFETCH(QStringList, command);
    QFETCH(QString, throwAt);
    QFETCH(QString, says);
    const QString path = storePath(QStringLiteral("fail-%1").arg(QTest::currentDataTag()).replace(' ', '_').replace(':', '_'));
    // (XDG_DATA_HOME: failures outside a run are logged in <data home>/gatefold/engine.log, kept in the test's folder.)
    const QStringList env{"GATEFOLD_TEST_THROW_AT=" + throwAt, "XDG_DATA_HOME=" + m_dir.path()};
    const bool training = command.front() == QLatin1String("train");
    if (!training)
        QCOMPARE(runCli(QStringList{"train", "--store", path} + tinyArgs(1), 180000).exitCode, 0);
    const CliRun r = runCliWith(command + QStringList{"--store", path} + (training ? tinyArgs(3) : QStringList()), env);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(!hasBacktrace(r.err) && !hasBacktrace(r.out), qPrintable(r.err));
    QVERIFY2((r.err + r.out).contains(says), qPrintable(r.err + r.out.right(400)));
    QString error;
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(s, qPrintable(error));
    const auto run = s->run(1);
    QCOMPARE(store::toString(run->status), training ? QStringLiteral("failed") : QStringLiteral("finished"));
    if (training) {
        QVERIFY2(run->message.contains(says) && !hasBacktrace(run->message), qPrintable(run->message));
        // The detail (LibTorch's own text) went to the run's engine log.
        const QByteArray log = readBytes(QDir(s->runDirectory(1)).filePath("engine.log"));
        QVERIFY2(log.contains("run 1 failed"), log.constData());
    } else {
        QVERIFY(s->artifacts(1, QStringLiteral("export/torchscript")).empty());  // nothing half-recorded
        const QByteArray log = readBytes(m_dir.filePath("gatefold/engine.log"));
        QVERIFY2(log.contains(QStringLiteral("gatefold-cli %1:").arg(command.front()).toUtf8())
                     && log.contains("GATEFOLD_TEST_THROW_AT reached"),
                 log.constData());
    }
}

void TstIntegrity::allocatorFailureMarksTheRunFailed_data()
{
    QTest::addColumn<QStringList>("limit");
    QTest::addColumn<QString>("advice");
    QTest::newRow("no memory limit") << QStringList() << "or set compute.memory_limit so it is checked";
    // A stated limit above the machine let the run through: the advice says so, not "set the limit".
    QTest::newRow("a limit above this machine") << QStringList{"compute.memory_limit=1000T"}
                                                << "compute.memory_limit is 1000.0 TiB, more than this machine has";
}

void TstIntegrity::allocatorFailureMarksTheRunFailed()
{
    QFETCH(QStringList, limit);
    QFETCH(QString, advice);
    // A real allocation failure: the engine's address space limited (RLIMIT_AS, like a container's
    // memory limit) below what the model needs; the run is created (the estimate fits this machine),
    // then LibTorch's allocator fails. One sentence, the run failed, no backtrace.
    if (QProcess::execute(QStringLiteral("prlimit"), {"--version"}) != 0)
        QSKIP("prlimit (util-linux) is not installed; it limits the child's address space");
#if defined(__SANITIZE_ADDRESS__)
    // The engine is built with the same flags: AddressSanitizer reserves ~15 TB of address space
    // for its shadow memory at start, so no RLIMIT_AS that would make LibTorch's allocator fail
    // lets it start ("ReserveShadowMemoryRange failed"). The ci preset runs this test.
    QSKIP("an AddressSanitizer engine cannot start under an address-space limit");
#endif
    const QString path = storePath(QStringLiteral("allocator-%1").arg(QTest::currentDataTag()).replace(' ', '_'));
    QProcess child;
    // 2.7e8 parameters: about 10 GiB estimated at the peak, 1 GiB of weights alone, under a 2.5 GB address space.
    child.start(QStringLiteral("prlimit"), QStringList{"--as=2500000000", "--", QStringLiteral(GATEFOLD_CLI_PATH), "train",
                                                       "--store", path, "--json"}
                                               + tinyArgs(1, QStringList{"embed_dim=4096", "num_heads=1", "depth=2"} + limit));
    QVERIFY(child.waitForFinished(300000));
    const QString err = QString::fromUtf8(child.readAllStandardError());
    const QString out = QString::fromUtf8(child.readAllStandardOutput());
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    if (child.exitCode() == 2 && err.contains("memory at its peak"))
        QSKIP("this machine has too little memory for the run's estimate (it is refused before it is created)");
    QCOMPARE(child.exitCode(), 1);
    QVERIFY2(!hasBacktrace(err) && !hasBacktrace(out), qPrintable(err));
    QString error;
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(s, qPrintable(error));
    const auto run = s->run(1);
    QVERIFY(run);
    QCOMPARE(store::toString(run->status), QStringLiteral("failed"));
    // One sentence: how much it could not get, and what to do about this run — the allocator's own
    // text ("[enforce fail at alloc_cpu.cpp …] DefaultCPUAllocator …") only in the engine log; no
    // checkpoint was written, so no word of resuming.
    QVERIFY2(run->message.contains("out of memory: could not allocate") && run->message.contains(advice),
             qPrintable(run->message));
    for (const char *raw : {"enforce fail", "DefaultCPUAllocator", "Error code", "resume"})
        QVERIFY2(!run->message.contains(QLatin1String(raw)), qPrintable(run->message));
}

// A record that names something that is not a file (here a fifo, which a reader would wait on for
// ever): resume says what it is, at once, and offers only the checkpoints that are intact.
void TstIntegrity::checkpointsThatAreNotFilesAreNamed()
{
    const QString path = storePath("notfiles");
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--stop-at-step", "24"} + tinyArgs(2, {"train.keep_every=1"}),
                    180000)
                 .exitCode,
             3);
    QString error, last;
    {
        auto s = store::RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        const auto record = checkpointRecord(*s, 1, QStringLiteral("checkpoint/last"));
        QVERIFY(record && record->step == 24);
        last = record->file;
    }
    QVERIFY(QFile::remove(last));
    QVERIFY(::mkfifo(QFile::encodeName(last).constData(), 0644) == 0);
    const CliRun resume = runCli({"resume", "--run", "1", "--store", path}, 60000);
    QCOMPARE(resume.exitCode, 1);  // (-1: it waited on the fifo)
    QVERIFY2(resume.err.contains(last + ", which is a fifo") && resume.err.contains("epoch:1"), qPrintable(resume.err));
    QVERIFY2(!resume.err.contains("file is gone") && !resume.err.contains("last ("), qPrintable(resume.err));
    auto s = store::RunStore::open(path, &error);
    QCOMPARE(store::toString(s->run(1)->status), QStringLiteral("cancelled"));
}

// --accept-modified-checkpoint on a checkpoint of another model: export and analyze give the real
// reason (the shapes), not the advice to pass the option that was passed; export leaves no folder.
void TstIntegrity::acceptedCheckpointOfAnotherModel()
{
    const QString path = storePath("othermodel");
    QCOMPARE(runCli(QStringList{"train", "--store", path} + tinyArgs(1), 180000).exitCode, 0);
    QCOMPARE(runCli(QStringList{"train", "--store", path} + tinyArgs(1, {"embed_dim=48"}), 180000).exitCode, 0);
    QString error, mine, other;
    {
        auto s = store::RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        mine = checkpointRecord(*s, 1, QStringLiteral("checkpoint/last"))->file;
        other = checkpointRecord(*s, 2, QStringLiteral("checkpoint/last"))->file;
    }
    QVERIFY(QFile::remove(mine) && QFile::copy(other, mine));
    for (const QStringList &command : {QStringList{"export", "--images", "4"}, QStringList{"analyze", "--images", "2"}}) {
        const CliRun r = runCli(command + QStringList{"--run", "1", "--checkpoint", "last", "--store", path,
                                                      "--accept-modified-checkpoint"},
                                180000);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("does not fit the model") && r.err.contains("and ")
                     && !r.err.contains("--accept-modified-checkpoint if the change is yours"),
                 qPrintable(r.err));
        QVERIFY(!hasBacktrace(r.err));
    }
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(!QDir(s->runDirectory(1)).exists(QStringLiteral("export")), "the refused export left its folders");
    QVERIFY(s->artifacts(1, QStringLiteral("checkpoint/accepted-modified")).empty());  // nothing was used

    // Resumed from one: refused when it does not load, and the run is as it was — its status, its
    // message, its metrics — not failed by a resume that never trained.
    s.reset();
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--stop-at-step", "16"} + tinyArgs(2), 180000).exitCode, 3);
    s = store::RunStore::open(path, &error);
    const store::RunRecord before = *s->run(3);
    QCOMPARE(store::toString(before.status), QStringLiteral("cancelled"));
    const auto metricsBefore = s->metrics(3, QStringLiteral("train/loss")).size();
    const QString stopped = checkpointRecord(*s, 3, QStringLiteral("checkpoint/last"))->file;
    s.reset();
    QVERIFY(QFile::remove(stopped) && QFile::copy(other, stopped));
    const CliRun resume = runCli({"resume", "--run", "3", "--store", path, "--accept-modified-checkpoint"}, 180000);
    QCOMPARE(resume.exitCode, 1);
    QVERIFY2(resume.err.contains("cannot resume run 3") && resume.err.contains("does not fit the model")
                 && resume.err.contains("the run stays cancelled as it was"),
             qPrintable(resume.err));
    QVERIFY(!hasBacktrace(resume.err));
    s = store::RunStore::open(path, &error);
    QCOMPARE(store::toString(s->run(3)->status), QStringLiteral("cancelled"));
    QCOMPARE(s->run(3)->message, before.message);
    QCOMPARE(s->metrics(3, QStringLiteral("train/loss")).size(), metricsBefore);
}

void TstIntegrity::oversizedConfigsCreateNothing_data()
{
    QTest::addColumn<QStringList>("settings");
    QTest::addColumn<QString>("key");
    QTest::newRow("width") << QStringList{"embed_dim=2000000000", "num_heads=1"} << "embed_dim";
    QTest::newRow("depth") << QStringList{"depth=100000000"} << "depth";
    QTest::newRow("image size") << QStringList{"img_size=1000000"} << "img_size";
    QTest::newRow("codebook") << QStringList{"gate.kind=cde", "gate.codebook_size=1000000000", "gate.top_k=1"}
                              << "gate.codebook_size";
    QTest::newRow("memory limit") << QStringList{"compute.memory_limit=32M"} << "compute.memory_limit";
    // A stated limit above this machine does not let through a run the machine cannot hold.
    QTest::newRow("memory limit above the machine")
        << QStringList{"embed_dim=100000", "num_heads=1", "depth=1", "compute.memory_limit=1000T"} << "compute.memory_limit";
}

void TstIntegrity::oversizedConfigsCreateNothing()
{
    QFETCH(QStringList, settings);
    QFETCH(QString, key);
    const QString path = m_dir.filePath("never/created.sqlite");
    const CliRun r = runCli(QStringList{"train", "--store", path} + tinyArgs(1, settings), 60000);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(key + ": ") && r.err.contains("memory") && r.err.contains("nothing was created"),
             qPrintable(r.err));
    QVERIFY(!hasBacktrace(r.err));
    QVERIFY(!QFileInfo::exists(path));
}

GATEFOLD_TEST_MAIN(TstIntegrity)
#include "tst_integrity.moc"
