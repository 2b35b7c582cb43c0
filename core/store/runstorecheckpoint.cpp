// RunStore: the commit that makes a checkpoint count (contract C2 of issue 16).

#include "runstore.h"

#include "storerows.h"
#include "storesql.h"
#include "storetransaction.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace gatefold::store {
namespace {

bool replaceRecord(QSqlDatabase &db, const Artifact &a, QString *why)
{
    QSqlQuery d(db);
    d.prepare(QStringLiteral("DELETE FROM artifacts WHERE run_id = ? AND kind = ?"));
    d.addBindValue(a.runId);
    d.addBindValue(a.kind);
    if (!d.exec()) {
        *why = d.lastError().text();
        return false;
    }
    return rows::insertArtifact(db, a.runId, a, why);
}

} // namespace

bool RunStore::recordCheckpoint(qint64 runId, const std::vector<MetricPoint> &points,
                                const std::vector<Artifact> &artifacts)
{
    const QString what = QStringLiteral("cannot record the checkpoint of run %1").arg(runId);
    if (!prepareWrite(what))
        return false;
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began())
        return fail(what, transaction.error());
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
    ok = ok && rows::insertMetrics(m_db, m_dialect, runId, points, &why)
         && rows::mergeSummary(m_db, m_dialect, runId, points, &why);
    for (const Artifact &a : artifacts) {
        if (!ok)
            break;
        Artifact record = a;
        record.runId = runId;
        ok = replaceRecord(m_db, record, &why);
    }
    if (!ok || !transaction.commit())
        return fail(what, ok ? transaction.error() : why);
    return true;
}

} // namespace gatefold::store
