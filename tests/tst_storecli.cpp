// The store as gatefold-cli's commands open it (real child processes, as a
// non-root user: nobody via setpriv when the test runs as root): reading
// commands (runs list, runs show, table, runs export-mlflow) read a store in a
// read-only folder and change nothing; writing ones say plainly why they cannot
// run there; listing a store that does not exist creates none; every command
// refuses a newer store without touching it; a reading command records a dead
// engine's run as crashed but never a live one's, however old its heartbeat
// (and never a pid without a start token that runs no Gatefold program, nor a
// heartbeat from the future). Issue 16's hostile findings: ':'-paths answered
// at once, run ids and folders never handed on, deleting files never follows a
// link, a store opened through a link keeps its runs beside the real file, a
// store missing a column is refused untouched, damaged values are named (never
// read as 0), control characters never reach the terminal, a missing sweep.

#include <QtTest/QtTest>

#include "clirun.h"
#include "storeprocs.h"

#include "filebytes.h"

#include "store/processid.h"
#include "store/runstore.h"
#include "store/storeschema.h"
#include "store/storetext.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QTemporaryDir>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace gatefold;
using namespace gatefold::store;
using namespace gatefold::test;

namespace {

QStringList folderState(const QString &dir)
{
    QStringList state;
    for (const QFileInfo &f : QDir(dir).entryInfoList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name)) {
        QFile file(f.absoluteFilePath());
        QByteArray hash;
        if (file.open(QIODevice::ReadOnly))
            hash = QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex().left(16);
        state << f.fileName() + QLatin1Char(' ') + QString::number(f.size()) + QLatin1Char(' ')
                     + f.lastModified().toString(Qt::ISODateWithMs) + QLatin1Char(' ') + QString::fromLatin1(hash);
    }
    return state;
}

// Every file and link under `dir` (recursively) with its bytes or target: what "untouched" means for a run's folder.
QStringList treeState(const QString &dir)
{
    QStringList state;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo f(it.next());
        if (f.isSymLink())
            state << f.filePath() + QStringLiteral(" -> ") + f.symLinkTarget();
        else if (f.isFile())
            state << f.filePath() + QLatin1Char(' ')
                         + QString::fromLatin1(QCryptographicHash::hash(readBytes(f.filePath()), QCryptographicHash::Sha256).toHex());
    }
    state.sort();
    return state;
}

// The prelude's TINY run: trains in seconds on the built-in set.
QStringList tinyTrainArguments()
{
    QStringList args{QStringLiteral("--preset"), QStringLiteral("demo")};
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "train.epochs=2",
                           "data.train_size=256", "data.val_size=64", "train.batch_size=32", "train.log_every=2",
                           "compute.threads=1"})
        args << QStringLiteral("--set") << QString::fromLatin1(kv);
    return args;
}

// gatefold-cli as the test's non-root user, with a home of its own.
CliRun cliAsUser(const QStringList &arguments, const QString &home, int timeoutMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.remove(QStringLiteral("GATEFOLD_STORE"));
    p.setProcessEnvironment(env);
    const QStringList prefix = asNonRoot();
    if (prefix.isEmpty())
        p.start(QStringLiteral(GATEFOLD_CLI_PATH), arguments);
    else
        p.start(prefix.first(), prefix.mid(1) + QStringList{QStringLiteral(GATEFOLD_CLI_PATH)} + arguments);
    CliRun r;
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit) {
        p.kill();  // one that spins (it once did, on --store :memory:) fails the test, not the suite
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

bool chmodPath(const QString &path, mode_t mode)
{
    return ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

// A finished run with a val/top1 curve, as an engine leaves it.
qint64 finishedRun(RunStore &s, const QString &name)
{
    NewRun n;
    n.name = name;
    const qint64 id = *s.createRun(n);
    s.setStatus(id, RunStatus::Running);
    s.addMetrics(id, {{QStringLiteral("val/top1"), 10, 1, 0, 0.25}, {QStringLiteral("val/top1"), 20, 2, 0, 0.5}});
    s.setStatus(id, RunStatus::Finished);
    return id;
}

} // namespace

class TstStoreCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void readingCommandsReadAReadOnlyStore();
    void listingAMissingStoreCreatesNone();
    void everyCommandRefusesANewerStoreUntouched();
    void readingRecordsDeadEnginesOnly();
    void colonStorePathsAnswerAtOnce();
    void aDeletedRunsIdAndFilesAreNeverTaken();
    void deletingFilesNeverFollowsALink();
    void aStoreOpenedThroughALinkKeepsItsRuns();
    void aStoreMissingAColumnIsRefusedUntouched();
    void damagedValuesAreNamedNeverZero();
    void controlCharactersNeverReachTheTerminal();
    void listingAMissingSweepSaysSo();

private:
    QString freshDir(const QString &name)
    {
        const QString dir = m_dir.filePath(name);
        QDir().mkpath(dir);
        chmodPath(dir, 0777);
        return dir;
    }
    QTemporaryDir m_dir;
    QString m_home;
};

void TstStoreCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(chmodPath(m_dir.path(), 0755));
    m_home = freshDir(QStringLiteral("home"));
}

void TstStoreCli::readingCommandsReadAReadOnlyStore()
{
    const QString dir = freshDir(QStringLiteral("readonly"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        finishedRun(*s, QStringLiteral("archived"));
    }
    QVERIFY(chmodPath(path, 0644));
    QVERIFY(chmodPath(dir, 0555));
    const QStringList before = folderState(dir);
    const QString out = freshDir(QStringLiteral("mlflow-out"));

    const CliRun list = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--store"), path}, m_home);
    QVERIFY2(list.exitCode == 0 && list.out.contains(QStringLiteral("archived")) && list.out.contains(QStringLiteral("finished")),
             qPrintable(list.out + list.err));
    const CliRun show = cliAsUser({QStringLiteral("runs"), QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--json"),
                                   QStringLiteral("--store"), path},
                                  m_home);
    QVERIFY2(show.exitCode == 0 && show.out.contains(QStringLiteral("\"archived\"")), qPrintable(show.out + show.err));
    const CliRun table = cliAsUser({QStringLiteral("table"), QStringLiteral("--all"), QStringLiteral("--group-by"),
                                    QStringLiteral("none"), QStringLiteral("--format"), QStringLiteral("csv"),
                                    QStringLiteral("--store"), path},
                                   m_home);
    QVERIFY2(table.exitCode == 0 && table.out.contains(QStringLiteral("archived")), qPrintable(table.out + table.err));
    const CliRun exported = cliAsUser({QStringLiteral("runs"), QStringLiteral("export-mlflow"), QStringLiteral("--all"),
                                       QStringLiteral("--out"), out, QStringLiteral("--store"), path},
                                      m_home);
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.out + exported.err));
    QCOMPARE(folderState(dir), before);

    const CliRun remove = cliAsUser({QStringLiteral("runs"), QStringLiteral("delete"), QStringLiteral("1"),
                                     QStringLiteral("--store"), path},
                                    m_home);
    QCOMPARE(remove.exitCode, 1);
    QVERIFY2(remove.err.contains(QStringLiteral("cannot be written here")) && remove.err.contains(QStringLiteral("is not writable"))
                 && remove.err.contains(QStringLiteral("Reading commands")) && !remove.err.contains(QStringLiteral("damaged")),
             qPrintable(remove.err));
    QCOMPARE(folderState(dir), before);
    QVERIFY(chmodPath(dir, 0777));
}

void TstStoreCli::listingAMissingStoreCreatesNone()
{
    const QString dir = freshDir(QStringLiteral("missing"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    const CliRun list = cliAsUser({QStringLiteral("runs"), QStringLiteral("--store"), path}, m_home);
    QVERIFY2(list.exitCode == 0 && list.out.contains(QStringLiteral("no store there yet")), qPrintable(list.out + list.err));
    QVERIFY(QDir(dir).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System));
    const CliRun table = cliAsUser({QStringLiteral("table"), QStringLiteral("--all"), QStringLiteral("--store"), path}, m_home);
    QCOMPARE(table.exitCode, 2);
    QVERIFY2(table.err.contains(QStringLiteral("there is no run store")), qPrintable(table.err));
    QVERIFY(QDir(dir).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System));
}

void TstStoreCli::everyCommandRefusesANewerStoreUntouched()
{
    const QString dir = freshDir(QStringLiteral("newer"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        finishedRun(*s, QStringLiteral("from the future"));
    }
    QVERIFY(sqlExec(path, QStringLiteral("PRAGMA user_version = %1").arg(currentSchemaVersion() + 1)));
    QVERIFY(chmodPath(path, 0666));
    const QStringList before = folderState(dir);
    const QString out = freshDir(QStringLiteral("newer-out"));
    // A real (empty) MLflow file store to import: the import reads it before the store, so
    // only a readable one reaches the store's refusal.
    const QString in = freshDir(QStringLiteral("newer-in"));
    QVERIFY(QDir().mkpath(in + QStringLiteral("/0")));
    {
        QFile meta(in + QStringLiteral("/0/meta.yaml"));
        QVERIFY(meta.open(QIODevice::WriteOnly));
        meta.write("artifact_location: file://" + in.toUtf8() + "/0\ncreation_time: 1700000000000\n"
                   "experiment_id: '0'\nlast_update_time: 1700000000000\nlifecycle_stage: active\nname: Default\n");
    }
    QVERIFY(chmodPath(in, 0777) && chmodPath(in + QStringLiteral("/0"), 0777));
    const QList<QStringList> commands = {
        {QStringLiteral("runs"), QStringLiteral("list")},
        {QStringLiteral("runs"), QStringLiteral("show"), QStringLiteral("1")},
        {QStringLiteral("runs"), QStringLiteral("delete"), QStringLiteral("1")},
        {QStringLiteral("table"), QStringLiteral("--all")},
        {QStringLiteral("runs"), QStringLiteral("export-mlflow"), QStringLiteral("--all"), QStringLiteral("--out"), out},
        {QStringLiteral("runs"), QStringLiteral("import-mlflow"), in},
    };
    for (const QStringList &command : commands) {
        const CliRun r = cliAsUser(command + QStringList{QStringLiteral("--store"), path}, m_home);
        QVERIFY2(r.exitCode != 0 && r.err.contains(QStringLiteral("newer Gatefold")),
                 qPrintable(command.join(' ') + QStringLiteral(": ") + r.out + r.err));
        QCOMPARE(folderState(dir), before);
    }
}

void TstStoreCli::readingRecordsDeadEnginesOnly()
{
    const QString dir = freshDir(QStringLiteral("engines"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    QProcess stopped;
    stopped.start(QStringLiteral("sleep"), {QStringLiteral("600")});
    QVERIFY(stopped.waitForStarted());
    const qint64 alivePid = stopped.processId();
    ::kill(pid_t(alivePid), SIGSTOP);
    QProcess gone;
    gone.start(QStringLiteral("true"));
    QVERIFY(gone.waitForStarted());
    const qint64 deadPid = gone.processId();
    gone.waitForFinished();
    qint64 alive = 0, dead = 0, tokenless = 0, ahead = 0;
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        alive = *s->createRun(NewRun{});
        dead = *s->createRun(NewRun{});
        tokenless = *s->createRun(NewRun{});
        ahead = *s->createRun(NewRun{});
        for (qint64 id : {alive, dead, tokenless, ahead})
            QVERIFY(s->setStatus(id, RunStatus::Running));
    }
    // A record from before schema 3 (no start token) whose pid lives but runs no Gatefold program
    // (here: the stopped sleep), and one from another host whose heartbeat lies in the future.
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE runs SET pid = %1, pid_start = '', heartbeat = 1000 WHERE id = %2")
                              .arg(alivePid)
                              .arg(tokenless)));
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE runs SET host = 'elsewhere', heartbeat = 1e12 WHERE id = %1").arg(ahead)));
    const QString me = currentProcessId().start;
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE runs SET pid = %1, pid_start = '%2', heartbeat = 1 WHERE id = %3")
                              .arg(alivePid)
                              .arg(processStartToken(alivePid))
                              .arg(alive)));
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE runs SET pid = %1, pid_start = '%2', heartbeat = 1 WHERE id = %3")
                              .arg(deadPid)
                              .arg(QStringLiteral("1/") + me.section(QLatin1Char('/'), 1))
                              .arg(dead)));
    QVERIFY(chmodPath(path, 0666));
    const CliRun list = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--json"),
                                   QStringLiteral("--store"), path},
                                  m_home);
    QCOMPARE(list.exitCode, 0);
    QCOMPARE(sqlColumn(path, QStringLiteral("SELECT status FROM runs ORDER BY id")),
             (QStringList{QStringLiteral("running"), QStringLiteral("crashed"), QStringLiteral("crashed"),
                          QStringLiteral("crashed")}));
    QVERIFY2(list.out.contains(QStringLiteral("\"crashed\"")), qPrintable(list.out));
    ::kill(pid_t(alivePid), SIGCONT);
    stopped.kill();
    stopped.waitForFinished();
}

void TstStoreCli::colonStorePathsAnswerAtOnce()
{
    // Qt reads ':…' as one of its resources and walking up from it never ended: every command
    // spun at 100 % CPU and ignored SIGTERM. Refused at once; other prefixes are file names.
    const QStringList tiny = tinyTrainArguments();
    const QList<QStringList> refused = {
        {QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--store"), QStringLiteral(":memory:")},
        {QStringLiteral("runs"), QStringLiteral("delete"), QStringLiteral("1"), QStringLiteral("--store"), QStringLiteral(":x")},
        QStringList{QStringLiteral("train"), QStringLiteral("--store"), QStringLiteral(":/a/b.sqlite")} + tiny,
        {QStringLiteral("table"), QStringLiteral("--all"), QStringLiteral("--store"), QStringLiteral(":x")},
    };
    for (const QStringList &command : refused) {
        const CliRun r = cliAsUser(command, m_home, 60000);
        QVERIFY2(r.exitCode > 0 && r.err.contains(QStringLiteral("starts with ':'")) && r.err.contains(QStringLiteral("./")),
                 qPrintable(command.join(' ') + QStringLiteral(": ") + QString::number(r.exitCode) + r.out + r.err));
    }
    for (const QString &path : {QStringLiteral("qrc:/a.sqlite"), QStringLiteral("assets:/a.sqlite")}) {
        const CliRun r = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--store"), path}, m_home, 60000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("no store there yet")), qPrintable(r.out + r.err));
    }
}

void TstStoreCli::aDeletedRunsIdAndFilesAreNeverTaken()
{
    // runs delete N (without --files) keeps runs/N; the next run got id N again (SQLite's max + 1)
    // and its engine removed those files as its own unrecorded checkpoints.
    const QString dir = freshDir(QStringLiteral("reuse"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    qint64 second = 0;
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        finishedRun(*s, QStringLiteral("base"));
        second = finishedRun(*s, QStringLiteral("cancelled"));
        QVERIFY(QDir().mkpath(s->runDirectory(second)));
    }
    const QString kept = dir + QStringLiteral("/runs/%1/step-10.pt").arg(second);
    writeBytes(kept, "the deleted run's checkpoint");
    QVERIFY(chmodPath(path, 0666) && chmodPath(dir + QStringLiteral("/runs"), 0777)
            && chmodPath(dir + QStringLiteral("/runs/%1").arg(second), 0777));
    const CliRun remove = cliAsUser({QStringLiteral("runs"), QStringLiteral("delete"), QString::number(second),
                                     QStringLiteral("--store"), path},
                                    m_home);
    QVERIFY2(remove.exitCode == 0 && remove.out.contains(QStringLiteral("files stay")), qPrintable(remove.out + remove.err));
    const CliRun train = cliAsUser(QStringList{QStringLiteral("train"), QStringLiteral("--store"), path,
                                               QStringLiteral("--stop-at-step"), QStringLiteral("4")}
                                       + tinyTrainArguments(),
                                   m_home);
    QVERIFY2(train.exitCode == 0 || train.exitCode == 3, qPrintable(train.out + train.err));
    QVERIFY2(train.out.contains(QStringLiteral("created run %1 ").arg(second + 1)), qPrintable(train.out));
    QCOMPARE(readBytes(kept), QByteArray("the deleted run's checkpoint"));
}

void TstStoreCli::deletingFilesNeverFollowsALink()
{
    // runs delete N --files followed a symlinked run folder and emptied its target (another run's
    // checkpoints), then said nothing was removed.
    const QString dir = freshDir(QStringLiteral("links"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    qint64 keep = 0, linked = 0, holding = 0;
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        keep = finishedRun(*s, QStringLiteral("keep"));
        linked = finishedRun(*s, QStringLiteral("a link"));
        holding = finishedRun(*s, QStringLiteral("holds links"));
    }
    const QString runs = dir + QStringLiteral("/runs");
    QVERIFY(QDir().mkpath(runs + QStringLiteral("/%1/sub").arg(keep)));
    writeBytes(runs + QStringLiteral("/%1/step-10.pt").arg(keep), "checkpoint of the run kept");
    writeBytes(runs + QStringLiteral("/%1/sub/best.pt").arg(keep), "another file of it");
    // runs/<linked> is a link to runs/<keep>; runs/<holding> is a folder with links into it.
    QVERIFY(::symlink(QByteArray::number(keep).constData(), QFile::encodeName(runs + QStringLiteral("/%1").arg(linked)).constData()) == 0);
    QVERIFY(QDir().mkpath(runs + QStringLiteral("/%1/inner").arg(holding)));
    writeBytes(runs + QStringLiteral("/%1/step-5.pt").arg(holding), "its own file");
    QVERIFY(::symlink(QFile::encodeName(runs + QStringLiteral("/%1").arg(keep)).constData(),
                      QFile::encodeName(runs + QStringLiteral("/%1/inner/folder-link").arg(holding)).constData()) == 0);
    QVERIFY(::symlink(QFile::encodeName(runs + QStringLiteral("/%1/step-10.pt").arg(keep)).constData(),
                      QFile::encodeName(runs + QStringLiteral("/%1/file-link.pt").arg(holding)).constData()) == 0);
    QVERIFY(chmodPath(path, 0666) && chmodPath(runs, 0777));
    for (const QString &sub : {QString::number(keep), QString::number(keep) + QStringLiteral("/sub"), QString::number(holding),
                               QString::number(holding) + QStringLiteral("/inner")})
        QVERIFY(chmodPath(runs + QLatin1Char('/') + sub, 0777));
    const QStringList before = treeState(runs + QStringLiteral("/%1").arg(keep));
    QCOMPARE(before.size(), 2);

    const CliRun viaLink = cliAsUser({QStringLiteral("runs"), QStringLiteral("delete"), QString::number(linked),
                                      QStringLiteral("--files"), QStringLiteral("--store"), path},
                                     m_home);
    QVERIFY2(viaLink.exitCode == 0 && viaLink.out.contains(QStringLiteral("was a symbolic link to"))
                 && viaLink.out.contains(QStringLiteral("was not touched")),
             qPrintable(viaLink.out + viaLink.err));
    QVERIFY(!QFileInfo(runs + QStringLiteral("/%1").arg(linked)).isSymLink());
    QCOMPARE(treeState(runs + QStringLiteral("/%1").arg(keep)), before);

    const CliRun withLinks = cliAsUser({QStringLiteral("runs"), QStringLiteral("delete"), QString::number(holding),
                                        QStringLiteral("--files"), QStringLiteral("--store"), path},
                                       m_home);
    QVERIFY2(withLinks.exitCode == 0
                 && withLinks.out.contains(QStringLiteral("(1 file, 2 symbolic links (the links only) and 2 folders)")),
             qPrintable(withLinks.out + withLinks.err));
    QVERIFY(!QFileInfo::exists(runs + QStringLiteral("/%1").arg(holding)));
    QCOMPARE(treeState(runs + QStringLiteral("/%1").arg(keep)), before);
    QCOMPARE(sqlColumn(path, QStringLiteral("SELECT id FROM runs")), QStringList{QString::number(keep)});
}

void TstStoreCli::aStoreOpenedThroughALinkKeepsItsRuns()
{
    // A store opened through a symlink put its run folders beside the link: its artifacts were
    // "gone", and a new run's files landed in another folder than the store's.
    const QString dir = freshDir(QStringLiteral("through-link"));
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/sub")) && chmodPath(dir + QStringLiteral("/sub"), 0777));
    const QString real = dir + QStringLiteral("/sub/runs.sqlite");
    qint64 id = 0;
    {
        QString error;
        auto s = RunStore::open(real, &error);
        QVERIFY2(s, qPrintable(error));
        id = finishedRun(*s, QStringLiteral("r"));
        QVERIFY(s->addArtifact({0, id, QStringLiteral("image"), QStringLiteral("runs/%1/plot.png").arg(id), QString(64, 'a'), 0, {}}));
    }
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/sub/runs/%1").arg(id)));
    writeBytes(dir + QStringLiteral("/sub/runs/%1/plot.png").arg(id), "png");
    QVERIFY(chmodPath(dir + QStringLiteral("/sub/runs"), 0777) && chmodPath(dir + QStringLiteral("/sub/runs/%1").arg(id), 0777));
    QVERIFY(::symlink("sub/runs.sqlite", QFile::encodeName(dir + QStringLiteral("/link.sqlite")).constData()) == 0);
    QVERIFY(chmodPath(real, 0666));
    const CliRun show = cliAsUser({QStringLiteral("runs"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json"),
                                   QStringLiteral("--store"), dir + QStringLiteral("/link.sqlite")},
                                  m_home);
    QVERIFY2(show.exitCode == 0, qPrintable(show.out + show.err));
    const QString canonicalSub = QFileInfo(dir + QStringLiteral("/sub")).canonicalFilePath();
    QVERIFY2(show.out.contains(QStringLiteral("\"%1/runs/%2/plot.png\"").arg(canonicalSub).arg(id)), qPrintable(show.out));
    // Creating through the link: nothing appears beside the link.
    const CliRun remove = cliAsUser({QStringLiteral("runs"), QStringLiteral("delete"), QString::number(id), QStringLiteral("--files"),
                                     QStringLiteral("--store"), dir + QStringLiteral("/link.sqlite")},
                                    m_home);
    QVERIFY2(remove.exitCode == 0 && remove.out.contains(canonicalSub), qPrintable(remove.out + remove.err));
    QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/sub/runs/%1").arg(id)));
    QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/runs")));
}

void TstStoreCli::aStoreMissingAColumnIsRefusedUntouched()
{
    // One column dropped: the store read as empty ("no runs"), and train created a run it could
    // then not find ("there is no run 3"), left queued for ever.
    const QString dir = freshDir(QStringLiteral("dropped"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        finishedRun(*s, QStringLiteral("kept"));
    }
    QVERIFY(sqlExec(path, QStringLiteral("ALTER TABLE runs DROP COLUMN notes")));
    QVERIFY(chmodPath(path, 0666));
    const QStringList before = folderState(dir);
    const QList<QStringList> commands = {
        {QStringLiteral("runs"), QStringLiteral("list")},
        {QStringLiteral("runs"), QStringLiteral("show"), QStringLiteral("1")},
        {QStringLiteral("runs"), QStringLiteral("delete"), QStringLiteral("1")},
        {QStringLiteral("resume"), QStringLiteral("--run"), QStringLiteral("1")},
        {QStringLiteral("table"), QStringLiteral("--all")},
        QStringList{QStringLiteral("train")} + tinyTrainArguments(),
    };
    for (const QStringList &command : commands) {
        const CliRun r = cliAsUser(command + QStringList{QStringLiteral("--store"), path}, m_home);
        QVERIFY2(r.exitCode > 0 && r.err.contains(QStringLiteral("column runs.notes is missing"))
                     && r.err.contains(QStringLiteral("damaged")) && !r.out.contains(QStringLiteral("created run")),
                 qPrintable(command.join(' ') + QStringLiteral(": ") + r.out + r.err));
        QCOMPARE(folderState(dir), before);
    }
}

void TstStoreCli::damagedValuesAreNamedNeverZero()
{
    const QString dir = freshDir(QStringLiteral("types"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    qint64 typed = 0, zombie = 0, times = 0;
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        typed = finishedRun(*s, QStringLiteral("typed"));
        zombie = *s->createRun(NewRun{});
        QVERIFY(s->setStatus(zombie, RunStatus::Running) && s->setStatus(zombie, RunStatus::Failed));
        times = finishedRun(*s, QStringLiteral("times"));
    }
    // 'abc' as a step and 'hello' as a value were read as 0; a status no Gatefold writes as failed
    // (resume then said "another process changed it"); infinite times as dates 292 million years off.
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE metrics SET step = 'abc' WHERE run_id = %1 AND step = 20").arg(typed)));
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE metrics SET value = 'hello' WHERE run_id = %1 AND step = 10").arg(typed)));
    const QString unchecked = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), unchecked);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("PRAGMA ignore_check_constraints = ON")));
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("UPDATE runs SET status = 'zombie' WHERE id = %1").arg(zombie)));
        db.close();
    }
    QSqlDatabase::removeDatabase(unchecked);
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE runs SET created = 9e999, started = -9e999 WHERE id = %1").arg(times)));
    QVERIFY(chmodPath(path, 0666));

    const CliRun list = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--store"), path}, m_home);
    QCOMPARE(list.exitCode, 1);
    const QString typedLine = list.out.split('\n').filter(QStringLiteral("typed")).value(0);
    QVERIFY2(typedLine.contains(QStringLiteral("finished")) && typedLine.contains(QStringLiteral("     10  -  ")),
             qPrintable(list.out));  // the highest whole step, and no top-1 (both points are damaged)
    QVERIFY2(list.out.split('\n').filter(QStringLiteral("  damaged  ")).size() == 1, qPrintable(list.out));
    for (const QString &expected : {QStringLiteral("step holds 'abc'"), QStringLiteral("value holds 'hello' (text), not a number"),
                                    QStringLiteral("status holds 'zombie'"), QStringLiteral("Nothing was changed")})
        QVERIFY2(list.err.contains(expected), qPrintable(expected + QStringLiteral(" not in: ") + list.err));

    const CliRun show = cliAsUser({QStringLiteral("runs"), QStringLiteral("show"), QString::number(times), QStringLiteral("--store"), path},
                                  m_home);
    QVERIFY2(show.exitCode == 0 && show.out.contains(QStringLiteral("created unknown (damaged value inf)"))
                 && show.out.contains(QStringLiteral("started unknown (damaged value -inf)"))
                 && !show.out.contains(QStringLiteral("292275")),
             qPrintable(show.out + show.err));

    const QStringList before = folderState(dir);
    const CliRun resume = cliAsUser({QStringLiteral("resume"), QStringLiteral("--run"), QString::number(zombie),
                                     QStringLiteral("--store"), path},
                                    m_home);
    QVERIFY2(resume.exitCode == 1 && resume.err.contains(QStringLiteral("damaged")) && resume.err.contains(QStringLiteral("zombie"))
                 && !resume.err.contains(QStringLiteral("same moment")),
             qPrintable(resume.out + resume.err));
    QCOMPARE(folderState(dir), before);
}

void TstStoreCli::controlCharactersNeverReachTheTerminal()
{
    const QString dir = freshDir(QStringLiteral("control"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    // A name with a line break broke the runs table: refused before a store is even made.
    const CliRun named = cliAsUser(QStringList{QStringLiteral("train"), QStringLiteral("--name"), QStringLiteral("a\nb"),
                                               QStringLiteral("--store"), path}
                                       + tinyTrainArguments(),
                                   m_home);
    QVERIFY2(named.exitCode == 2 && named.err.contains(QStringLiteral("--name: the run name 'a\\nb' holds a control character")),
             qPrintable(named.out + named.err));
    QVERIFY(QDir(dir).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System));
    // Notes may hold escape sequences (and a store written elsewhere, names too): shown escaped.
    qint64 id = 0, legacy = 0;
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        id = finishedRun(*s, QStringLiteral("noted"));
        QVERIFY(s->setNotes(id, QStringLiteral("see \x1b]0;pwned\x07\x1b[2J here\nsecond line")));
        legacy = finishedRun(*s, QStringLiteral("legacy"));
    }
    QVERIFY(sqlExec(path, QStringLiteral("UPDATE runs SET name = 'two' || char(10) || 'lines' || char(27) || '[31m' WHERE id = %1").arg(legacy)));
    QVERIFY(chmodPath(path, 0666));
    const CliRun show = cliAsUser({QStringLiteral("runs"), QStringLiteral("show"), QString::number(id), QStringLiteral("--store"), path},
                                  m_home);
    QVERIFY2(show.exitCode == 0 && show.out.contains(QStringLiteral("notes: see \\x1b]0;pwned\\x07\\x1b[2J here\\nsecond line")),
             qPrintable(show.out));
    const CliRun list = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--store"), path}, m_home);
    QVERIFY2(list.exitCode == 0 && list.out.contains(QStringLiteral("two\\nlines\\x1b[31m")), qPrintable(list.out));
    QCOMPARE(list.out.count('\n'), 3);  // the header and one line per run
    for (const CliRun &r : {show, list})
        for (const QChar c : r.out)
            QVERIFY2(c == QLatin1Char('\n') || !isControlCharacter(c), qPrintable(r.out));
}

void TstStoreCli::listingAMissingSweepSaysSo()
{
    const QString dir = freshDir(QStringLiteral("sweeps"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    qint64 sweep = 0;
    {
        QString error;
        auto s = RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        sweep = *s->createSweep(QStringLiteral("lr"), "{}");
        NewRun run;
        run.name = QStringLiteral("in the sweep");
        run.sweepId = sweep;
        QVERIFY(s->createRun(run));
    }
    const CliRun missing = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--sweep"), QStringLiteral("55"),
                                      QStringLiteral("--store"), path},
                                     m_home);
    QVERIFY2(missing.exitCode == 2 && missing.err.contains(QStringLiteral("there is no sweep 55")), qPrintable(missing.out + missing.err));
    const CliRun present = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--sweep"), QString::number(sweep),
                                      QStringLiteral("--store"), path},
                                     m_home);
    QVERIFY2(present.exitCode == 0 && present.out.contains(QStringLiteral("in the sweep")), qPrintable(present.out + present.err));
    const CliRun noStore = cliAsUser({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--sweep"), QStringLiteral("55"),
                                      QStringLiteral("--store"), dir + QStringLiteral("/none.sqlite")},
                                     m_home);
    QVERIFY2(noStore.exitCode == 2 && noStore.err.contains(QStringLiteral("there is no sweep 55")), qPrintable(noStore.out + noStore.err));
}

QTEST_GUILESS_MAIN(TstStoreCli)
#include "tst_storecli.moc"
