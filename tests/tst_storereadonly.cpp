// Refusals never write, and read-only stores read: a store refused (newer
// schema: closed, in use by a newer build, left by a killed one; another
// program's database: rollback or WAL, closed or in use; not SQLite; damaged)
// leaves its folder byte-identical, whether this process or another one asked,
// read-write or read-only. A valid store in a read-only folder or file opens
// read-only and reads (also through the log of a writer still at work), and
// read-write says plainly that it cannot be written, not "damaged". Run as a
// non-root user: when the test runs as root (which ignores permissions) its
// children drop to nobody with setpriv.

#include <QtTest/QtTest>

#include "storeprocs.h"

#include "store/runstore.h"
#include "store/storeschema.h"

#include <QCryptographicHash>
#include <QTemporaryDir>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace gatefold::store;
using namespace gatefold::test;

namespace {

// Every file of a folder: name, size, change time and the hash of its bytes.
// (Read with plain open/close: only while this process has no connection to them.)
QStringList folderState(const QString &dir)
{
    QStringList state;
    for (const QFileInfo &f : QDir(dir).entryInfoList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name)) {
        QFile file(f.absoluteFilePath());
        QByteArray hash = "unreadable";
        if (file.open(QIODevice::ReadOnly))
            hash = QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex().left(16);
        struct stat st {};
        ::stat(QFile::encodeName(f.absoluteFilePath()).constData(), &st);
        state << QStringLiteral("%1 %2 %3.%4 %5")
                     .arg(f.fileName())
                     .arg(f.size())
                     .arg(qint64(st.st_mtim.tv_sec))
                     .arg(qint64(st.st_mtim.tv_nsec))
                     .arg(QString::fromLatin1(hash));
    }
    return state;
}

// A process of another program (or a newer Gatefold) holding a database open.
struct Holder {
    QProcess process;
    bool start(const QString &path, const QStringList &sql)
    {
        process.start(storeHelperPath(), QStringList{QStringLiteral("raw"), path, QStringLiteral("120")} + sql);
        return process.waitForReadyRead(30000) && process.readAll().contains("holding");
    }
    void kill()
    {
        ::kill(pid_t(process.processId()), SIGKILL);
        process.waitForFinished();
    }
    ~Holder()
    {
        if (process.state() != QProcess::NotRunning)
            kill();
    }
};

bool chmodPath(const QString &path, mode_t mode)
{
    return ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

} // namespace

class TstStoreReadOnly : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void refusalsWriteNothing_data();
    void refusalsWriteNothing();
    void readOnlyFolder();
    void readOnlyFile();
    void readOnlyWhileTheOwnerWrites();
    void emptyFileReadsAsNoRuns();

private:
    QString freshDir(const QString &name)
    {
        const QString dir = m_dir.filePath(name);
        QDir().mkpath(dir);
        chmodPath(dir, 0777);
        return dir;
    }
    QTemporaryDir m_dir;
};

void TstStoreReadOnly::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(chmodPath(m_dir.path(), 0755));  // the non-root child must reach it
    if (!asNonRoot().isEmpty())
        qInfo("running as root: children run as nobody (setpriv) so that permissions apply");
}

void TstStoreReadOnly::refusalsWriteNothing_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    const QString newer = QStringLiteral("newer Gatefold");
    const QString notOurs = QStringLiteral("not a Gatefold run store");
    QTest::newRow("newer schema, closed") << "newer" << newer;
    QTest::newRow("newer schema, in use by a newer build") << "newer-live" << newer;
    QTest::newRow("newer schema, left by a killed newer build") << "newer-killed" << newer;
    QTest::newRow("another program's database") << "foreign" << notOurs;
    QTest::newRow("another program's WAL database") << "foreign-wal" << notOurs;
    QTest::newRow("another program's WAL database in use") << "foreign-live" << notOurs;
    QTest::newRow("text file") << "text" << notOurs;
    QTest::newRow("truncated SQLite header") << "truncated" << notOurs;
    QTest::newRow("damaged pages") << "damaged" << notOurs;
}

void TstStoreReadOnly::refusalsWriteNothing()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    const QString dir = freshDir(QStringLiteral("refuse-") + kind);
    const QString path = dir + QStringLiteral("/runs.sqlite");
    Holder holder;
    const QString newerVersion = QStringLiteral("PRAGMA user_version = %1").arg(currentSchemaVersion() + 7);
    if (kind.startsWith(QLatin1String("newer"))) {
        QString error;
        QVERIFY2(RunStore::open(path, &error), qPrintable(error));
        if (kind == QLatin1String("newer")) {
            QVERIFY(sqlExec(path, newerVersion));
        } else {
            QVERIFY(holder.start(path, {QStringLiteral("INSERT INTO sweeps (name, grid, created) VALUES ('n', '{}', 0)"),
                                        newerVersion}));
            if (kind == QLatin1String("newer-killed"))
                holder.kill();
        }
    } else if (kind == QLatin1String("foreign")) {
        QVERIFY(sqlExec(path, QStringLiteral("CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT)")));
    } else if (kind == QLatin1String("foreign-wal")) {
        QVERIFY(holder.start(path, {QStringLiteral("PRAGMA journal_mode = WAL"), QStringLiteral("CREATE TABLE t (x)")}));
        holder.process.kill();  // a clean exit would do too; killed leaves nothing to fold in here
        holder.process.waitForFinished();
        QVERIFY(sqlExec(path, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
    } else if (kind == QLatin1String("foreign-live")) {
        QVERIFY(holder.start(path, {QStringLiteral("PRAGMA journal_mode = WAL"), QStringLiteral("CREATE TABLE t (x)"),
                                    QStringLiteral("INSERT INTO t VALUES (1)")}));
    } else if (kind == QLatin1String("damaged")) {
        QString error;
        {
            auto store = RunStore::open(path, &error);
            QVERIFY2(store, qPrintable(error));
            for (int i = 0; i < 50; ++i) {
                NewRun run;
                run.name = QStringLiteral("run %1").arg(i);
                run.configJson = QByteArray(2000, 'x');
                store->createRun(run);
            }
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(4096));
        f.write(QByteArray(3 * 4096, '\x5a'));  // pages 2-4: the schema's tables, overwritten
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kind == QLatin1String("text") ? QByteArray("name,value\na,1\n") : QByteArray("SQLite format 3\0\x10\0", 19));
    }
    const QStringList before = folderState(dir);

    for (OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
        QString error;
        QVERIFY(!RunStore::open(path, &error, mode));
        QVERIFY2(error.contains(expected) && error.contains(QStringLiteral("runs.sqlite")), qPrintable(error));
        QCOMPARE(folderState(dir), before);
    }
    for (const char *command : {"open", "read"}) {
        const auto r = runHelper({QString::fromLatin1(command), path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(expected), qPrintable(r.out));
        QCOMPARE(folderState(dir), before);
    }
}

void TstStoreReadOnly::readOnlyFolder()
{
    const QString dir = freshDir(QStringLiteral("ro-folder"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    QCOMPARE(runHelper({QStringLiteral("create"), path, QStringLiteral("kept")}).exitCode, 0);
    QVERIFY(chmodPath(path, 0644));
    QVERIFY(chmodPath(dir, 0555));
    const QStringList before = folderState(dir);
    const auto read = runHelper({QStringLiteral("read"), path}, asNonRoot());
    QVERIFY2(read.exitCode == 0 && read.out.contains(QStringLiteral("1 kept queued")), qPrintable(read.out));
    const auto write = runHelper({QStringLiteral("create"), path, QStringLiteral("new")}, asNonRoot());
    QCOMPARE(write.exitCode, 1);
    QVERIFY2(write.out.contains(QStringLiteral("cannot be written here")) && write.out.contains(QStringLiteral("is not writable"))
                 && write.out.contains(dir) && !write.out.contains(QStringLiteral("damaged")),
             qPrintable(write.out));
    QCOMPARE(folderState(dir), before);
    QVERIFY(chmodPath(dir, 0777));
}

void TstStoreReadOnly::readOnlyFile()
{
    const QString dir = freshDir(QStringLiteral("ro-file"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    QCOMPARE(runHelper({QStringLiteral("create"), path, QStringLiteral("kept")}).exitCode, 0);
    QVERIFY(chmodPath(path, 0444));  // the folder stays writable (to everyone)
    const QStringList before = folderState(dir);
    const auto read = runHelper({QStringLiteral("read"), path}, asNonRoot());
    QVERIFY2(read.exitCode == 0 && read.out.contains(QStringLiteral("1 kept queued")), qPrintable(read.out));
    const auto write = runHelper({QStringLiteral("notes"), path, QStringLiteral("1"), QStringLiteral("x")}, asNonRoot());
    QCOMPARE(write.exitCode, 1);
    QVERIFY2(write.out.contains(QStringLiteral("the file is not writable")) && !write.out.contains(QStringLiteral("damaged")),
             qPrintable(write.out));
    QCOMPARE(folderState(dir), before);
}

// A store in a folder we may only read while its owner keeps writing to it:
// the committed runs in the owner's log are read, and no byte of the log or
// its index changes.
void TstStoreReadOnly::readOnlyWhileTheOwnerWrites()
{
    const QString dir = freshDir(QStringLiteral("ro-live"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    QProcess owner;
    owner.start(storeHelperPath(), {QStringLiteral("hold"), path, QStringLiteral("120")});
    QVERIFY(owner.waitForReadyRead(30000));
    QVERIFY(chmodPath(path, 0644));
    QVERIFY(chmodPath(path + QStringLiteral("-wal"), 0644));
    QVERIFY(chmodPath(path + QStringLiteral("-shm"), 0644));
    QVERIFY(chmodPath(dir, 0555));
    const QStringList before = folderState(dir);
    const auto read = runHelper({QStringLiteral("read"), path}, asNonRoot());
    QVERIFY2(read.exitCode == 0 && read.out.contains(QStringLiteral("1 held queued")), qPrintable(read.out));
    QCOMPARE(folderState(dir), before);
    // A writable folder and file, but the owner's log and index are not ours to write.
    QVERIFY(chmodPath(dir, 0777));
    QVERIFY(chmodPath(path, 0666));
    QVERIFY(chmodPath(path + QStringLiteral("-wal"), 0444));
    QVERIFY(chmodPath(path + QStringLiteral("-shm"), 0444));
    const auto write = runHelper({QStringLiteral("create"), path, QStringLiteral("new")}, asNonRoot());
    QCOMPARE(write.exitCode, 1);
    QVERIFY2(write.out.contains(QStringLiteral("runs.sqlite-")) && write.out.contains(QStringLiteral("is not writable"))
                 && !write.out.contains(QStringLiteral("damaged")),
             qPrintable(write.out));
    owner.kill();
    owner.waitForFinished();
}

QTEST_GUILESS_MAIN(TstStoreReadOnly)
#include "tst_storereadonly.moc"

// An empty runs.sqlite (its creator killed before the creation's one transaction committed) reads
// as a store with no runs, writes nothing while read, and is seen filled once a writer made it a
// store — by a reader that was open all along.
void TstStoreReadOnly::emptyFileReadsAsNoRuns()
{
    const QString dir = freshDir(QStringLiteral("empty-file"));
    const QString path = dir + QStringLiteral("/runs.sqlite");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    const QStringList before = folderState(dir);
    QString error;
    auto reader = RunStore::open(path, &error, OpenMode::ReadOnly);
    QVERIFY2(reader, qPrintable(error));
    QVERIFY(reader->isReadOnly());
    QVERIFY(reader->runs().empty());
    QVERIFY(!reader->run(1));
    NewRun refused;
    refused.name = QStringLiteral("not here");
    refused.configJson = "{}";
    QVERIFY(!reader->createRun(refused));  // read-only: nothing reaches the empty file
    QVERIFY2(reader->lastError().contains(QStringLiteral("empty file")), qPrintable(reader->lastError()));
    QCOMPARE(folderState(dir), before);
    const auto read = runHelper({QStringLiteral("read"), path});
    QCOMPARE(read.exitCode, 0);
    QCOMPARE(folderState(dir), before);
    // A writing command makes it a store; the open reader sees its run.
    QCOMPARE(runHelper({QStringLiteral("create"), path, QStringLiteral("made later")}).exitCode, 0);
    QTRY_COMPARE_WITH_TIMEOUT(int(reader->runs().size()), 1, 5000);
    QCOMPARE(reader->runs().front().name, QStringLiteral("made later"));
}
