// RunStore: the lifecycle of runs and who holds them. A queued run is owned
// by the process that created (or adopted) it; a running run is held by its
// engine, which claimed it with setStatus(Running) in one transaction. A
// holder on this host is identified by (pid, start token), so a reused pid is
// never mistaken for it and a live engine is never declared crashed, however
// long it has been silent (stopped, or busy in an evaluation).

#include "runstore.h"

#include "processid.h"
#include "storesql.h"
#include "storetransaction.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <set>

namespace gatefold::store {
namespace {

ProcessId holderOf(const RunRecord &r)
{
    return {r.pid, r.host, r.pidStart};
}

bool isMe(const ProcessId &id)
{
    const ProcessId me = currentProcessId();
    return id.pid == me.pid && id.host == me.host && (id.start.isEmpty() || id.start == me.start);
}

// Why the recorded holder of a run is dead, for the run's message.
QString whyDead(const ProcessId &id)
{
    const QString now = processStartToken(id.pid);
    if (now.isEmpty())
        return QStringLiteral("the engine process (pid %1) is gone").arg(id.pid);
    if (now == id.start)  // the same process, exited: a zombie nobody has reaped yet
        return QStringLiteral("the engine process (pid %1) has exited without ending the run (a zombie its "
                              "parent has not reaped)")
            .arg(id.pid);
    return QStringLiteral("the engine process (pid %1) is gone; that pid now belongs to another process").arg(id.pid);
}

} // namespace

bool RunStore::setStatus(qint64 id, RunStatus status, const QString &message)
{
    const QString what = QStringLiteral("cannot update run %1").arg(id);
    if (!prepareWrite(what))
        return false;
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began())
        return fail(what, transaction.error());
    const auto current = run(id);
    if (!current)
        return false;
    if (!current->damage.isEmpty())
        return fail(what, QStringLiteral("the run is damaged (%1), so it is left as it is: repair its record with "
                                         "sqlite3, or delete it (gatefold-cli runs delete %2)")
                              .arg(current->damage)
                              .arg(id));
    if (!isAllowedTransition(current->status, status))
        return fail(QStringLiteral("run %1 cannot go from %2 to %3").arg(id).arg(toString(current->status),
                                                                              toString(status)),
                    QStringLiteral("not a step of queued -> running -> finished | failed | cancelled | crashed"));
    const ProcessId holder = holderOf(*current);
    // The exclusive claim: a run marked crashed whose engine still lives here
    // (it was only silent) stays with that engine.
    if (status == RunStatus::Running && current->status == RunStatus::Crashed && !isMe(holder)
        && isAliveHere(holder))
        return fail(QStringLiteral("run %1 cannot be taken").arg(id),
                    QStringLiteral("its engine (pid %1 on %2) is still alive; wait for it to end, or stop it "
                                   "(kill %1) and try again")
                        .arg(holder.pid)
                        .arg(holder.host));
    QSqlQuery q(m_db);
    const double t = sql::now();
    if (status == RunStatus::Running) {
        const ProcessId me = currentProcessId();
        q.prepare(QStringLiteral("UPDATE runs SET status = 'running', started = CASE WHEN started = 0 THEN ? ELSE "
                                 "started END, ended = 0, heartbeat = ?, pid = ?, host = ?, pid_start = ?, "
                                 "message = coalesce(?, message) WHERE id = ? AND status = ? AND pid = ? AND "
                                 "pid_start = ?"));
        q.addBindValue(t);
        q.addBindValue(t);
        q.addBindValue(me.pid);
        q.addBindValue(sql::text(me.host));
        q.addBindValue(sql::text(me.start));
    } else {
        q.prepare(QStringLiteral("UPDATE runs SET status = ?, ended = ?, message = coalesce(?, message) "
                                 "WHERE id = ? AND status = ? AND pid = ? AND pid_start = ?"));
        q.addBindValue(toString(status));
        q.addBindValue(isTerminal(status) ? t : 0.0);
    }
    q.addBindValue(message.isNull() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(message));
    q.addBindValue(id);
    // Only the record read above: on PostgreSQL a concurrent claim that
    // committed first leaves no row to update here.
    q.addBindValue(toString(current->status));
    q.addBindValue(current->pid);
    q.addBindValue(sql::text(current->pidStart));
    if (!q.exec())
        return fail(what, q.lastError().text());
    if (q.numRowsAffected() != 1)
        return fail(what, QStringLiteral("another process changed it at the same moment; look at it again"));
    if (!transaction.commit())
        return fail(what, transaction.error());
    return true;
}

// Why the engine of a running run is gone, or empty while it may live.
QString RunStore::whyEngineGone(const RunRecord &r, double now, double staleSeconds)
{
    if (r.status != RunStatus::Running || !r.damage.isEmpty())  // a damaged record tells nothing reliable
        return {};
    const ProcessId holder = holderOf(r);
    if (isCheckableHere(holder))  // alive is alive, whatever its heartbeat (SIGSTOPped, or evaluating for hours)
        return isAliveHere(holder) ? QString() : whyDead(holder);
    // Another host goes by its heartbeat, believed within staleSeconds of this host's clock either
    // way: one further ahead (a clock set wrong, or a damaged value) would keep the run for ever.
    if (r.heartbeat - now > staleSeconds)
        return QStringLiteral("its heartbeat lies %1 s ahead of this host's clock (host %2: a clock set wrong, or a "
                              "damaged value), so it cannot show that the engine lives")
            .arg(r.heartbeat - now, 0, 'g', 6)
            .arg(r.host);
    if (now - r.heartbeat > staleSeconds)
        return QStringLiteral("no heartbeat for %1 s (host %2)").arg(now - r.heartbeat, 0, 'f', 0).arg(r.host);
    return {};
}

std::vector<qint64> RunStore::deadRuns(double staleSeconds)
{
    std::vector<qint64> out;
    const double t = sql::now();
    for (const auto &r : runs())
        if (!whyEngineGone(r, t, staleSeconds).isEmpty())
            out.push_back(r.id);
    return out;
}

std::vector<qint64> RunStore::markCrashedRuns(double staleSeconds)
{
    std::vector<qint64> crashed;
    if (m_readOnly)
        return crashed;  // reading only: a verdict would have to be written
    const double t = sql::now();
    for (const auto &r : runs()) {
        const QString why = whyEngineGone(r, t, staleSeconds);
        if (why.isEmpty())
            continue;
        if (!prepareWrite(QStringLiteral("cannot mark run %1 crashed").arg(r.id)))
            break;
        QSqlQuery q(m_db);
        // Only if nothing changed since it was read (a new claim, a fresh heartbeat).
        q.prepare(QStringLiteral("UPDATE runs SET status = 'crashed', ended = ?, message = ? WHERE id = ? AND "
                                 "status = 'running' AND pid = ? AND pid_start = ? AND heartbeat = ?"));
        q.addBindValue(t);
        q.addBindValue(why);
        q.addBindValue(r.id);
        q.addBindValue(r.pid);
        q.addBindValue(sql::text(r.pidStart));
        q.addBindValue(r.heartbeat);
        if (!q.exec())
            fail(QStringLiteral("cannot mark run %1 crashed").arg(r.id), q.lastError().text());
        else if (q.numRowsAffected() == 1)
            crashed.push_back(r.id);
    }
    return crashed;
}

std::set<qint64> RunStore::earlyStoppingSweeps()
{
    std::set<qint64> ids;
    if (m_schemaVersion < 6)
        return ids;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT id FROM sweeps WHERE search LIKE '%\"early_stop\"%'")))
        while (q.next())
            ids.insert(q.value(0).toLongLong());
    return ids;
}

std::vector<RunRecord> RunStore::orphanedQueuedRuns()
{
    std::vector<RunRecord> out;
    const auto onSlurm = latestSlurmJobs();  // Slurm starts those: nobody's orphans
    const std::set<qint64> earlyStopping = earlyStoppingSweeps();  // their controller starts them (sweep --continue)
    for (auto &r : runs()) {
        if (r.status != RunStatus::Queued || !r.damage.isEmpty() || onSlurm.count(r.id) || earlyStopping.count(r.sweepId))
            continue;
        const ProcessId owner = holderOf(r);
        if (owner.pid <= 0 || (isCheckableHere(owner) && !isAliveHere(owner)))
            out.push_back(std::move(r));
    }
    std::reverse(out.begin(), out.end());  // oldest first: the order they were queued in
    return out;
}

bool RunStore::adoptRuns(const std::vector<qint64> &ids)
{
    const QString what = QStringLiteral("cannot adopt the queued runs");
    if (!prepareWrite(what))
        return false;
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began())
        return fail(what, transaction.error());
    const ProcessId me = currentProcessId();
    for (qint64 id : ids) {
        const auto r = run(id);
        QString why;
        if (!r)
            why = QStringLiteral("there is no run %1").arg(id);
        else if (!r->damage.isEmpty())
            why = QStringLiteral("run %1 is damaged (%2)").arg(id).arg(r->damage);
        else if (r->status != RunStatus::Queued)
            why = QStringLiteral("run %1 is %2, not queued").arg(id).arg(toString(r->status));
        else if (!isMe(holderOf(*r)) && isAliveHere(holderOf(*r)))
            why = QStringLiteral("run %1 belongs to a live process (pid %2), which will start it").arg(id).arg(r->pid);
        else if (const auto job = slurmJobOf(id))
            why = QStringLiteral("run %1 waits for Slurm (job %2), which starts it; `gatefold-cli runs cancel %1` "
                                 "cancels it")
                      .arg(id)
                      .arg(*job);
        if (why.isEmpty()) {
            QSqlQuery q(m_db);
            q.prepare(QStringLiteral("UPDATE runs SET pid = ?, host = ?, pid_start = ? WHERE id = ? AND "
                                     "status = 'queued' AND pid = ? AND pid_start = ?"));
            q.addBindValue(me.pid);
            q.addBindValue(sql::text(me.host));
            q.addBindValue(sql::text(me.start));
            q.addBindValue(id);
            q.addBindValue(r->pid);
            q.addBindValue(sql::text(r->pidStart));
            if (!q.exec())
                why = q.lastError().text();
            else if (q.numRowsAffected() != 1)
                why = QStringLiteral("run %1 changed at the same moment").arg(id);
        }
        if (!why.isEmpty())
            return fail(what, why + QStringLiteral("; nothing was adopted"));
    }
    if (!transaction.commit())
        return fail(what, transaction.error());
    return true;
}

} // namespace gatefold::store
