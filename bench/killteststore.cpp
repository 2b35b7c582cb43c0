#include "killteststore.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <atomic>

namespace gatefold::killtest {

const ArtifactRow *RunRow::artifact(const QString &kind) const
{
    const ArtifactRow *found = nullptr;
    for (const auto &a : artifacts)
        if (a.kind == kind)
            found = &a;
    return found;
}

QString artifactPath(const QString &storeFile, const ArtifactRow &artifact)
{
    if (QFileInfo(artifact.path).isAbsolute())
        return artifact.path;
    return QFileInfo(storeFile).absoluteDir().filePath(artifact.path);
}

namespace {

void readInto(QSqlDatabase &db, StoreState *state)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA integrity_check"))) {
        state->error = q.lastError().text();
        return;
    }
    QStringList lines;
    while (q.next())
        lines << q.value(0).toString();
    state->integrity = lines.join(QStringLiteral("; "));
    // A store whose creation was killed before its one transaction committed has no tables yet:
    // no runs (Gatefold reads it so, and the next writing command makes it a store).
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'table'")) || !q.next()) {
        state->error = q.lastError().text();
        return;
    }
    if (q.value(0).toInt() == 0)
        return;
    if (!q.exec(QStringLiteral("SELECT id, name, status, message, config FROM runs ORDER BY id"))) {
        state->error = q.lastError().text();
        return;
    }
    while (q.next()) {
        RunRow r;
        r.id = q.value(0).toLongLong();
        r.name = q.value(1).toString();
        r.status = q.value(2).toString();
        r.message = q.value(3).toString();
        r.config = q.value(4).toByteArray();
        state->runs[r.id] = r;
    }
    q.exec(QStringLiteral("SELECT run_id, key, step, value FROM metrics"));
    while (q.next()) {
        auto &run = state->runs[q.value(0).toLongLong()];
        const auto key = std::make_pair(q.value(1).toString(), q.value(2).toLongLong());
        if (run.metrics.count(key))
            ++run.duplicatePoints;
        run.metrics[key] = q.value(3).toDouble();
    }
    q.exec(QStringLiteral("SELECT run_id, kind, path, sha256, info FROM artifacts ORDER BY id"));
    while (q.next())
        state->runs[q.value(0).toLongLong()].artifacts.push_back(
            {q.value(1).toString(), q.value(2).toString(), q.value(3).toString(), q.value(4).toByteArray()});
    // The per-metric summary must agree with the points it summarises (schema 2).
    if (q.exec(QStringLiteral("SELECT s.run_id, s.key, s.count, (SELECT COUNT(*) FROM metrics m WHERE m.run_id = s.run_id "
                              "AND m.key = s.key) FROM metric_summary s"))) {
        while (q.next())
            if (q.value(2).toLongLong() != q.value(3).toLongLong())
                state->summaryMismatches << QStringLiteral("run %1 %2: summary says %3 points, there are %4")
                                                .arg(q.value(0).toLongLong())
                                                .arg(q.value(1).toString())
                                                .arg(q.value(2).toLongLong())
                                                .arg(q.value(3).toLongLong());
    }
}

} // namespace

StoreState readStore(const QString &storeFile)
{
    StoreState state;
    state.exists = QFileInfo::exists(storeFile);
    if (!state.exists)
        return state;
    static std::atomic<int> counter{0};
    const QString name = QStringLiteral("killtest-%1").arg(counter++);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(storeFile);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=10000"));
        if (!db.open())
            state.error = db.lastError().text();
        else
            readInto(db, &state);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return state;
}

} // namespace gatefold::killtest
