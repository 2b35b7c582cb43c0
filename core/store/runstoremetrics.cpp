// RunStore: metrics.

#include "runstore.h"

#include "storesql.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace gatefold::store {

bool RunStore::addMetrics(qint64 runId, const std::vector<MetricPoint> &points)
{
    if (points.empty())
        return true;
    if (!sql::beginWrite(m_db))
        return fail(QStringLiteral("cannot record metrics of run %1").arg(runId), m_db.lastError().text());
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO metrics (run_id, key, step, epoch, wall, value) VALUES (?, ?, ?, ?, ?, ?)"));
    for (const auto &p : points) {
        q.bindValue(0, runId);
        q.bindValue(1, p.key);
        q.bindValue(2, p.step);
        q.bindValue(3, p.epoch);
        q.bindValue(4, p.wall);
        q.bindValue(5, p.value);
        if (!q.exec()) {
            const QString why = q.lastError().text();
            m_db.rollback();
            return fail(QStringLiteral("cannot record metrics of run %1").arg(runId), why);
        }
    }
    if (!m_db.commit()) {
        const QString why = m_db.lastError().text();
        m_db.rollback();
        return fail(QStringLiteral("cannot record metrics of run %1").arg(runId), why);
    }
    return true;
}

std::vector<MetricPoint> RunStore::metrics(qint64 runId, const QString &key)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT step, epoch, wall, value FROM metrics WHERE run_id = ? AND key = ? "
                             "ORDER BY step, rowid"));
    q.addBindValue(runId);
    q.addBindValue(key);
    std::vector<MetricPoint> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot read metric %1 of run %2").arg(key).arg(runId), q.lastError().text());
        return out;
    }
    while (q.next())
        out.push_back({key, q.value(0).toLongLong(), q.value(1).toDouble(), q.value(2).toDouble(),
                       q.value(3).toDouble()});
    return out;
}

MetricSummary RunStore::metricSummary(qint64 runId, const QString &key)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    // One index range (run_id, key, step): the aggregates, and the value at the highest step.
    q.prepare(QStringLiteral("SELECT COUNT(*), MIN(value), MAX(value), MAX(step), "
                             "(SELECT value FROM metrics WHERE run_id = ? AND key = ? ORDER BY step DESC, rowid DESC "
                             "LIMIT 1) FROM metrics WHERE run_id = ? AND key = ?"));
    for (int i = 0; i < 2; ++i) {
        q.addBindValue(runId);
        q.addBindValue(key);
    }
    MetricSummary s;
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot summarise metric %1 of run %2").arg(key).arg(runId), q.lastError().text());
        return s;
    }
    s.count = q.value(0).toLongLong();
    if (s.count > 0) {
        s.min = q.value(1).toDouble();
        s.max = q.value(2).toDouble();
        s.lastStep = q.value(3).toLongLong();
        s.last = q.value(4).toDouble();
    }
    return s;
}

QStringList RunStore::metricKeys(qint64 runId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT DISTINCT key FROM metrics WHERE run_id = ? ORDER BY key"));
    q.addBindValue(runId);
    QStringList out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot list the metrics of run %1").arg(runId), q.lastError().text());
        return out;
    }
    while (q.next())
        out << q.value(0).toString();
    return out;
}

qint64 RunStore::lastMetricStep(qint64 runId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT coalesce(max(step), -1) FROM metrics WHERE run_id = ?"));
    q.addBindValue(runId);
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot read the metrics of run %1").arg(runId), q.lastError().text());
        return -1;
    }
    return q.value(0).toLongLong();
}

bool RunStore::truncateMetrics(qint64 runId, qint64 afterStep)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("DELETE FROM metrics WHERE run_id = ? AND step > ?"));
    q.addBindValue(runId);
    q.addBindValue(afterStep);
    return q.exec() || fail(QStringLiteral("cannot truncate the metrics of run %1").arg(runId), q.lastError().text());
}

} // namespace gatefold::store
