// RunStore: whole runs brought in from elsewhere (e.g. an MLflow file store).

#include "runstore.h"

#include "storesql.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <map>

namespace gatefold::store {
namespace {

struct KeySummary {
    qint64 count = 0, lastStep = 0;
    double last = 0, min = 0, max = 0;
};

} // namespace

std::optional<std::vector<qint64>> RunStore::importRuns(const std::vector<ImportedRun> &runs)
{
    if (!prepareWrite(QStringLiteral("cannot import runs")))
        return std::nullopt;
    if (!sql::beginWrite(m_db, m_dialect)) {
        fail(QStringLiteral("cannot import runs"), m_db.lastError().text());
        return std::nullopt;
    }
    std::vector<qint64> ids;
    const auto abort = [this](const QString &what, const QSqlQuery &q) {
        const QString why = q.lastError().text();
        m_db.rollback();
        fail(what, why);
        return std::nullopt;
    };
    QSqlQuery insertRun(m_db);
    insertRun.prepare(QStringLiteral(
        "INSERT INTO runs (name, status, config, seed, device, versions, created, started, ended, heartbeat, pid, "
        "host, sweep_id, parent_id, tags, notes, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, NULL, NULL, "
        "?, ?, ?) RETURNING id"));
    QSqlQuery insertMetric(m_db);
    insertMetric.prepare(QStringLiteral("INSERT INTO metrics (run_id, key, step, epoch, wall, value) VALUES (?, ?, ?, ?, ?, ?)"));
    QSqlQuery insertSummary(m_db);
    insertSummary.prepare(QStringLiteral(
        "INSERT INTO metric_summary (run_id, key, count, last_step, last, min, max) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    QSqlQuery insertArtifact(m_db);
    insertArtifact.prepare(QStringLiteral("INSERT INTO artifacts (run_id, kind, path, sha256, created, info) "
                                          "VALUES (?, ?, ?, ?, ?, ?)"));
    for (const ImportedRun &in : runs) {
        const RunRecord &r = in.record;
        for (const QVariant &v :
             {QVariant(sql::text(r.name)), QVariant(toString(r.status)),
              QVariant(QString::fromUtf8(r.configJson.isEmpty() ? QByteArray("{}") : r.configJson)), QVariant(r.seed),
              sql::text(r.device), sql::text(r.versions), QVariant(r.created > 0 ? r.created : sql::now()),
              QVariant(r.started), QVariant(r.ended), sql::text(r.host), QVariant(sql::tagsJson(r.tags)),
              sql::text(r.notes), sql::text(r.message)})
            insertRun.addBindValue(v);
        if (!insertRun.exec() || !insertRun.next())
            return abort(QStringLiteral("cannot import run '%1'").arg(r.name), insertRun);
        const qint64 id = insertRun.value(0).toLongLong();
        insertRun.finish();
        // Points in the order given (the store's insertion order breaks ties of a step).
        std::map<QString, KeySummary> summaries;
        for (const MetricPoint &p : in.metrics) {
            for (const QVariant &v : {QVariant(id), QVariant(p.key), QVariant(p.step), QVariant(p.epoch),
                                      QVariant(p.wall), QVariant(p.value)})
                insertMetric.addBindValue(v);
            if (!insertMetric.exec())
                return abort(QStringLiteral("cannot import the metrics of run '%1'").arg(r.name), insertMetric);
            auto [it, fresh] = summaries.try_emplace(p.key);
            KeySummary &s = it->second;
            if (fresh || p.value < s.min)
                s.min = p.value;
            if (fresh || p.value > s.max)
                s.max = p.value;
            if (fresh || p.step >= s.lastStep) {
                s.lastStep = p.step;
                s.last = p.value;
            }
            ++s.count;
        }
        for (const auto &[key, s] : summaries) {
            for (const QVariant &v : {QVariant(id), QVariant(key), QVariant(s.count), QVariant(s.lastStep),
                                      QVariant(s.last), QVariant(s.min), QVariant(s.max)})
                insertSummary.addBindValue(v);
            if (!insertSummary.exec())
                return abort(QStringLiteral("cannot import the metrics of run '%1'").arg(r.name), insertSummary);
        }
        for (const Artifact &a : in.artifacts) {
            for (const QVariant &v : {QVariant(id), sql::text(a.kind), sql::text(a.path), sql::text(a.sha256),
                                      QVariant(a.created > 0 ? a.created : sql::now()),
                                      QVariant(a.infoJson.isEmpty() ? QStringLiteral("{}") : QString::fromUtf8(a.infoJson))})
                insertArtifact.addBindValue(v);
            if (!insertArtifact.exec())
                return abort(QStringLiteral("cannot import the artifacts of run '%1'").arg(r.name), insertArtifact);
        }
        ids.push_back(id);
    }
    if (!m_db.commit()) {
        const QString why = m_db.lastError().text();
        m_db.rollback();
        fail(QStringLiteral("cannot import runs"), why);
        return std::nullopt;
    }
    return ids;
}

} // namespace gatefold::store
