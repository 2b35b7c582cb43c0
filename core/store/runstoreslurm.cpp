// RunStore: runs submitted to Slurm (schema 5, table slurm_jobs) and the cancel of a queued run.

#include "runstore.h"

#include "storedamage.h"
#include "storesql.h"
#include "storetext.h"
#include "storetransaction.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace gatefold::store {
namespace {

constexpr int kSlurmSchema = 5;

using damage::Kind;
const damage::TypedColumns kSlurmJob = {{"run_id", Kind::Integer, 1}, {"submitted", Kind::Real, 5}};

} // namespace

bool RunStore::cancelQueuedRun(qint64 id, const QString &message)
{
    const QString what = QStringLiteral("cannot cancel run %1").arg(id);
    if (!prepareWrite(what))
        return false;
    QSqlQuery q(m_db);
    // Conditional on the status alone: an engine that claimed the run meanwhile keeps it (and is
    // stopped by its own signal); a queued run may be cancelled whoever owns it.
    q.prepare(QStringLiteral("UPDATE runs SET status = 'cancelled', ended = ?, message = ? WHERE id = ? AND "
                             "status = 'queued'"));
    q.addBindValue(sql::now());
    q.addBindValue(sql::text(message));
    q.addBindValue(id);
    if (!q.exec())
        return fail(what, q.lastError().text());
    if (q.numRowsAffected() == 1)
        return true;
    const auto r = run(id);
    return fail(what, r ? QStringLiteral("it is %1, not queued").arg(toString(r->status)) : lastError());
}

bool RunStore::recordSlurmJobs(const std::vector<SlurmJob> &jobs)
{
    const QString what = QStringLiteral("cannot record the Slurm jobs of the runs");
    if (!prepareWrite(what))
        return false;
    if (m_schemaVersion < kSlurmSchema)
        return fail(what, QStringLiteral("the store is of schema %1, before Slurm jobs were recorded; open it "
                                         "read-write once to migrate it")
                              .arg(m_schemaVersion));
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began())
        return fail(what, transaction.error());
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO slurm_jobs (run_id, job_id, script, options, submitted) VALUES (?, ?, ?, ?, ?)"));
    for (const SlurmJob &job : jobs) {
        q.addBindValue(job.runId);
        q.addBindValue(sql::text(job.jobId));
        q.addBindValue(sql::text(job.script));
        q.addBindValue(QString::fromUtf8(job.optionsJson.isEmpty() ? QByteArray("{}") : job.optionsJson));
        q.addBindValue(job.submitted > 0 ? job.submitted : sql::now());
        if (!q.exec())
            return fail(what, QStringLiteral("run %1: %2").arg(job.runId).arg(q.lastError().text()));
    }
    if (!transaction.commit())
        return fail(what, transaction.error());
    return true;
}

std::vector<SlurmJob> RunStore::slurmJobs(qint64 runId)
{
    std::vector<SlurmJob> out;
    if (m_schemaVersion < kSlurmSchema)
        return out;
    beforeRead();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id, run_id, job_id, script, options, submitted, %1 FROM slurm_jobs "
                             "WHERE (? = 0 OR run_id = ?) ORDER BY id")
                  .arg(damage::badColumnsSql(m_dialect, kSlurmJob)));
    q.addBindValue(runId);
    q.addBindValue(runId);
    if (!q.exec()) {
        fail(QStringLiteral("cannot read the Slurm jobs of run %1").arg(runId), q.lastError().text());
        return out;
    }
    while (q.next()) {
        if (const QString bad = damage::badValues(q, 6, kSlurmJob); !bad.isEmpty()) {
            noteDamage(QStringLiteral("Slurm job %1 (%2): %3")
                           .arg(q.value(0).toLongLong())
                           .arg(escapedForTerminal(q.value(2).toString()), bad));
            continue;
        }
        out.push_back({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                       q.value(3).toString(), q.value(4).toString().toUtf8(), q.value(5).toDouble()});
    }
    return out;
}

std::map<qint64, SlurmJob> RunStore::latestSlurmJobs()
{
    std::map<qint64, SlurmJob> latest;
    for (SlurmJob &job : slurmJobs(0))  // oldest first: the last one of a run stays
        latest[job.runId] = std::move(job);
    return latest;
}

std::optional<QString> RunStore::slurmJobOf(qint64 runId)
{
    const auto jobs = slurmJobs(runId);
    return jobs.empty() ? std::nullopt : std::optional(jobs.back().jobId);
}

} // namespace gatefold::store
