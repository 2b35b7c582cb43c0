// RunStore: runs (creating, reading, editing); their lifecycle is in runstorelease.cpp.

#include "runstore.h"

#include "processid.h"
#include "storedamage.h"
#include "storesql.h"
#include "storetext.h"
#include "storetransaction.h"

#include <QDir>
#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <cerrno>
#include <sys/stat.h>

namespace gatefold::store {

namespace {

// The numeric columns of runs, where runColumns() selects them.
const damage::TypedColumns &runNumbers()
{
    using damage::Kind;
    static const damage::TypedColumns columns = {
        {"seed", Kind::Integer, 4},      {"created", Kind::Real, 7},  {"started", Kind::Real, 8},
        {"ended", Kind::Real, 9},        {"heartbeat", Kind::Real, 10}, {"pid", Kind::Integer, 11},
        {"sweep_id", Kind::IntegerOrNull, 13}, {"parent_id", Kind::IntegerOrNull, 14}};
    return columns;
}

} // namespace

RunRecord RunStore::recordFrom(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(0).toLongLong();
    r.name = q.value(1).toString();
    r.configJson = q.value(3).toString().toUtf8();
    r.device = q.value(5).toString();
    r.versions = q.value(6).toString();
    r.host = q.value(12).toString();
    r.tags = sql::tagsFromJson(q.value(15).toString());
    r.notes = q.value(16).toString();
    r.message = q.value(17).toString();
    r.pidStart = q.value(18).toString();
    QStringList problems;
    const auto status = runStatusFromString(q.value(2).toString());
    if (!status)  // a CHECK constraint removed by hand, or a value written around it
        problems << QStringLiteral("status holds '%1', which is not a status Gatefold writes (queued, running, "
                                 "finished, failed, cancelled, crashed)")
                      .arg(escapedForTerminal(q.value(2).toString().left(40)));
    r.status = status.value_or(RunStatus::Failed);  // never moved along: setStatus refuses a damaged run
    const QString bad = damage::badValues(q, 19, runNumbers());
    if (!bad.isEmpty())
        problems << bad;
    r.damage = problems.join(QStringLiteral("; "));
    // A damaged field stays at its default: the record says so, rather than holding a 0 as if read.
    const QStringList badNames = q.value(19).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const auto number = [&](int at) {
        for (const auto &c : runNumbers())
            if (c.at == at && badNames.contains(QLatin1String(c.name)))
                return QVariant();
        return q.value(at);
    };
    r.seed = number(4).toLongLong();
    r.created = number(7).toDouble();
    r.started = number(8).toDouble();
    r.ended = number(9).toDouble();
    r.heartbeat = number(10).toDouble();
    r.pid = number(11).toLongLong();
    r.sweepId = number(13).toLongLong();
    r.parentId = number(14).toLongLong();
    return r;
}

QString RunStore::runColumns() const
{
    // A store of schema 2 opened read-only (not migrated) has no pid_start yet.
    return QStringLiteral("id, name, status, config, seed, device, versions, created, started, ended, heartbeat, pid, "
                          "host, coalesce(sweep_id, 0), coalesce(parent_id, 0), tags, notes, message, %1, %2")
        .arg(m_schemaVersion >= 3 ? QStringLiteral("pid_start") : QStringLiteral("'' AS pid_start"),
             damage::badColumnsSql(m_dialect, runNumbers()));
}

RunRecord RunStore::checkedRecord(const QSqlQuery &q)
{
    RunRecord r = recordFrom(q);
    if (!r.damage.isEmpty())
        noteDamage(QStringLiteral("run %1: %2").arg(r.id).arg(r.damage));
    return r;
}

namespace {

// Anything at `path` (a folder, a file, a link, a dangling link), or a path that cannot be looked at.
bool somethingAt(const QString &path)
{
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 || errno != ENOENT;
}

} // namespace

std::optional<qint64> RunStore::nextRunId(QString *why)
{
    // Inside the caller's write transaction: above every id ever given (run_ids, schema 4), so a
    // deleted run's id and folder are never handed on; and past any id whose folder runs/<id>/
    // is already there (a store an older Gatefold gave an id twice, files put there by hand): a
    // new run never starts among files it did not write, which its engine would take for its own.
    QSqlQuery q(m_db);
    q.prepare(adapt("UPDATE run_ids SET last = {greatest}(last, (SELECT coalesce(max(id), 0) FROM runs)) + 1 "
                    "RETURNING last"));
    for (int skipped = 0; skipped < 1000; ++skipped) {
        if (!q.exec()) {
            *why = q.lastError().text();
            return std::nullopt;
        }
        if (!q.next()) {
            *why = QStringLiteral("its table run_ids is empty, so the store is damaged; restore it from a backup");
            return std::nullopt;
        }
        const qint64 id = q.value(0).toLongLong();
        q.finish();
        if (!somethingAt(runDirectory(id)))
            return id;
    }
    *why = QStringLiteral("1000 run ids in a row have a folder in %1 already (or it cannot be looked at); move "
                          "those folders away")
               .arg(QDir::toNativeSeparators(QDir(dataDirectory()).filePath(QStringLiteral("runs"))));
    return std::nullopt;
}

std::optional<qint64> RunStore::createRun(const NewRun &run)
{
    const QString what = QStringLiteral("cannot create the run");
    if (!prepareWrite(what))
        return std::nullopt;
    QString why = oneLineProblem(QStringLiteral("run name"), run.name);
    if (why.isEmpty())
        why = oneLineProblem(QStringLiteral("tag"), run.tags);
    if (!why.isEmpty()) {
        fail(what, why);
        return std::nullopt;
    }
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began()) {
        fail(what, transaction.error());
        return std::nullopt;
    }
    const auto id = nextRunId(&why);
    // The creating process owns the queued run until an engine claims it
    // (setStatus Running); orphanedQueuedRuns() finds the runs whose owner is gone.
    const ProcessId me = currentProcessId();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO runs (id, name, status, config, seed, created, sweep_id, parent_id, tags, "
                             "notes, pid, host, pid_start) VALUES (?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariant &v : {QVariant(id.value_or(0)), sql::text(run.name),
                              QVariant(QString::fromUtf8(run.configJson.isNull() ? QByteArray("{}") : run.configJson)),
                              QVariant(run.seed), QVariant(sql::now()), sql::idOrNull(run.sweepId),
                              sql::idOrNull(run.parentId), QVariant(sql::tagsJson(run.tags)), sql::text(run.notes),
                              QVariant(me.pid), sql::text(me.host), sql::text(me.start)})
        q.addBindValue(v);
    if (id && !q.exec())
        why = q.lastError().text();
    if (!id || !why.isEmpty() || !transaction.commit()) {
        fail(what, why.isEmpty() ? transaction.error() : why);
        return std::nullopt;
    }
    return id;
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
    return checkedRecord(q);
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
        out.push_back(checkedRecord(q));
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
    QString why = oneLineProblem(QStringLiteral("run name"), name);
    if (!why.isEmpty())
        return fail(QStringLiteral("cannot rename run %1").arg(id), why);
    return updateColumn(m_db, id, "name", sql::text(name), &why) || fail(QStringLiteral("cannot rename run %1").arg(id), why);
}

bool RunStore::setTags(qint64 id, const QStringList &tags)
{
    if (!prepareWrite(QStringLiteral("cannot tag run %1").arg(id)))
        return false;
    QString why = oneLineProblem(QStringLiteral("tag"), tags);
    if (!why.isEmpty())
        return fail(QStringLiteral("cannot tag run %1").arg(id), why);
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

bool RunStore::setEndedMessage(qint64 id, RunStatus status, const QString &message)
{
    const QString what = QStringLiteral("cannot set the message of run %1").arg(id);
    if (!prepareWrite(what))
        return false;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE runs SET message = ? WHERE id = ? AND status = ?"));
    q.addBindValue(sql::text(message));
    q.addBindValue(id);
    q.addBindValue(toString(status));
    if (!q.exec())
        return fail(what, q.lastError().text());
    return q.numRowsAffected() == 1
        || fail(what, QStringLiteral("it is not %1 (any more), or there is no such run").arg(toString(status)));
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
