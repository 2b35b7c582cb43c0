// RunStore: metrics.

#include "runstore.h"

#include "storedamage.h"
#include "storerows.h"
#include "storesql.h"
#include "storetext.h"
#include "storetransaction.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <map>

namespace gatefold::store {

bool RunStore::addMetrics(qint64 runId, const std::vector<MetricPoint> &points)
{
    if (!prepareWrite(QStringLiteral("cannot record metrics of run %1").arg(runId)))
        return false;
    if (points.empty())
        return true;
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began())
        return fail(QStringLiteral("cannot record metrics of run %1").arg(runId), transaction.error());
    QString why;
    if (!rows::insertMetrics(m_db, m_dialect, runId, points, &why)
        || !rows::mergeSummary(m_db, m_dialect, runId, points, &why))
        return fail(QStringLiteral("cannot record metrics of run %1").arg(runId), why);
    if (!transaction.commit())
        return fail(QStringLiteral("cannot record metrics of run %1").arg(runId), transaction.error());
    return true;
}

namespace {

using damage::Kind;

// metrics(): step, epoch, wall, value, the row, the damaged columns.
const damage::TypedColumns kPoint = {
    {"step", Kind::Integer, 0}, {"epoch", Kind::Real, 1}, {"wall", Kind::Real, 2}, {"value", Kind::Real, 3}};
// metricSummary(): count, last_step, last, min, max, the damaged columns.
const damage::TypedColumns kSummary = {{"count", Kind::Integer, 0}, {"last_step", Kind::Integer, 1},
                                       {"last", Kind::Real, 2},     {"min", Kind::Real, 3},
                                       {"max", Kind::Real, 4}};

} // namespace

std::vector<MetricPoint> RunStore::metrics(qint64 runId, const QString &key)
{
    beforeRead();
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(adapt("SELECT step, epoch, wall, value, {rowid}, %1 FROM metrics WHERE run_id = ? AND key = ? "
                    "ORDER BY step, {rowid}")
                  .arg(damage::badColumnsSql(m_dialect, kPoint)));
    q.addBindValue(runId);
    q.addBindValue(key);
    std::vector<MetricPoint> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot read metric %1 of run %2").arg(key).arg(runId), q.lastError().text());
        return out;
    }
    while (q.next()) {
        if (const QString bad = damage::badValues(q, 5, kPoint); !bad.isEmpty()) {
            noteDamage(QStringLiteral("run %1, metric %2, row %3: %4")
                           .arg(runId)
                           .arg(escapedForTerminal(key), q.value(4).toString(), bad));
            continue;
        }
        out.push_back({key, q.value(0).toLongLong(), q.value(1).toDouble(), q.value(2).toDouble(),
                       q.value(3).toDouble()});
    }
    return out;
}

MetricSummary RunStore::metricSummary(qint64 runId, const QString &key)
{
    beforeRead();
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT count, last_step, last, min, max, %1 FROM metric_summary WHERE run_id = ? AND "
                             "key = ?")
                  .arg(damage::badColumnsSql(m_dialect, kSummary)));
    q.addBindValue(runId);
    q.addBindValue(key);
    MetricSummary s;
    if (!q.exec()) {
        fail(QStringLiteral("cannot summarise metric %1 of run %2").arg(key).arg(runId), q.lastError().text());
        return s;
    }
    if (!q.next())
        return s;
    if (const QString bad = damage::badValues(q, 5, kSummary); !bad.isEmpty()) {
        noteDamage(QStringLiteral("run %1, summary of metric %2: %3").arg(runId).arg(escapedForTerminal(key), bad));
        return s;  // as if it had none: nothing of it is read as a number
    }
    s.count = q.value(0).toLongLong();
    s.lastStep = q.value(1).toLongLong();
    s.last = q.value(2).toDouble();
    s.min = q.value(3).toDouble();
    s.max = q.value(4).toDouble();
    return s;
}

std::optional<double> RunStore::metricAtEpoch(qint64 runId, const QString &key, double epoch)
{
    beforeRead();
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(adapt("SELECT step, epoch, wall, value, {rowid}, %1 FROM metrics WHERE run_id = ? AND key = ? "
                    "AND epoch <= ? ORDER BY step DESC, {rowid} DESC LIMIT 1")
                  .arg(damage::badColumnsSql(m_dialect, kPoint)));
    q.addBindValue(runId);
    q.addBindValue(key);
    q.addBindValue(epoch + 1e-9);  // "epoch 5" includes the evaluation logged at 5.000000
    if (!q.exec()) {
        fail(QStringLiteral("cannot read metric %1 of run %2").arg(key).arg(runId), q.lastError().text());
        return std::nullopt;
    }
    if (!q.next())
        return std::nullopt;
    if (const QString bad = damage::badValues(q, 5, kPoint); !bad.isEmpty()) {
        noteDamage(QStringLiteral("run %1, metric %2, row %3: %4")
                       .arg(runId)
                       .arg(escapedForTerminal(key), q.value(4).toString(), bad));
        return std::nullopt;
    }
    return q.value(3).toDouble();
}

QStringList RunStore::metricKeys(qint64 runId)
{
    beforeRead();
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
    beforeRead();
    QSqlQuery q(m_db);
    // Steps that are not whole numbers are left out (SQLite orders text above every number, so
    // max() would pick one and Qt read it as 0) and reported; the index answers both.
    const QString wholeStep = m_dialect == Dialect::Sqlite ? QStringLiteral("typeof(step) = 'integer'")
                                                           : QStringLiteral("TRUE");
    q.prepare(QStringLiteral("SELECT coalesce(max(CASE WHEN %1 THEN step END), -1), count(CASE WHEN NOT (%1) THEN 1 "
                             "END) FROM metrics WHERE run_id = ?")
                  .arg(wholeStep));
    q.addBindValue(runId);
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot read the metrics of run %1").arg(runId), q.lastError().text());
        return -1;
    }
    const qint64 last = q.value(0).toLongLong();
    if (q.value(1).toLongLong() > 0)
        noteBadSteps(runId, q.value(1).toLongLong());
    return last;
}

void RunStore::noteBadSteps(qint64 runId, qint64 count)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT key, rowid, step FROM metrics WHERE run_id = ? AND typeof(step) <> 'integer' "
                             "LIMIT 1"));
    q.addBindValue(runId);
    if (!q.exec() || !q.next())
        return;
    noteDamage(QStringLiteral("run %1: %2 metric point(s) have a step that is not a whole number, e.g. metric %3, "
                              "row %4: step holds '%5', not a whole number")
                   .arg(runId)
                   .arg(count)
                   .arg(escapedForTerminal(q.value(0).toString()), q.value(1).toString(),
                        escapedForTerminal(q.value(2).toString().left(40))));
}

bool RunStore::truncateMetrics(qint64 runId, qint64 afterStep)
{
    if (!prepareWrite(QStringLiteral("cannot truncate the metrics of run %1").arg(runId)))
        return false;
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began())
        return fail(QStringLiteral("cannot truncate the metrics of run %1").arg(runId), transaction.error());
    // The points after the step go, and the run's summaries are taken again from what stays.
    const QStringList statements = {
        adapt("DELETE FROM metrics WHERE run_id = :run AND step > :step"),
        adapt("DELETE FROM metric_summary WHERE run_id = :run"),
        adapt("INSERT INTO metric_summary (run_id, key, count, last_step, last, min, max) "
              "SELECT run_id, key, COUNT(*), MAX(step), 0, MIN(value), MAX(value) FROM metrics "
              "WHERE run_id = :run GROUP BY run_id, key"),
        adapt("UPDATE metric_summary SET last = (SELECT value FROM metrics m WHERE m.run_id = :run "
              "AND m.key = metric_summary.key ORDER BY step DESC, {rowid} DESC LIMIT 1) WHERE run_id = :run")};
    for (const QString &sql : statements) {
        QSqlQuery q(m_db);
        q.prepare(sql);
        q.bindValue(QStringLiteral(":run"), runId);
        if (sql.contains(QLatin1String(":step")))
            q.bindValue(QStringLiteral(":step"), afterStep);
        if (!q.exec())
            return fail(QStringLiteral("cannot truncate the metrics of run %1").arg(runId), q.lastError().text());
    }
    if (!transaction.commit())
        return fail(QStringLiteral("cannot truncate the metrics of run %1").arg(runId), transaction.error());
    return true;
}

} // namespace gatefold::store
