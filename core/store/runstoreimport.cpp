// RunStore: whole runs brought in from elsewhere (e.g. an MLflow file store).

#include "runstore.h"

#include "storerows.h"
#include "storesql.h"
#include "storetext.h"
#include "storetransaction.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace gatefold::store {

std::optional<std::vector<qint64>> RunStore::importRuns(const std::vector<ImportedRun> &runs)
{
    if (!prepareWrite(QStringLiteral("cannot import runs")))
        return std::nullopt;
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began()) {
        fail(QStringLiteral("cannot import runs"), transaction.error());
        return std::nullopt;
    }
    std::vector<qint64> ids;
    const auto abort = [this](const QString &what, const QSqlQuery &q) {
        fail(what, q.lastError().text());
        return std::nullopt;
    };
    QSqlQuery insertRun(m_db);
    insertRun.prepare(QStringLiteral(
        "INSERT INTO runs (id, name, status, config, seed, device, versions, created, started, ended, heartbeat, pid, "
        "host, sweep_id, parent_id, tags, notes, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, NULL, NULL, "
        "?, ?, ?)"));
    for (const ImportedRun &in : runs) {
        const RunRecord &r = in.record;
        QString why = oneLineProblem(QStringLiteral("run name"), r.name);
        if (why.isEmpty())
            why = oneLineProblem(QStringLiteral("tag"), r.tags);
        const auto id = why.isEmpty() ? nextRunId(&why) : std::nullopt;
        if (!id) {
            fail(QStringLiteral("cannot import run '%1'").arg(escapedForTerminal(r.name)), why);
            return std::nullopt;
        }
        for (const QVariant &v :
             {QVariant(*id), QVariant(sql::text(r.name)), QVariant(toString(r.status)),
              QVariant(QString::fromUtf8(r.configJson.isEmpty() ? QByteArray("{}") : r.configJson)), QVariant(r.seed),
              sql::text(r.device), sql::text(r.versions), QVariant(r.created > 0 ? r.created : sql::now()),
              QVariant(r.started), QVariant(r.ended), sql::text(r.host), QVariant(sql::tagsJson(r.tags)),
              sql::text(r.notes), sql::text(r.message)})
            insertRun.addBindValue(v);
        if (!insertRun.exec())
            return abort(QStringLiteral("cannot import run '%1'").arg(r.name), insertRun);
        // Points in the order given (the store's insertion order breaks ties of a step).
        bool ok = rows::insertMetrics(m_db, m_dialect, *id, in.metrics, &why)
               && rows::mergeSummary(m_db, m_dialect, *id, in.metrics, &why);
        for (size_t i = 0; ok && i < in.artifacts.size(); ++i)
            ok = rows::insertArtifact(m_db, *id, in.artifacts[i], &why);
        if (!ok) {
            fail(QStringLiteral("cannot import the metrics and artifacts of run '%1'").arg(r.name), why);
            return std::nullopt;
        }
        ids.push_back(*id);
    }
    if (!transaction.commit()) {
        fail(QStringLiteral("cannot import runs"), transaction.error());
        return std::nullopt;
    }
    return ids;
}

} // namespace gatefold::store
