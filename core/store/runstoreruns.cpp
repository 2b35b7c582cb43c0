// RunStore: runs and their lifecycle.

#include "runstore.h"

#include "storesql.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QVariant>

#include <cerrno>
#include <csignal>

namespace gatefold::store {
namespace {

bool processAlive(qint64 pid)
{
    if (pid <= 0)
        return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}

RunRecord recordFrom(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(0).toLongLong();
    r.name = q.value(1).toString();
    r.status = runStatusFromString(q.value(2).toString()).value_or(RunStatus::Failed);
    r.configJson = q.value(3).toString().toUtf8();
    r.seed = q.value(4).toLongLong();
    r.device = q.value(5).toString();
    r.versions = q.value(6).toString();
    r.created = q.value(7).toDouble();
    r.started = q.value(8).toDouble();
    r.ended = q.value(9).toDouble();
    r.heartbeat = q.value(10).toDouble();
    r.pid = q.value(11).toLongLong();
    r.host = q.value(12).toString();
    r.sweepId = q.value(13).toLongLong();
    r.parentId = q.value(14).toLongLong();
    r.tags = sql::tagsFromJson(q.value(15).toString());
    r.notes = q.value(16).toString();
    r.message = q.value(17).toString();
    return r;
}

const char *const kRunColumns = "id, name, status, config, seed, device, versions, created, started, ended, "
                                "heartbeat, pid, host, coalesce(sweep_id, 0), coalesce(parent_id, 0), tags, "
                                "notes, message";

} // namespace

std::optional<qint64> RunStore::createRun(const NewRun &run)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO runs (name, status, config, seed, created, sweep_id, parent_id, tags, notes) "
                             "VALUES (?, 'queued', ?, ?, ?, ?, ?, ?, ?) RETURNING id"));
    q.addBindValue(sql::text(run.name));
    q.addBindValue(QString::fromUtf8(run.configJson.isNull() ? QByteArray("{}") : run.configJson));
    q.addBindValue(run.seed);
    q.addBindValue(sql::now());
    q.addBindValue(sql::idOrNull(run.sweepId));
    q.addBindValue(sql::idOrNull(run.parentId));
    q.addBindValue(sql::tagsJson(run.tags));
    q.addBindValue(sql::text(run.notes));
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot create the run"), q.lastError().text());
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<RunRecord> RunStore::run(qint64 id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE id = ?").arg(QLatin1String(kRunColumns)));
    q.addBindValue(id);
    if (!q.exec()) {
        fail(QStringLiteral("cannot read run %1").arg(id), q.lastError().text());
        return std::nullopt;
    }
    if (!q.next()) {
        fail(QStringLiteral("cannot read run %1").arg(id), QStringLiteral("there is no such run"));
        return std::nullopt;
    }
    return recordFrom(q);
}

std::vector<RunRecord> RunStore::runs(qint64 sweepId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE (? = 0 OR sweep_id = ?) ORDER BY id DESC")
                  .arg(QLatin1String(kRunColumns)));
    q.addBindValue(sweepId);
    q.addBindValue(sweepId);
    std::vector<RunRecord> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot list runs"), q.lastError().text());
        return out;
    }
    while (q.next())
        out.push_back(recordFrom(q));
    return out;
}

bool RunStore::setStatus(qint64 id, RunStatus status, const QString &message)
{
    if (!sql::beginWrite(m_db, m_dialect))
        return fail(QStringLiteral("cannot update run %1").arg(id), m_db.lastError().text());
    const auto current = run(id);
    if (!current) {
        m_db.rollback();
        return false;
    }
    if (!isAllowedTransition(current->status, status)) {
        m_db.rollback();
        return fail(QStringLiteral("run %1 cannot go from %2 to %3").arg(id).arg(toString(current->status),
                                                                              toString(status)),
                    QStringLiteral("not a step of queued -> running -> finished | failed | cancelled | crashed"));
    }
    QSqlQuery q(m_db);
    const double t = sql::now();
    if (status == RunStatus::Running) {
        q.prepare(QStringLiteral("UPDATE runs SET status = 'running', started = CASE WHEN started = 0 THEN ? ELSE "
                                 "started END, ended = 0, heartbeat = ?, pid = ?, host = ?, "
                                 "message = coalesce(?, message) WHERE id = ?"));
        q.addBindValue(t);
        q.addBindValue(t);
        q.addBindValue(QCoreApplication::applicationPid());
        q.addBindValue(QSysInfo::machineHostName());
    } else {
        q.prepare(QStringLiteral("UPDATE runs SET status = ?, ended = ?, message = coalesce(?, message) "
                                 "WHERE id = ?"));
        q.addBindValue(toString(status));
        q.addBindValue(isTerminal(status) ? t : 0.0);
    }
    q.addBindValue(message.isNull() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(message));
    q.addBindValue(id);
    if (!q.exec() || !m_db.commit()) {
        const QString why = q.lastError().isValid() ? q.lastError().text() : m_db.lastError().text();
        m_db.rollback();
        return fail(QStringLiteral("cannot update run %1").arg(id), why);
    }
    return true;
}

namespace {

bool updateColumn(QSqlDatabase &db, qint64 id, const char *column, const QVariant &value, QString *why)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET %1 = ? WHERE id = ?").arg(QLatin1String(column)));
    q.addBindValue(value);
    q.addBindValue(id);
    if (!q.exec()) {
        *why = q.lastError().text();
        return false;
    }
    if (q.numRowsAffected() != 1) {
        *why = QStringLiteral("there is no such run");
        return false;
    }
    return true;
}

} // namespace

bool RunStore::setRuntime(qint64 id, const QString &device, const QString &versionsJson)
{
    QString why;
    if (!updateColumn(m_db, id, "device", sql::text(device), &why) || !updateColumn(m_db, id, "versions", sql::text(versionsJson), &why))
        return fail(QStringLiteral("cannot update run %1").arg(id), why);
    return true;
}

bool RunStore::heartbeat(qint64 id)
{
    QString why;
    return updateColumn(m_db, id, "heartbeat", sql::now(), &why) || fail(QStringLiteral("heartbeat of run %1").arg(id), why);
}

bool RunStore::setName(qint64 id, const QString &name)
{
    QString why;
    return updateColumn(m_db, id, "name", sql::text(name), &why) || fail(QStringLiteral("cannot rename run %1").arg(id), why);
}

bool RunStore::setTags(qint64 id, const QStringList &tags)
{
    QString why;
    return updateColumn(m_db, id, "tags", sql::tagsJson(tags), &why)
        || fail(QStringLiteral("cannot tag run %1").arg(id), why);
}

bool RunStore::setNotes(qint64 id, const QString &notes)
{
    QString why;
    return updateColumn(m_db, id, "notes", sql::text(notes), &why)
        || fail(QStringLiteral("cannot set the notes of run %1").arg(id), why);
}

bool RunStore::deleteRun(qint64 id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return fail(QStringLiteral("cannot delete run %1").arg(id), q.lastError().text());
    if (q.numRowsAffected() != 1)
        return fail(QStringLiteral("cannot delete run %1").arg(id), QStringLiteral("there is no such run"));
    return true;
}

std::vector<qint64> RunStore::markCrashedRuns(double staleSeconds)
{
    std::vector<qint64> crashed;
    const QString host = QSysInfo::machineHostName();
    const double t = sql::now();
    for (const auto &r : runs()) {
        if (r.status != RunStatus::Running)
            continue;
        const bool here = r.host == host;
        QString why;
        if (here && !processAlive(r.pid))
            why = QStringLiteral("the engine process (pid %1) is gone").arg(r.pid);
        else if (t - r.heartbeat > staleSeconds)
            why = QStringLiteral("no heartbeat for %1 s (host %2)").arg(qint64(t - r.heartbeat)).arg(r.host);
        if (why.isEmpty())
            continue;
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral("UPDATE runs SET status = 'crashed', ended = ?, message = ? "
                                 "WHERE id = ? AND status = 'running'"));
        q.addBindValue(t);
        q.addBindValue(why);
        q.addBindValue(r.id);
        if (q.exec() && q.numRowsAffected() == 1)
            crashed.push_back(r.id);
    }
    return crashed;
}

} // namespace gatefold::store
