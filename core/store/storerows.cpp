#include "storerows.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <map>

namespace gatefold::store::rows {

bool insertMetrics(QSqlDatabase &db, Dialect dialect, qint64 runId, const std::vector<MetricPoint> &points,
                   QString *why)
{
    const size_t chunk = dialect == Dialect::Postgres ? 256 : 1;
    QSqlQuery q(db);
    size_t prepared = 0;
    for (size_t first = 0; first < points.size(); first += chunk) {
        const size_t count = std::min(chunk, points.size() - first);
        if (count != prepared) {
            QString statement = QStringLiteral("INSERT INTO metrics (run_id, key, step, epoch, wall, value) VALUES ");
            for (size_t r = 0; r < count; ++r)
                statement += r ? QStringLiteral(", (?, ?, ?, ?, ?, ?)") : QStringLiteral("(?, ?, ?, ?, ?, ?)");
            q.prepare(statement);
            prepared = count;
        }
        for (size_t r = 0; r < count; ++r) {
            const MetricPoint &p = points[first + r];
            const int at = int(r) * 6;
            q.bindValue(at, runId);
            q.bindValue(at + 1, p.key);
            q.bindValue(at + 2, p.step);
            q.bindValue(at + 3, p.epoch);
            q.bindValue(at + 4, p.wall);
            q.bindValue(at + 5, p.value);
        }
        if (!q.exec()) {
            *why = q.lastError().text();
            return false;
        }
    }
    return true;
}

bool mergeSummary(QSqlDatabase &db, Dialect dialect, qint64 runId, const std::vector<MetricPoint> &points,
                  QString *why)
{
    struct Batch {
        qint64 count = 0, lastStep = 0;
        double last = 0, min = 0, max = 0;
    };
    std::map<QString, Batch> batches;
    for (const auto &p : points) {
        auto [it, fresh] = batches.try_emplace(p.key);
        Batch &b = it->second;
        if (fresh || p.value < b.min)
            b.min = p.value;
        if (fresh || p.value > b.max)
            b.max = p.value;
        if (fresh || p.step >= b.lastStep) {  // equal steps: the later point wins, as in the table
            b.lastStep = p.step;
            b.last = p.value;
        }
        ++b.count;
    }
    QSqlQuery u(db);
    // The existing row's columns are qualified: PostgreSQL finds a bare `count` ambiguous.
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

bool insertArtifact(QSqlDatabase &db, qint64 runId, const Artifact &a, QString *why, qint64 *id)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO artifacts (run_id, kind, path, sha256, created, info) "
                             "VALUES (?, ?, ?, ?, ?, ?) RETURNING id"));
    for (const QVariant &v : {QVariant(runId), sql::text(a.kind), sql::text(a.path), sql::text(a.sha256),
                              QVariant(a.created > 0 ? a.created : sql::now()),
                              QVariant(a.infoJson.isEmpty() ? QStringLiteral("{}") : QString::fromUtf8(a.infoJson))})
        q.addBindValue(v);
    if (!q.exec() || !q.next()) {
        *why = q.lastError().text();
        return false;
    }
    if (id)
        *id = q.value(0).toLongLong();
    return true;
}

} // namespace gatefold::store::rows
