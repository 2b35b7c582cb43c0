// RunStore: artifacts, analysis snapshots and sweeps.

#include "runstore.h"

#include "storedamage.h"
#include "storerows.h"
#include "storesql.h"
#include "storetext.h"
#include "storetransaction.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace gatefold::store {
namespace {

using damage::Kind;
const damage::TypedColumns kArtifact = {{"created", Kind::Real, 5}};
const damage::TypedColumns kSnapshot = {{"step", Kind::Integer, 3}, {"epoch", Kind::Real, 4}, {"created", Kind::Real, 5}};
const damage::TypedColumns kSweep = {{"created", Kind::Real, 3}};

} // namespace

std::optional<qint64> RunStore::addArtifact(const Artifact &a)
{
    if (!prepareWrite(QStringLiteral("cannot record an artifact of run %1").arg(a.runId)))
        return std::nullopt;
    QString why;
    qint64 id = 0;
    if (!rows::insertArtifact(m_db, a.runId, a, &why, &id)) {
        fail(QStringLiteral("cannot record an artifact of run %1").arg(a.runId), why);
        return std::nullopt;
    }
    return id;
}

std::optional<qint64> RunStore::replaceArtifact(const Artifact &a)
{
    return replaceArtifacts(a, false);
}

std::optional<qint64> RunStore::replaceArtifactAtPath(const Artifact &a)
{
    return replaceArtifacts(a, true);
}

std::optional<qint64> RunStore::replaceArtifacts(const Artifact &a, bool samePathOnly)
{
    if (!prepareWrite(QStringLiteral("cannot record an artifact of run %1").arg(a.runId)))
        return std::nullopt;
    WriteTransaction transaction(m_db, m_dialect);
    if (!transaction.began()) {
        fail(QStringLiteral("cannot record an artifact of run %1").arg(a.runId), transaction.error());
        return std::nullopt;
    }
    QSqlQuery q(m_db);
    q.prepare(samePathOnly ? QStringLiteral("DELETE FROM artifacts WHERE run_id = ? AND kind = ? AND path = ?")
                           : QStringLiteral("DELETE FROM artifacts WHERE run_id = ? AND kind = ?"));
    q.addBindValue(a.runId);
    q.addBindValue(a.kind);
    if (samePathOnly)
        q.addBindValue(a.path);
    if (!q.exec()) {
        fail(QStringLiteral("cannot record an artifact of run %1").arg(a.runId), q.lastError().text());
        return std::nullopt;
    }
    const auto id = addArtifact(a);
    if (!id || !transaction.commit()) {
        if (id)  // else addArtifact said why
            fail(QStringLiteral("cannot record an artifact of run %1").arg(a.runId), transaction.error());
        return std::nullopt;
    }
    return id;
}

std::vector<Artifact> RunStore::artifacts(qint64 runId, const QString &kind)
{
    beforeRead();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id, run_id, kind, path, sha256, created, info, %1 FROM artifacts "
                             "WHERE run_id = ? AND (? = '' OR kind = ?) ORDER BY id")
                  .arg(damage::badColumnsSql(m_dialect, kArtifact)));
    q.addBindValue(runId);
    q.addBindValue(sql::text(kind));
    q.addBindValue(sql::text(kind));
    std::vector<Artifact> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot list the artifacts of run %1").arg(runId), q.lastError().text());
        return out;
    }
    while (q.next()) {
        // The file it names is what matters: the record stays, its time is left out and reported.
        const QString bad = damage::badValues(q, 7, kArtifact);
        if (!bad.isEmpty())
            noteDamage(QStringLiteral("run %1, artifact %2 (%3): %4")
                           .arg(runId)
                           .arg(q.value(0).toLongLong())
                           .arg(escapedForTerminal(q.value(2).toString()), bad));
        out.push_back({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(), q.value(3).toString(),
                       q.value(4).toString(), bad.isEmpty() ? q.value(5).toDouble() : 0.0,
                       q.value(6).toString().toUtf8()});
    }
    return out;
}

std::optional<qint64> RunStore::addSnapshot(const Snapshot &s)
{
    if (!prepareWrite(QStringLiteral("cannot record a %1 snapshot of run %2").arg(s.kind).arg(s.runId)))
        return std::nullopt;
    if (QJsonDocument::fromJson(s.dataJson).isNull()) {
        fail(QStringLiteral("cannot record a %1 snapshot of run %2").arg(s.kind).arg(s.runId),
             QStringLiteral("its data is not JSON"));
        return std::nullopt;
    }
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO snapshots (run_id, kind, step, epoch, created, data) "
                             "VALUES (?, ?, ?, ?, ?, ?) RETURNING id"));
    q.addBindValue(s.runId);
    q.addBindValue(s.kind);
    q.addBindValue(s.step);
    q.addBindValue(s.epoch);
    q.addBindValue(s.created > 0 ? s.created : sql::now());
    q.addBindValue(QString::fromUtf8(s.dataJson));
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot record a %1 snapshot of run %2").arg(s.kind).arg(s.runId), q.lastError().text());
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::vector<Snapshot> RunStore::snapshots(qint64 runId, const QString &kind)
{
    beforeRead();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id, run_id, kind, step, epoch, created, data, %1 FROM snapshots "
                             "WHERE run_id = ? AND kind = ? ORDER BY step, id")
                  .arg(damage::badColumnsSql(m_dialect, kSnapshot)));
    q.addBindValue(runId);
    q.addBindValue(kind);
    std::vector<Snapshot> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot read the %1 snapshots of run %2").arg(kind).arg(runId), q.lastError().text());
        return out;
    }
    while (q.next()) {
        if (const QString bad = damage::badValues(q, 7, kSnapshot); !bad.isEmpty()) {
            noteDamage(QStringLiteral("run %1, %2 snapshot %3: %4")
                           .arg(runId)
                           .arg(escapedForTerminal(kind))
                           .arg(q.value(0).toLongLong())
                           .arg(bad));
            continue;
        }
        out.push_back({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                       q.value(3).toLongLong(), q.value(4).toDouble(), q.value(5).toDouble(),
                       q.value(6).toString().toUtf8()});
    }
    return out;
}

std::optional<qint64> RunStore::createSweep(const QString &name, const QByteArray &gridJson,
                                            const QByteArray &searchJson)
{
    if (!prepareWrite(QStringLiteral("cannot create the sweep")))
        return std::nullopt;
    if (const QString why = oneLineProblem(QStringLiteral("sweep name"), name); !why.isEmpty()) {
        fail(QStringLiteral("cannot create the sweep"), why);
        return std::nullopt;
    }
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO sweeps (name, grid, created, search) VALUES (?, ?, ?, ?) RETURNING id"));
    q.addBindValue(name);
    q.addBindValue(QString::fromUtf8(gridJson));
    q.addBindValue(sql::now());
    q.addBindValue(QString::fromUtf8(searchJson.isEmpty() ? QByteArray("{}") : searchJson));
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot create the sweep"), q.lastError().text());
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<Sweep> RunStore::sweep(qint64 id)
{
    beforeRead();
    QSqlQuery q(m_db);
    // A store of schema 5 read as it is (read-only) has no search column: "{}".
    q.prepare(QStringLiteral("SELECT id, name, grid, created, %1, %2 FROM sweeps WHERE id = ?")
                  .arg(damage::badColumnsSql(m_dialect, kSweep),
                       m_schemaVersion >= 6 ? QStringLiteral("search") : QStringLiteral("'{}'")));
    q.addBindValue(id);
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot read sweep %1").arg(id),
             q.lastError().isValid() ? q.lastError().text() : QStringLiteral("there is no such sweep"));
        return std::nullopt;
    }
    const QString bad = damage::badValues(q, 4, kSweep);
    if (!bad.isEmpty())
        noteDamage(QStringLiteral("sweep %1: %2").arg(id).arg(bad));
    return Sweep{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString().toUtf8(),
                 bad.isEmpty() ? q.value(3).toDouble() : 0.0, q.value(5).toString().toUtf8()};
}

} // namespace gatefold::store
