// RunStore: the commit that makes a checkpoint count (contract C2 of issue 16).

#include "runstore.h"

#include "storesql.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <map>

namespace gatefold::store {
namespace {

// The metric rows and their metric_summary merge, inside the caller's
// transaction (the same SQL as addMetrics, one row per statement).
bool insertMetrics(QSqlDatabase &db, Dialect dialect, qint64 runId, const std::vector<MetricPoint> &points,
                   QString *why)
{
    if (points.empty())
        return true;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO metrics (run_id, key, step, epoch, wall, value) VALUES (?, ?, ?, ?, ?, ?)"));
    struct Batch {
        qint64 count = 0, lastStep = 0;
        double last = 0, min = 0, max = 0;
    };
    std::map<QString, Batch> batches;
    for (const auto &p : points) {
        for (const QVariant &v : {QVariant(runId), QVariant(p.key), QVariant(p.step), QVariant(p.epoch),
                                  QVariant(p.wall), QVariant(p.value)})
            q.addBindValue(v);
        if (!q.exec()) {
            *why = q.lastError().text();
            return false;
        }
        auto [it, fresh] = batches.try_emplace(p.key);
        Batch &b = it->second;
        if (fresh || p.value < b.min)
            b.min = p.value;
        if (fresh || p.value > b.max)
            b.max = p.value;
        if (fresh || p.step >= b.lastStep) {
            b.lastStep = p.step;
            b.last = p.value;
        }
        ++b.count;
    }
    QSqlQuery u(db);
    u.prepare(sql::adapt(QStringLiteral(
        "INSERT INTO metric_summary (run_id, key, count, last_step, last, min, max) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (run_id, key) DO UPDATE SET count = metric_summary.count + excluded.count, "
        "last = CASE WHEN excluded.last_step >= metric_summary.last_step THEN excluded.last "
        "ELSE metric_summary.last END, "
        "last_step = {greatest}(metric_summary.last_step, excluded.last_step), "
        "min = {least}(metric_summary.min, excluded.min), max = {greatest}(metric_summary.max, excluded.max)"),
                         dialect));
    for (const auto &[key, b] : batches) {
        for (const QVariant &v : {QVariant(runId), QVariant(key), QVariant(b.count), QVariant(b.lastStep),
                                  QVariant(b.last), QVariant(b.min), QVariant(b.max)})
            u.addBindValue(v);
        if (!u.exec()) {
            *why = u.lastError().text();
            return false;
        }
    }
    return true;
}

bool replaceRecord(QSqlDatabase &db, const Artifact &a, QString *why)
{
    QSqlQuery d(db);
    d.prepare(QStringLiteral("DELETE FROM artifacts WHERE run_id = ? AND kind = ?"));
    d.addBindValue(a.runId);
    d.addBindValue(a.kind);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO artifacts (run_id, kind, path, sha256, created, info) VALUES (?, ?, ?, ?, ?, ?)"));
    q.addBindValue(a.runId);
    q.addBindValue(a.kind);
    q.addBindValue(a.path);
    q.addBindValue(a.sha256);
    q.addBindValue(a.created > 0 ? a.created : sql::now());
    q.addBindValue(a.infoJson.isEmpty() ? QStringLiteral("{}") : QString::fromUtf8(a.infoJson));
    if (!d.exec() || !q.exec()) {
        *why = d.lastError().isValid() ? d.lastError().text() : q.lastError().text();
        return false;
    }
    return true;
}

} // namespace

bool RunStore::recordCheckpoint(qint64 runId, const std::vector<MetricPoint> &points,
                                const std::vector<Artifact> &artifacts)
{
    const QString what = QStringLiteral("cannot record the checkpoint of run %1").arg(runId);
    if (!prepareWrite(what))
        return false;
    if (!sql::beginWrite(m_db, m_dialect))
        return fail(what, m_db.lastError().text());
    // Only the engine holding the run commits for it (and its heartbeat moves with the commit).
    const ProcessId self = currentProcessId();
    QSqlQuery held(m_db);
    held.prepare(QStringLiteral("UPDATE runs SET heartbeat = ? WHERE id = ? AND status = 'running' AND pid = ? "
                                "AND host = ? AND pid_start = ?"));
    held.addBindValue(sql::now());
    held.addBindValue(runId);
    held.addBindValue(self.pid);
    held.addBindValue(self.host);
    held.addBindValue(sql::text(self.start));
    QString why;
    bool ok = held.exec();
    if (!ok)
        why = held.lastError().text();
    else if (held.numRowsAffected() != 1) {
        ok = false;
        why = QStringLiteral("this process no longer holds the run (it is not running here: another engine or the "
                             "window took it)");
    }
    ok = ok && insertMetrics(m_db, m_dialect, runId, points, &why);
    for (const Artifact &a : artifacts) {
        if (!ok)
            break;
        Artifact record = a;
        record.runId = runId;
        ok = replaceRecord(m_db, record, &why);
    }
    if (!ok || !m_db.commit()) {
        if (ok)
            why = m_db.lastError().text();
        m_db.rollback();
        return fail(what, why);
    }
    return true;
}

} // namespace gatefold::store
