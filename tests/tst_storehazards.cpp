// SQLite's "How To Corrupt An SQLite Database File", hazard by hazard, against
// the run store with real files and real other processes (core/store/README.md
// has the table: hazard -> what we do -> the test here).

#include <QtTest/QtTest>

#include "storeprocs.h"

#include "store/runstore.h"
#include "store/sqlitefile.h"

#include <QTemporaryDir>

#include <sqlite3.h>

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

using namespace gatefold::store;
using namespace gatefold::test;

namespace {

std::unique_ptr<RunStore> openStore(const QString &path, OpenMode mode = OpenMode::ReadWrite)
{
    QString error;
    auto store = RunStore::open(path, &error, mode);
    if (!store)
        qWarning("open failed: %s", qPrintable(error));
    return store;
}

NewRun named(const QString &name)
{
    NewRun r;
    r.name = name;
    return r;
}

// What Qt's MIME sniffing (a QFileDialog, an icon provider) does to each file
// it shows: open, read the first bytes, close. The close() drops every POSIX
// lock this process holds on that file, SQLite's included.
void sniffLikeQt(const QString &path)
{
    char head[64];
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return;
    [[maybe_unused]] const ssize_t n = ::read(fd, head, sizeof head);
    ::close(fd);
}

// The names of the runs another process sees, one "id name status" a line.
QStringList seenByAnotherProcess(const QString &path)
{
    const auto r = runHelper({QStringLiteral("read"), path});
    return r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

bool seesRun(const QStringList &lines, const QString &name)
{
    return std::any_of(lines.begin(), lines.end(), [&](const QString &l) { return l.section(' ', 1, -2) == name; });
}

QStringList filesIn(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
}

} // namespace

class TstStoreHazards : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void locksDroppedByAnotherClose();
    void ourOwnSecondOpensKeepTheLocks();
    void aRunIsConfirmedWhereOthersReadIt();
    void droppedLocksAreTakenAgain();
    void renamedOrReplacedWhileInUse();
    void journalWithoutItsStoreIsNotReplayed();
    void killedWriterLosesNothingCommitted();
    void hardLinksRefusedSymlinksResolved();
    void networkFileSystemsRefused();
    void lowDescriptorsNeverHoldTheStore();
    void childrenDoNotInheritTheStore();
    void oneSqliteLibraryInTheProcess();
    void connectionSettingsAreTheSafeOnes();
    void checkpointsHoldTheWriteLock();

private:
    QString fresh(const char *name) const
    {
        const QString dir = m_dir.filePath(QString::fromLatin1(name));
        QDir().mkpath(dir);
        return dir + QStringLiteral("/runs.sqlite");
    }
    QTemporaryDir m_dir;
};

// §2.2: a close() elsewhere in our process cancels our POSIX locks; the next
// engine that closes the store believes it is the last one, checkpoints and
// deletes the -wal and -shm, and (before) the window went on writing into the
// deleted log: its writes never reached anyone, and on exit its stale log was
// folded back in (a deleted run came back).
void TstStoreHazards::locksDroppedByAnotherClose()
{
    const QString path = fresh("sniffed");
    auto window = openStore(path);
    QVERIFY(window);
    const qint64 doomed = *window->createRun(named("doomed"));
    const qint64 kept = *window->createRun(named("kept"));
    QVERIFY(QFileInfo::exists(path + "-wal"));
    for (const char *suffix : {"", "-wal", "-shm"})
        sniffLikeQt(path + QLatin1String(suffix));
    // A real engine opens the store, deletes a run and closes.
    const auto engine = runHelper({QStringLiteral("delete"), path, QString::number(doomed)});
    QCOMPARE(engine.exitCode, 0);
    // The hazard happened: the engine took itself for the last connection.
    QVERIFY2(!QFileInfo::exists(path + "-wal"), "the engine's close should have removed the log (locks dropped)");

    // The window writes on: it must reach the store every other process reads.
    QVERIFY2(window->setNotes(kept, QStringLiteral("edited in the window")), qPrintable(window->lastError()));
    const qint64 later = *window->createRun(named("queued-later"));
    QVERIFY(later > 0);
    QVERIFY2(window->confirmRun(later), qPrintable(window->lastError()));
    const QStringList seen = seenByAnotherProcess(path);
    QVERIFY2(seesRun(seen, QStringLiteral("queued-later")), qPrintable(seen.join('\n')));
    QVERIFY(!seesRun(seen, QStringLiteral("doomed")));
    QCOMPARE(sqlColumn(path, QStringLiteral("SELECT notes FROM runs WHERE id = %1").arg(kept)),
             QStringList{QStringLiteral("edited in the window")});
    // Closing the window brings nothing back.
    window.reset();
    const QStringList after = seenByAnotherProcess(path);
    QVERIFY2(!seesRun(after, QStringLiteral("doomed")) && seesRun(after, QStringLiteral("queued-later")),
             qPrintable(after.join('\n')));
    QCOMPARE(sqlColumn(path, QStringLiteral("PRAGMA integrity_check")), QStringList{QStringLiteral("ok")});
}

// §2.2, the instant after: a run written just before another process deleted
// the log under the window was folded into the store by that process; the
// window confirms it is there before it would start an engine. A run whose
// store vanished is not confirmed.
void TstStoreHazards::aRunIsConfirmedWhereOthersReadIt()
{
    const QString path = fresh("confirm");
    auto window = openStore(path);
    QVERIFY(window);
    QVERIFY(window->createRun(named("first")));
    const qint64 id = *window->createRun(named("written, then its log deleted"));
    for (const char *suffix : {"", "-wal", "-shm"})
        sniffLikeQt(path + QLatin1String(suffix));
    QCOMPARE(runHelper({QStringLiteral("create"), path, QStringLiteral("engine")}).exitCode, 0);
    QVERIFY(!QFileInfo::exists(path + "-wal"));
    QVERIFY2(window->confirmRun(id), qPrintable(window->lastError()));
    QVERIFY(seesRun(seenByAnotherProcess(path), QStringLiteral("written, then its log deleted")));
    const qint64 last = *window->createRun(named("then the store is deleted"));
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(path + QLatin1String(suffix));
    QVERIFY(!window->confirmRun(last));
    QVERIFY2(window->lastError().contains("did not reach the store") && window->lastError().contains("deleted"),
             qPrintable(window->lastError()));
}

// §2.2, before any harm: the next thing the window does after a close()
// dropped its locks takes them again, so the next engine to close the store
// sees it is not the last one and leaves the log alone.
void TstStoreHazards::droppedLocksAreTakenAgain()
{
    const QString path = fresh("relock");
    auto window = openStore(path);
    QVERIFY(window);
    const qint64 id = *window->createRun(named("window's"));
    for (const char *suffix : {"", "-wal", "-shm"})
        sniffLikeQt(path + QLatin1String(suffix));
    QThread::msleep(300);  // a dialog stays open a while; the locks are looked up every 250 ms
    QVERIFY(window->setNotes(id, QStringLiteral("touched after the dialog")));
    QCOMPARE(runHelper({QStringLiteral("create"), path, QStringLiteral("engine")}).exitCode, 0);
    QVERIFY2(QFileInfo::exists(path + "-wal"), "the engine took itself for the last connection: the locks were not taken again");
    QVERIFY(seesRun(seenByAnotherProcess(path), QStringLiteral("window's")));
}

// §2.2 from our own side: a second RunStore on the same file in this process
// (a probe, a read-only open, a short-lived store of a worker) must not drop
// the locks of the first one when it closes.
void TstStoreHazards::ourOwnSecondOpensKeepTheLocks()
{
    const QString path = fresh("secondopen");
    auto window = openStore(path);
    QVERIFY(window);
    QVERIFY(window->createRun(named("first")));
    for (int i = 0; i < 3; ++i) {
        auto other = openStore(path, i == 1 ? OpenMode::ReadOnly : OpenMode::ReadWrite);
        QVERIFY(other);
        QVERIFY(!other->runs().empty());
    }
    QString error;
    QVERIFY(!RunStore::open(path + "-missing/x.sqlite", &error, OpenMode::ReadOnly));
    // Another process opens and closes: the window still holds its locks, so the log stays.
    QCOMPARE(runHelper({QStringLiteral("create"), path, QStringLiteral("engine")}).exitCode, 0);
    QVERIFY2(QFileInfo::exists(path + "-wal"), "a close in this process dropped the window's locks");
    QVERIFY(window->createRun(named("second")));
    QVERIFY(seesRun(seenByAnotherProcess(path), QStringLiteral("second")));
}

// §2.4: a store renamed or deleted while open is not written into any more,
// and no new store is made in its place; one put in its place is written.
void TstStoreHazards::renamedOrReplacedWhileInUse()
{
    const QString path = fresh("renamed");
    const QString dir = QFileInfo(path).absolutePath();
    auto window = openStore(path);
    QVERIFY(window);
    QVERIFY(window->createRun(named("before the move")));
    QVERIFY(QFile::rename(path, dir + "/moved.sqlite"));  // the user's mv, without the -wal
    QVERIFY(!window->createRun(named("after the move")));
    QVERIFY2(window->lastError().contains("moved or deleted while in use"), qPrintable(window->lastError()));
    QVERIFY(!QFileInfo::exists(path));  // no new, empty store where it was
    QVERIFY(!window->runs().empty());   // what it read is still there to read
    window.reset();
    // The log was folded into the moved file on close: nothing was lost, and
    // what SQLite leaves at the old name (it keeps a moved file's log) is empty.
    QVERIFY(!QFileInfo::exists(path));
    QCOMPARE(QFileInfo(path + "-wal").exists() ? QFileInfo(path + "-wal").size() : 0, qint64(0));
    QVERIFY(seesRun(seenByAnotherProcess(dir + "/moved.sqlite"), QStringLiteral("before the move")));

    // Replaced by another store while open: the next write goes to the store now at the path.
    const QString other = fresh("replacement");
    QVERIFY(openStore(other) && true);
    QVERIFY(runHelper({QStringLiteral("create"), other, QStringLiteral("in the replacement")}).exitCode == 0);
    auto engine = openStore(dir + "/moved.sqlite");
    QVERIFY(engine);
    QVERIFY(engine->createRun(named("old store")));
    // mv over it (rename(2) replaces; QFile::rename would refuse).
    QVERIFY(::rename(QFile::encodeName(other).constData(), QFile::encodeName(dir + "/moved.sqlite").constData()) == 0);
    QVERIFY2(engine->createRun(named("written after the replacement")), qPrintable(engine->lastError()));
    const QStringList seen = seenByAnotherProcess(dir + "/moved.sqlite");
    QVERIFY2(seesRun(seen, QStringLiteral("in the replacement")) && seesRun(seen, QStringLiteral("written after the replacement"))
                 && !seesRun(seen, QStringLiteral("old store")),
             qPrintable(seen.join('\n')));
}

// §1.3/§1.4: a -wal whose store is gone is never read into a new store, and
// never deleted by us; a -wal left by a killed writer is recovered.
void TstStoreHazards::journalWithoutItsStoreIsNotReplayed()
{
    const QString path = fresh("orphanlog");
    const QString dir = QFileInfo(path).absolutePath();
    QProcess holder;  // a writer that is killed with its log open
    holder.start(storeHelperPath(), {QStringLiteral("hold"), path, QStringLiteral("60")});
    QVERIFY(holder.waitForReadyRead(30000));
    QVERIFY(holder.readAll().contains("holding"));
    ::kill(pid_t(holder.processId()), SIGKILL);
    holder.waitForFinished();
    QVERIFY(QFileInfo::exists(path + "-wal"));
    QVERIFY(QFile::rename(path, dir + "/elsewhere.sqlite"));  // the store moved without its log
    const QStringList before = filesIn(dir);
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains("runs.sqlite-wal") && error.contains("missing") && error.contains("Nothing was created"),
             qPrintable(error));
    QCOMPARE(filesIn(dir), before);
    // Put back beside its log, it opens with the killed writer's committed run.
    QVERIFY(QFile::rename(dir + "/elsewhere.sqlite", path));
    auto store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->runs().size(), size_t(1));
    QVERIFY(store->integrityOk());
}

// §3.2 with WAL and synchronous=NORMAL: a process killed after its commit loses nothing of it.
void TstStoreHazards::killedWriterLosesNothingCommitted()
{
    const QString path = fresh("killed");
    QProcess writer;
    writer.start(storeHelperPath(), {QStringLiteral("hold"), path, QStringLiteral("60")});
    QVERIFY(writer.waitForReadyRead(30000));
    ::kill(pid_t(writer.processId()), SIGKILL);
    writer.waitForFinished();
    QVERIFY(QFileInfo::exists(path + "-wal"));  // never checkpointed: the run lives only in the log
    const QStringList seen = seenByAnotherProcess(path);
    QVERIFY2(seesRun(seen, QStringLiteral("held")), qPrintable(seen.join('\n')));
    QCOMPARE(sqlColumn(path, QStringLiteral("PRAGMA integrity_check")), QStringList{QStringLiteral("ok")});
}

// §2.5: two names for one store mean two -wal files: a hard link is refused
// (read-only reading is harmless); a symlink is resolved to the one real name.
void TstStoreHazards::hardLinksRefusedSymlinksResolved()
{
    const QString path = fresh("links");
    const QString dir = QFileInfo(path).absolutePath();
    QVERIFY(openStore(path));
    QVERIFY(::link(QFile::encodeName(path).constData(), QFile::encodeName(dir + "/second-name.sqlite").constData()) == 0);
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains("2 hard links") && error.contains("-samefile") && error.contains(".backup"), qPrintable(error));
    QVERIFY(openStore(path, OpenMode::ReadOnly));
    QVERIFY(QFile::remove(dir + "/second-name.sqlite"));

    const QString linkDir = m_dir.filePath("elsewhere");
    QVERIFY(QDir().mkpath(linkDir));
    QVERIFY(QFile::link(path, linkDir + "/link.sqlite"));
    auto viaLink = openStore(linkDir + "/link.sqlite");
    QVERIFY(viaLink);
    QCOMPARE(viaLink->path(), QFileInfo(path).canonicalFilePath());
    QVERIFY(viaLink->createRun(named("through the link")));
    QVERIFY(QFileInfo::exists(path + "-wal"));                       // the log is beside the real file
    QVERIFY(!QFileInfo::exists(linkDir + "/link.sqlite-wal"));       // not beside the link
    const QStringList seenLink = seenByAnotherProcess(path);
    QVERIFY2(seesRun(seenLink, QStringLiteral("through the link")), qPrintable(seenLink.join(QLatin1Char('\n'))));
}

// §2.1: SQLite's locks and the WAL index do not work across machines.
void TstStoreHazards::networkFileSystemsRefused()
{
    // The detection reads the real file system type.
    QCOMPARE(sqlitefile::fileSystemName(sqlitefile::fileSystemType(QStringLiteral("/proc"))), QStringLiteral("proc"));
    if (QFileInfo(QStringLiteral("/dev/shm")).isDir() && sqlitefile::fileSystemType(QStringLiteral("/dev/shm")) == 0x01021994)
        QVERIFY(!sqlitefile::networkFileSystem(QStringLiteral("/dev/shm")));
    QVERIFY(!sqlitefile::networkFileSystem(m_dir.path()));
    // No NFS or SMB server can be mounted here: the refusal is tested with the
    // file system type given by a test seam (NFS's f_type, 0x6969).
    const QString path = fresh("nfs");
    QVERIFY(openStore(path));
    sqlitefile::pretendFileSystemForTests(0x6969);
    QString error;
    const bool opened = bool(RunStore::open(path, &error));
    const bool created = bool(RunStore::open(fresh("nfs-new"), &error));
    auto reader = openStore(path, OpenMode::ReadOnly);
    sqlitefile::pretendFileSystemForTests(0);
    QVERIFY(!opened && !created);
    QVERIFY2(error.contains("nfs file system") && error.contains("postgresql://"), qPrintable(error));
    QVERIFY(!QFileInfo::exists(fresh("nfs-new")));
    QVERIFY(reader);  // reading only is harmless
}

// §1.1: a descriptor closed and reused: SQLite never puts a store on 0, 1 or 2,
// so a process started with them closed cannot print into its store.
void TstStoreHazards::lowDescriptorsNeverHoldTheStore()
{
    const QString path = fresh("lowfds");
    QProcess p;
    p.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("exec \"$0\" create \"$1\" printed-to-closed-fds "
                                                                       "0<&- 1>&- 2>&-"),
                                  storeHelperPath(), path});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(sqlColumn(path, QStringLiteral("PRAGMA integrity_check")), QStringList{QStringLiteral("ok")});
    QCOMPARE(sqlColumn(path, QStringLiteral("SELECT name FROM runs")), QStringList{"printed-to-closed-fds"});
}

// §2.6: children (QProcess: fork + exec) get none of our store's descriptors,
// so nothing the child does (or its exit) touches our connection.
void TstStoreHazards::childrenDoNotInheritTheStore()
{
    const QString path = fresh("fork");
    auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->createRun(named("open while forking")));
    const auto child = runHelper({QStringLiteral("fds")});
    QCOMPARE(child.exitCode, 0);
    QVERIFY2(!child.out.contains(QStringLiteral("runs.sqlite")), qPrintable(child.out));
}

// §2.2 (several copies of SQLite): the work-around for POSIX locks lives in one
// library's list of open files; Qt's plugin and the store must use the same one.
void TstStoreHazards::oneSqliteLibraryInTheProcess()
{
    auto store = openStore(fresh("onelib"));
    QVERIFY(store);
    QFile maps(QStringLiteral("/proc/self/maps"));
    QVERIFY(maps.open(QIODevice::ReadOnly));
    QSet<QString> libraries;
    for (const QByteArray &line : maps.readAll().split('\n'))
        if (line.contains("libsqlite"))
            libraries.insert(QString::fromUtf8(line.mid(line.indexOf('/'))));
    QCOMPARE(libraries.size(), 1);
    QVERIFY2(libraries.values().first().contains(QStringLiteral("libsqlite3.so")), qPrintable(libraries.values().first()));
    QCOMPARE(store->connectionSetting(QStringLiteral("vfs")), QStringLiteral("unix"));
    QCOMPARE(QString::fromLatin1(sqlite3_libversion()),
             sqlColumn(store->path(), QStringLiteral("SELECT sqlite_version()")).value(0));
}

// §2.3, §3.2, §5, §7: every connection uses POSIX locks (the unix VFS, as
// sqlite3 and every other program does), WAL with synchronous NORMAL (never
// OFF), no memory-mapped I/O, normal locking, no writable schema.
void TstStoreHazards::connectionSettingsAreTheSafeOnes()
{
    auto store = openStore(fresh("settings"));
    QVERIFY(store);
    QCOMPARE(store->connectionSetting("vfs"), QStringLiteral("unix"));
    QCOMPARE(store->connectionSetting("journal_mode"), QStringLiteral("wal"));
    QCOMPARE(store->connectionSetting("synchronous"), QStringLiteral("1"));  // NORMAL
    QCOMPARE(store->connectionSetting("mmap_size"), QStringLiteral("0"));
    QCOMPARE(store->connectionSetting("locking_mode"), QStringLiteral("normal"));
    QCOMPARE(store->connectionSetting("writable_schema"), QStringLiteral("0"));
    QCOMPARE(store->connectionSetting("foreign_keys"), QStringLiteral("1"));
}

// §8 (SQLite's WAL-reset bug, 3.7.0-3.51.2): SQLite's own automatic
// checkpoint is off on our connections and ours (FULL, under the write lock)
// keeps the log bounded instead.
void TstStoreHazards::checkpointsHoldTheWriteLock()
{
    const QString path = fresh("checkpoints");
    auto store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->connectionSetting("wal_autocheckpoint"), QStringLiteral("0"));  // a hook of our own
    const qint64 id = *store->createRun(named("many points"));
    qint64 largest = 0;
    for (int batch = 0; batch < 60; ++batch) {  // ~12 MB of points: 3000 pages and more
        std::vector<MetricPoint> points;
        for (int i = 0; i < 2000; ++i)
            points.push_back({QStringLiteral("train/loss"), batch * 2000 + i, 0, 0, double(i)});
        QVERIFY(store->addMetrics(id, points));
        largest = std::max(largest, QFileInfo(path + "-wal").size());
    }
    // Without a checkpoint the log would hold every page written; with ours it stays near 1000 pages.
    QVERIFY2(largest < 1600 * 4120, qPrintable(QStringLiteral("the log grew to %1 bytes").arg(largest)));
    QCOMPARE(store->metricSummary(id, "train/loss").count, qint64(120000));
}

QTEST_GUILESS_MAIN(TstStoreHazards)
#include "tst_storehazards.moc"
