// RunStore: runs (creating, reading, editing); their lifecycle is in runstorelease.cpp.

#include "runstore.h"

#include "processid.h"
#include "storesql.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace gatefold::store {

RunRecord RunStore::recordFrom(const QSqlQuery &q)
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
    r.pidStart = q.value(18).toString();
    return r;
}

QString RunStore::runColumns() const
{
    // A store of schema 2 opened read-only (not migrated) has no pid_start yet.
    return QStringLiteral("id, name, status, config, seed, device, versions, created, started, ended, heartbeat, pid, "
                          "host, coalesce(sweep_id, 0), coalesce(parent_id, 0), tags, notes, message, %1")
        .arg(m_schemaVersion >= 3 ? QStringLiteral("pid_start") : QStringLiteral("'' AS pid_start"));
}

std::optional<qint64> RunStore::createRun(const NewRun &run)
{
    if (!prepareWrite(QStringLiteral("cannot create the run")))
        return std::nullopt;
    // The creating process owns the queued run until an engine claims it
    // (setStatus Running); orphanedQueuedRuns() finds the runs whose owner is gone.
    const ProcessId me = currentProcessId();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO runs (name, status, config, seed, created, sweep_id, parent_id, tags, notes, "
                             "pid, host, pid_start) VALUES (?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"));
    q.addBindValue(sql::text(run.name));
    q.addBindValue(QString::fromUtf8(run.configJson.isNull() ? QByteArray("{}") : run.configJson));
    q.addBindValue(run.seed);
    q.addBindValue(sql::now());
    q.addBindValue(sql::idOrNull(run.sweepId));
    q.addBindValue(sql::idOrNull(run.parentId));
    q.addBindValue(sql::tagsJson(run.tags));
    q.addBindValue(sql::text(run.notes));
    q.addBindValue(me.pid);
    q.addBindValue(sql::text(me.host));
    q.addBindValue(sql::text(me.start));
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot create the run"), q.lastError().text());
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<RunRecord> RunStore::run(qint64 id)
{
    beforeRead();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE id = ?").arg(runColumns()));
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
    beforeRead();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE (? = 0 OR sweep_id = ?) ORDER BY id DESC")
                  .arg(runColumns()));
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
    if (!prepareWrite(QStringLiteral("cannot update run %1").arg(id)))
        return false;
    QString why;
    if (!updateColumn(m_db, id, "device", sql::text(device), &why) || !updateColumn(m_db, id, "versions", sql::text(versionsJson), &why))
        return fail(QStringLiteral("cannot update run %1").arg(id), why);
    return true;
}

bool RunStore::heartbeat(qint64 id)
{
    if (!prepareWrite(QStringLiteral("heartbeat of run %1").arg(id)))
        return false;
    QString why;
    return updateColumn(m_db, id, "heartbeat", sql::now(), &why) || fail(QStringLiteral("heartbeat of run %1").arg(id), why);
}

bool RunStore::setName(qint64 id, const QString &name)
{
    if (!prepareWrite(QStringLiteral("cannot rename run %1").arg(id)))
        return false;
    QString why;
    return updateColumn(m_db, id, "name", sql::text(name), &why) || fail(QStringLiteral("cannot rename run %1").arg(id), why);
}

bool RunStore::setTags(qint64 id, const QStringList &tags)
{
    if (!prepareWrite(QStringLiteral("cannot tag run %1").arg(id)))
        return false;
    QString why;
    return updateColumn(m_db, id, "tags", sql::tagsJson(tags), &why)
        || fail(QStringLiteral("cannot tag run %1").arg(id), why);
}

bool RunStore::setNotes(qint64 id, const QString &notes)
{
    if (!prepareWrite(QStringLiteral("cannot set the notes of run %1").arg(id)))
        return false;
    QString why;
    return updateColumn(m_db, id, "notes", sql::text(notes), &why)
        || fail(QStringLiteral("cannot set the notes of run %1").arg(id), why);
}

bool RunStore::deleteRun(qint64 id)
{
    if (!prepareWrite(QStringLiteral("cannot delete run %1").arg(id)))
        return false;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return fail(QStringLiteral("cannot delete run %1").arg(id), q.lastError().text());
    if (q.numRowsAffected() != 1)
        return fail(QStringLiteral("cannot delete run %1").arg(id), QStringLiteral("there is no such run"));
    return true;
}

} // namespace gatefold::store
