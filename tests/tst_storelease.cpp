// Who holds a run, on real SQLite files with real processes: a process's
// identity (pid + start token, so a reused pid is not its process), the owner
// a queued run gets, the exclusive claim of setStatus(Running), crash
// detection that never declares a live engine crashed however old its
// heartbeat (a SIGSTOPped child), records without a start token (only a
// Gatefold program behind the pid holds the run), heartbeats from the future,
// queued runs whose owner is gone, and adopting them.

#include <QtTest/QtTest>

#include "store/processid.h"
#include "store/runstore.h"

#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace gatefold::store;

namespace {

bool rawExec(const QString &path, const QString &sql)
{
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.exec(sql);
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return ok;
}

// Records `holder` as the process that holds (or owns) run `id`, with a heartbeat at `heartbeat`.
bool setHolder(const QString &path, qint64 id, const ProcessId &holder, double heartbeat)
{
    return rawExec(path, QStringLiteral("UPDATE runs SET pid = %1, host = '%2', pid_start = '%3', heartbeat = %4 "
                                        "WHERE id = %5")
                             .arg(holder.pid)
                             .arg(holder.host, holder.start)
                             .arg(heartbeat, 0, 'f', 3)
                             .arg(id));
}

// A real process that stays until killed.
struct Sleeper {
    QProcess process;
    Sleeper()
    {
        process.start(QStringLiteral("sleep"), {QStringLiteral("600")});
        process.waitForStarted();
    }
    ~Sleeper()
    {
        if (process.state() != QProcess::NotRunning) {
            ::kill(pid_t(process.processId()), SIGCONT);
            process.kill();
            process.waitForFinished();
        }
    }
    // A sleep that runs as `program` (a copy of sleep under another name).
    explicit Sleeper(const QString &program)
    {
        process.start(program, {QStringLiteral("600")});
        process.waitForStarted();
    }
    ProcessId id() const
    {
        const qint64 pid = process.processId();
        return {pid, QSysInfo::machineHostName(), processStartToken(pid)};
    }
};

// A child of this process that exits when told and is then left unreaped: a zombie, as a detached
// engine becomes under a PID 1 that never reaps (a container), or under a window that has not yet
// looked. Its pid exists (kill(pid, 0) succeeds) and /proc still shows its start time.
struct Zombie {
    pid_t pid = -1;
    int toChild = -1;
    Zombie()
    {
        int fds[2];
        if (::pipe(fds) != 0)
            return;
        pid = ::fork();
        if (pid == 0) {  // the child: wait for the parent to close the pipe, then exit
            ::close(fds[1]);
            char c;
            while (::read(fds[0], &c, 1) > 0) {
            }
            ::_exit(0);
        }
        ::close(fds[0]);
        toChild = fds[1];
    }
    ~Zombie()
    {
        if (toChild >= 0)
            ::close(toChild);
        if (pid > 0)
            ::waitpid(pid, nullptr, 0);
    }
    ProcessId id() const { return {pid, QSysInfo::machineHostName(), processStartToken(pid)}; }
    // Exits, and is not reaped: true once /proc says Z.
    bool die()
    {
        ::close(std::exchange(toChild, -1));
        for (int i = 0; i < 500; ++i) {
            QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
            if (stat.open(QIODevice::ReadOnly)) {
                const QByteArray text = stat.readAll();
                const int close = text.lastIndexOf(')');
                if (close >= 0 && text.size() > close + 2 && text.at(close + 2) == 'Z')
                    return true;
            }
            QThread::msleep(10);
        }
        return false;
    }
};

// A copy of sleep named `name` in `dir`: a program that looks like one of Gatefold's.
QString sleepNamed(const QString &dir, const QString &name)
{
    const QString copy = dir + QLatin1Char('/') + name;
    QFile::remove(copy);
    QFile::copy(QStandardPaths::findExecutable(QStringLiteral("sleep")), copy);
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther);
    return copy;
}

// The identity of a process that has exited.
ProcessId deadProcess()
{
    QProcess p;
    p.start(QStringLiteral("true"));
    p.waitForStarted();
    const qint64 pid = p.processId();  // 0 once it has finished
    p.waitForFinished();
    // Its start token as it would have been: any token with this boot and namespace.
    ProcessId me = currentProcessId();
    return {pid, me.host, QStringLiteral("1/") + me.start.section(QLatin1Char('/'), 1)};
}

std::unique_ptr<RunStore> openStore(const QString &path)
{
    QString error;
    auto store = RunStore::open(path, &error);
    if (!store)
        qWarning("open failed: %s", qPrintable(error));
    return store;
}

NewRun named(const char *name)
{
    NewRun r;
    r.name = QString::fromLatin1(name);
    return r;
}

} // namespace

class TstStoreLease : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void processIdentity();
    void createdRunIsOwnedByItsCreator();
    void claimIsExclusive();
    void crashedButAliveIsNotTaken();
    void liveEngineIsNeverDeclaredCrashed();
    void deadOrReusedPidIsCrashed();
    void zombieHolderIsDead();
    void otherHostsGoByHeartbeat();
    void pidWithoutStartTokenMustBeAnEngine();
    void orphanedQueuedRunsAndAdoption();
    void slurmRunsAreNobodysOrphans();

private:
    QString storePath(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }
    QTemporaryDir m_dir;
};

void TstStoreLease::processIdentity()
{
    const ProcessId me = currentProcessId();
    QCOMPARE(me.pid, QCoreApplication::applicationPid());
    QCOMPARE(me.host, QSysInfo::machineHostName());
    QCOMPARE(me.start.count(QLatin1Char('/')), 2);  // ticks / boot id / pid namespace
    QVERIFY(isCheckableHere(me));
    QVERIFY(isAliveHere(me));
    QCOMPARE(processStartToken(me.pid), me.start);

    // Start tokens count clock ticks (10 ms): a child started in this process's own tick would share
    // its token (seen once when this test ran first, at once). Let a few ticks pass first.
    QTest::qWait(50);
    Sleeper child;
    const ProcessId other = child.id();
    QVERIFY(isAliveHere(other));
    QVERIFY(other.start != me.start);
    // The same pid with another start token: the pid was reused by another process.
    QVERIFY(!isAliveHere({other.pid, other.host, me.start}));
    // Another host: not checkable here, never "alive here".
    const ProcessId elsewhere{other.pid, QStringLiteral("cluster-node-7"), other.start};
    QVERIFY(!isCheckableHere(elsewhere));
    QVERIFY(!isAliveHere(elsewhere));
    // Another pid namespace (a container): not checkable either.
    const ProcessId container{other.pid, other.host, other.start.section(QLatin1Char('/'), 0, 1) + "/pid:[1]"};
    QVERIFY(!isCheckableHere(container));
    // Another boot: checkable, and dead.
    const ProcessId beforeReboot{other.pid, other.host,
                                 other.start.section(QLatin1Char('/'), 0, 0) + "/00000000-0000-0000-0000-000000000000/"
                                     + other.start.section(QLatin1Char('/'), 2)};
    QVERIFY(isCheckableHere(beforeReboot));
    QVERIFY(!isAliveHere(beforeReboot));
    // A record from before schema 3 (no start token) cannot tell a reused pid from its engine: a
    // live pid counts only when it is this process or runs a Gatefold program.
    QVERIFY(!isAliveHere({other.pid, other.host, QString()}));
    QVERIFY(isAliveHere({me.pid, me.host, QString()}));

    const ProcessId dead = deadProcess();
    QVERIFY(dead.pid > 0);
    QVERIFY(isCheckableHere(dead));
    QVERIFY(!isAliveHere(dead));
    QVERIFY(!isAliveHere({dead.pid, dead.host, QString()}));
    QVERIFY(processStartToken(dead.pid).isEmpty());
}

void TstStoreLease::createdRunIsOwnedByItsCreator()
{
    auto store = openStore(storePath("owner.sqlite"));
    QVERIFY(store);
    const auto id = store->createRun(named("q"));
    QVERIFY(id);
    const auto r = store->run(*id);
    const ProcessId me = currentProcessId();
    QVERIFY(r->status == RunStatus::Queued);
    QCOMPARE(r->pid, me.pid);
    QCOMPARE(r->host, me.host);
    QCOMPARE(r->pidStart, me.start);
    QCOMPARE(r->heartbeat, 0.0);
    QVERIFY(store->orphanedQueuedRuns().empty());  // its owner (this process) lives
}

void TstStoreLease::claimIsExclusive()
{
    const QString path = storePath("claim.sqlite");
    auto first = openStore(path);
    auto second = openStore(path);  // another connection, as another engine would have
    QVERIFY(first && second);
    const qint64 id = *first->createRun(named("c"));
    QVERIFY2(first->setStatus(id, RunStatus::Running), qPrintable(first->lastError()));
    QVERIFY(!second->setStatus(id, RunStatus::Running));
    QVERIFY2(second->lastError().contains("cannot go from running to running"), qPrintable(second->lastError()));
    const auto r = second->run(id);
    QCOMPARE(r->pidStart, currentProcessId().start);
    QVERIFY(r->heartbeat > 0 && r->started > 0);
}

void TstStoreLease::crashedButAliveIsNotTaken()
{
    const QString path = storePath("alivecrashed.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 id = *store->createRun(named("held"));
    QVERIFY(store->setStatus(id, RunStatus::Running));
    auto engine = std::make_unique<Sleeper>();
    // An older build (or another host's rule) marked it crashed while its engine lived on.
    QVERIFY(setHolder(path, id, engine->id(), 1000));
    QVERIFY(rawExec(path, QStringLiteral("UPDATE runs SET status = 'crashed' WHERE id = %1").arg(id)));
    QVERIFY(!store->setStatus(id, RunStatus::Running));
    QVERIFY2(store->lastError().contains("still alive") && store->lastError().contains(QString::number(engine->id().pid)),
             qPrintable(store->lastError()));
    QVERIFY(store->run(id)->status == RunStatus::Crashed);
    engine.reset();  // now it is gone: the run may be resumed
    QVERIFY2(store->setStatus(id, RunStatus::Running), qPrintable(store->lastError()));
    QCOMPARE(store->run(id)->pid, QCoreApplication::applicationPid());
}

void TstStoreLease::liveEngineIsNeverDeclaredCrashed()
{
    const QString path = storePath("stopped.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 id = *store->createRun(named("evaluating for hours"));
    QVERIFY(store->setStatus(id, RunStatus::Running));
    Sleeper engine;
    QVERIFY(::kill(pid_t(engine.process.processId()), SIGSTOP) == 0);  // stopped, as with Ctrl-Z
    QVERIFY(setHolder(path, id, engine.id(), 1000));                   // last heartbeat decades ago
    QVERIFY(store->markCrashedRuns(1.0).empty());
    QVERIFY(store->run(id)->status == RunStatus::Running);
    // Our own run with an old heartbeat: alive too.
    const qint64 mine = *store->createRun(named("mine"));
    QVERIFY(store->setStatus(mine, RunStatus::Running));
    QVERIFY(rawExec(path, QStringLiteral("UPDATE runs SET heartbeat = 1000 WHERE id = %1").arg(mine)));
    QVERIFY(store->markCrashedRuns(1.0).empty());
    QVERIFY(store->run(mine)->status == RunStatus::Running);
}

void TstStoreLease::deadOrReusedPidIsCrashed()
{
    const QString path = storePath("dead.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 gone = *store->createRun(named("gone"));
    const qint64 reused = *store->createRun(named("reused"));
    const qint64 legacy = *store->createRun(named("schema 2 record of a live pid that runs no Gatefold program"));
    for (qint64 id : {gone, reused, legacy})
        QVERIFY(store->setStatus(id, RunStatus::Running));
    const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000;
    QVERIFY(setHolder(path, gone, deadProcess(), now));  // fresh heartbeat: the pid decides here
    Sleeper stranger;
    ProcessId reusedId = stranger.id();
    reusedId.start = currentProcessId().start;  // the pid exists, but belongs to another process
    QVERIFY(setHolder(path, reused, reusedId, now));
    QVERIFY(setHolder(path, legacy, {stranger.id().pid, stranger.id().host, QString()}, now));
    auto marked = store->markCrashedRuns(3600);
    std::sort(marked.begin(), marked.end());
    QCOMPARE(marked, (std::vector<qint64>{gone, reused, legacy}));
    QVERIFY2(store->run(gone)->message.contains("is gone"), qPrintable(store->run(gone)->message));
    QVERIFY2(store->run(reused)->message.contains("another process"), qPrintable(store->run(reused)->message));
    QVERIFY2(store->run(legacy)->message.contains("another process"), qPrintable(store->run(legacy)->message));
}

// An engine that exited and was never reaped holds nothing: its running run is crashed (and said so,
// not "another process"), a queued run it owned is an orphan a queue may adopt. Everything that asks
// whether a holder lives agrees (the window, `gatefold-cli queue`, the store): a queue handed runs by
// a window whose engines became zombies was left waiting for them for ever.
void TstStoreLease::zombieHolderIsDead()
{
    const QString path = storePath("zombie-holder.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 training = *store->createRun(named("trained by the zombie"));
    const qint64 queued = *store->createRun(named("queued by the zombie"));
    QVERIFY(store->setStatus(training, RunStatus::Running));
    Zombie zombie;
    QVERIFY(zombie.pid > 0);
    const ProcessId holder = zombie.id();
    QVERIFY(!holder.start.isEmpty());
    QVERIFY(isAliveHere(holder));  // alive, before it exits
    const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000;
    QVERIFY(setHolder(path, training, holder, now));
    QVERIFY(setHolder(path, queued, holder, now));
    QVERIFY(store->orphanedQueuedRuns().empty());
    QVERIFY(store->markCrashedRuns(3600).empty());

    QVERIFY2(zombie.die(), "the child did not become a zombie");
    QCOMPARE(::kill(zombie.pid, 0), 0);  // its pid still exists
    QCOMPARE(processStartToken(zombie.pid), holder.start);  // with the same start time
    QVERIFY(!isAliveHere(holder));
    const auto orphans = store->orphanedQueuedRuns();
    QCOMPARE(orphans.size(), size_t(1));
    QCOMPARE(orphans.front().id, queued);
    QCOMPARE(store->markCrashedRuns(3600), std::vector<qint64>{training});
    const QString message = store->run(training)->message;
    QVERIFY2(message.contains("has exited") && !message.contains("another process"), qPrintable(message));
    QVERIFY(store->adoptRuns({queued}));
}

void TstStoreLease::otherHostsGoByHeartbeat()
{
    const QString path = storePath("hosts.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 stale = *store->createRun(named("stale"));
    const qint64 fresh = *store->createRun(named("fresh"));
    for (qint64 id : {stale, fresh})
        QVERIFY(store->setStatus(id, RunStatus::Running));
    const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000;
    QVERIFY(setHolder(path, stale, {4242, QStringLiteral("cluster-node-7"), QStringLiteral("1/x/pid:[1]")}, 1000));
    QVERIFY(setHolder(path, fresh, {4242, QStringLiteral("cluster-node-8"), QStringLiteral("1/x/pid:[1]")}, now));
    QCOMPARE(store->markCrashedRuns(60), std::vector<qint64>{stale});
    QVERIFY(store->run(stale)->message.contains("cluster-node-7"));
    QVERIFY(store->run(fresh)->status == RunStatus::Running);
    // A heartbeat further ahead of this host's clock than the staleness allows (a clock set wrong,
    // a damaged value) shows nothing: the run is not kept for ever. Ahead within it: believed.
    const qint64 future = *store->createRun(named("ahead"));
    const qint64 skewed = *store->createRun(named("a little ahead"));
    for (qint64 id : {future, skewed})
        QVERIFY(store->setStatus(id, RunStatus::Running));
    QVERIFY(setHolder(path, future, {4242, QStringLiteral("cluster-node-9"), QStringLiteral("1/x/pid:[1]")}, 1e12));
    QVERIFY(setHolder(path, skewed, {4242, QStringLiteral("cluster-node-8"), QStringLiteral("1/x/pid:[1]")}, now + 30));
    QCOMPARE(store->markCrashedRuns(60), std::vector<qint64>{future});
    QVERIFY2(store->run(future)->message.contains("ahead of this host's clock"), qPrintable(store->run(future)->message));
    QVERIFY(store->run(skewed)->status == RunStatus::Running);
    QVERIFY(store->setStatus(future, RunStatus::Running));  // resumable now
}

void TstStoreLease::pidWithoutStartTokenMustBeAnEngine()
{
    // Records from before schema 3 have no start token. A live pid there is the engine only if it
    // runs a Gatefold program; any other process (the pid reused, pid 1) is not: crashed.
    const QString path = storePath("tokenless.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    Sleeper unrelated;
    Sleeper engine(sleepNamed(m_dir.path(), QStringLiteral("gatefold-cli")));
    QVERIFY(engine.process.processId() > 0);
    const qint64 reused = *store->createRun(named("its pid now runs sleep"));
    const qint64 alive = *store->createRun(named("its pid runs gatefold-cli"));
    for (qint64 id : {reused, alive})
        QVERIFY(store->setStatus(id, RunStatus::Running));
    QVERIFY(setHolder(path, reused, {unrelated.id().pid, unrelated.id().host, QString()}, 1000));
    QVERIFY(setHolder(path, alive, {engine.id().pid, engine.id().host, QString()}, 1000));
    QCOMPARE(store->markCrashedRuns(60), std::vector<qint64>{reused});
    QVERIFY2(store->run(reused)->message.contains("belongs to another process"), qPrintable(store->run(reused)->message));
    QVERIFY(store->run(alive)->status == RunStatus::Running);
    QVERIFY(store->setStatus(reused, RunStatus::Running));  // resumable
}

void TstStoreLease::orphanedQueuedRunsAndAdoption()
{
    const QString path = storePath("orphans.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    Sleeper window;  // another live process that queued runs (a window)
    const qint64 mine = *store->createRun(named("mine"));
    const qint64 deadOwner = *store->createRun(named("its window closed"));
    const qint64 noOwner = *store->createRun(named("queued before schema 3"));
    const qint64 liveOwner = *store->createRun(named("its window lives"));
    const qint64 elsewhere = *store->createRun(named("queued on another machine"));
    const qint64 deadAfterOrphan = *store->createRun(named("queued later by a closed window"));
    QVERIFY(setHolder(path, deadOwner, deadProcess(), 0));
    QVERIFY(rawExec(path, QStringLiteral("UPDATE runs SET pid = 0, host = '', pid_start = '' WHERE id = %1").arg(noOwner)));
    QVERIFY(setHolder(path, liveOwner, window.id(), 0));
    QVERIFY(setHolder(path, elsewhere, {4242, QStringLiteral("cluster-node-7"), QStringLiteral("1/x/pid:[1]")}, 0));
    QVERIFY(setHolder(path, deadAfterOrphan, deadProcess(), 0));
    std::vector<qint64> orphans;
    for (const auto &r : store->orphanedQueuedRuns())
        orphans.push_back(r.id);
    QCOMPARE(orphans, (std::vector<qint64>{deadOwner, noOwner, deadAfterOrphan}));  // oldest first
    Q_UNUSED(mine);

    // All or nothing: one run that belongs to a live process spoils the batch.
    const qint64 ownerBefore = store->run(deadOwner)->pid;
    QVERIFY(!store->adoptRuns({deadOwner, liveOwner}));
    QVERIFY2(store->lastError().contains("live process") && store->lastError().contains("nothing was adopted"),
             qPrintable(store->lastError()));
    QCOMPARE(store->run(deadOwner)->pid, ownerBefore);
    QVERIFY(!store->adoptRuns({elsewhere + 1000}));

    QVERIFY2(store->adoptRuns({deadOwner, noOwner}), qPrintable(store->lastError()));
    for (qint64 id : {deadOwner, noOwner}) {
        const auto r = store->run(id);
        QCOMPARE(r->pid, QCoreApplication::applicationPid());
        QCOMPARE(r->pidStart, currentProcessId().start);
        QVERIFY(r->status == RunStatus::Queued);
    }
    QCOMPARE(store->orphanedQueuedRuns().size(), size_t(1));
    // A run that is not queued cannot be adopted.
    QVERIFY(store->setStatus(mine, RunStatus::Running));
    QVERIFY(!store->adoptRuns({mine}));
    QVERIFY(store->lastError().contains("not queued"));
}

void TstStoreLease::slurmRunsAreNobodysOrphans()
{
    // A run submitted to Slurm stays queued after the submitting process exits, until its engine
    // starts on a node: no window or queue may take it for an orphan and start it here.
    const QString path = storePath("slurm.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 onSlurm = *store->createRun(named("waits for Slurm"));
    const qint64 orphan = *store->createRun(named("its window closed"));
    const ProcessId gone = deadProcess();
    QVERIFY(setHolder(path, onSlurm, gone, 0));  // the sweep that submitted it has exited
    QVERIFY(setHolder(path, orphan, gone, 0));
    QVERIFY2(store->recordSlurmJobs({{0, onSlurm, QStringLiteral("77_0"), QStringLiteral("/s/slurm-1.sbatch"),
                                      R"({"nodes":1})", 0}}),
             qPrintable(store->lastError()));
    std::vector<qint64> orphans;
    for (const auto &r : store->orphanedQueuedRuns())
        orphans.push_back(r.id);
    QCOMPARE(orphans, std::vector<qint64>{orphan});
    QVERIFY(!store->adoptRuns({orphan, onSlurm}));
    QVERIFY2(store->lastError().contains(QStringLiteral("waits for Slurm (job 77_0)")), qPrintable(store->lastError()));
    QCOMPARE(store->run(orphan)->pid, gone.pid);  // all or nothing
    // Its engine claims it as any engine does.
    QVERIFY(store->setStatus(onSlurm, RunStatus::Running));

    // A queued run is cancelled only while it is queued: an engine that claimed it keeps it.
    QVERIFY(!store->cancelQueuedRun(onSlurm, QStringLiteral("too late")));
    QVERIFY2(store->lastError().contains(QStringLiteral("running, not queued")), qPrintable(store->lastError()));
    QVERIFY(store->run(onSlurm)->status == RunStatus::Running);
    QVERIFY(store->cancelQueuedRun(orphan, QStringLiteral("cancelled in Slurm")));
    QVERIFY(store->run(orphan)->status == RunStatus::Cancelled);
    QCOMPARE(store->run(orphan)->message, QStringLiteral("cancelled in Slurm"));
    QVERIFY(store->run(orphan)->ended > 0);
}

QTEST_GUILESS_MAIN(TstStoreLease)
#include "tst_storelease.moc"
