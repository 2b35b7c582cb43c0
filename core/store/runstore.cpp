#include "runstore.h"

#include "storeschema.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QSysInfo>
#include <QUuid>
#include <QVariant>

#include <cerrno>
#include <csignal>

namespace gatefold::store {
namespace {

double now()
{
    return double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

QString connectionName()
{
    return QStringLiteral("gatefold-store-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString tagsJson(const QStringList &tags)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(tags)).toJson(QJsonDocument::Compact));
}

QStringList tagsFromJson(const QString &text)
{
    QStringList out;
    for (const auto &v : QJsonDocument::fromJson(text.toUtf8()).array())
        out << v.toString();
    return out;
}

bool processAlive(qint64 pid)
{
    if (pid <= 0)
        return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}

// Reads the schema version without writing a byte: a read-only connection.
// Returns the version, or -1 with `error` set when the file is not a store.
int probeVersion(const QString &path, QString *error)
{
    const QString name = connectionName();
    int version = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            *error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
                *error = q.lastError().text();
            } else {
                version = q.value(0).toInt();
                QSqlQuery tables(db);
                if (version == 0 && tables.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) && tables.next()
                    && tables.value(0).toInt() > 0) {
                    *error = QStringLiteral("it is an SQLite database with other tables, not a run store");
                    version = -1;
                } else if (version > 0 && (!tables.exec(QStringLiteral("SELECT count(*) FROM runs")))) {
                    *error = tables.lastError().text();
                    version = -1;
                }
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return version;
}

RunRecord recordFrom(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(0).toLongLong();
    r.name = q.value(1).toString();
    r.status = runStatusFromString(q.value(2).toString()).value_or(RunStatus::Failed);
    r.configJson = q.value(3).toString().toUtf8();
    r.seed = q.value(4).toLongLong();
    r.device = q.value(5).toString();
    r.versions = q.value(6).toString();
    r.created = q.value(7).toDouble();
    r.started = q.value(8).toDouble();
    r.ended = q.value(9).toDouble();
    r.heartbeat = q.value(10).toDouble();
    r.pid = q.value(11).toLongLong();
    r.host = q.value(12).toString();
    r.sweepId = q.value(13).toLongLong();
    r.parentId = q.value(14).toLongLong();
    r.tags = tagsFromJson(q.value(15).toString());
    r.notes = q.value(16).toString();
    r.message = q.value(17).toString();
    return r;
}

const char *const kRunColumns = "id, name, status, config, seed, device, versions, created, started, ended, "
                                "heartbeat, pid, host, coalesce(sweep_id, 0), coalesce(parent_id, 0), tags, "
                                "notes, message";

QVariant idOrNull(qint64 id)
{
    return id > 0 ? QVariant(id) : QVariant(QMetaType(QMetaType::LongLong));
}

} // namespace

QString RunStore::defaultPath()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + QStringLiteral("/.local/share/gatefold");
    return dir + QStringLiteral("/runs.sqlite");
}

std::unique_ptr<RunStore> RunStore::open(const QString &path, QString *error)
{
    const QFileInfo info(path);
    const QString shown = QDir::toNativeSeparators(info.absoluteFilePath());
    int version = 0;
    if (info.exists()) {
        if (!info.isFile()) {
            *error = QStringLiteral("%1 is not a file; give --store the path of a run store file.").arg(shown);
            return nullptr;
        }
        QString why;
        version = probeVersion(info.absoluteFilePath(), &why);
        if (version < 0) {
            *error = QStringLiteral("%1 is not a Gatefold run store or is damaged (%2). It was not modified; "
                                    "choose another file with --store or move this one away.")
                         .arg(shown, why);
            return nullptr;
        }
        if (version > currentSchemaVersion()) {
            *error = QStringLiteral("%1 was written by a newer Gatefold (store schema %2; this build reads up to "
                                    "%3). It was not modified; update Gatefold to use it.")
                         .arg(shown)
                         .arg(version)
                         .arg(currentSchemaVersion());
            return nullptr;
        }
    } else if (!QDir().mkpath(info.absolutePath())) {
        *error = QStringLiteral("cannot create the directory %1 for the run store; choose another place with "
                                "--store.")
                     .arg(QDir::toNativeSeparators(info.absolutePath()));
        return nullptr;
    }

    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName());
    db.setDatabaseName(info.absoluteFilePath());
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    std::unique_ptr<RunStore> store(new RunStore(db, info.absoluteFilePath()));
    if (!store->m_db.open()) {
        *error = QStringLiteral("cannot open the run store %1: %2").arg(shown, store->m_db.lastError().text());
        return nullptr;
    }
    QSqlQuery q(store->m_db);
    // WAL: readers never block the writer and a killed writer loses only its
    // open transaction; NORMAL sync is durable against a process crash.
    for (const char *pragma : {"PRAGMA foreign_keys = ON", "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL"}) {
        if (!q.exec(QString::fromLatin1(pragma))) {
            *error = QStringLiteral("cannot set up the run store %1 (%2): %3")
                         .arg(shown, QString::fromLatin1(pragma), q.lastError().text());
            return nullptr;
        }
    }
    QString why;
    if (!migrateSchema(store->m_db, version, &why)) {
        *error = QStringLiteral("cannot bring the run store %1 to schema %2: %3")
                     .arg(shown)
                     .arg(currentSchemaVersion())
                     .arg(why);
        return nullptr;
    }
    return store;
}

RunStore::RunStore(QSqlDatabase db, QString path)
    : m_db(std::move(db))
    , m_path(std::move(path))
{
}

RunStore::~RunStore()
{
    const QString name = m_db.connectionName();
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(name);
}

bool RunStore::fail(const QString &what, const QString &why)
{
    m_error = what + QStringLiteral(": ") + why;
    return false;
}

int RunStore::schemaVersion() const
{
    QSqlQuery q(m_db);
    return q.exec(QStringLiteral("PRAGMA user_version")) && q.next() ? q.value(0).toInt() : -1;
}

std::optional<qint64> RunStore::createRun(const NewRun &run)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO runs (name, status, config, seed, created, sweep_id, parent_id, tags, notes) "
                             "VALUES (?, 'queued', ?, ?, ?, ?, ?, ?, ?)"));
    // Null QStrings would bind as SQL NULL; the columns hold text.
    q.addBindValue(run.name.isNull() ? QStringLiteral("") : run.name);
    q.addBindValue(QString::fromUtf8(run.configJson.isNull() ? QByteArray("{}") : run.configJson));
    q.addBindValue(run.seed);
    q.addBindValue(now());
    q.addBindValue(idOrNull(run.sweepId));
    q.addBindValue(idOrNull(run.parentId));
    q.addBindValue(tagsJson(run.tags));
    q.addBindValue(run.notes.isNull() ? QStringLiteral("") : run.notes);
    if (!q.exec()) {
        fail(QStringLiteral("cannot create the run"), q.lastError().text());
        return std::nullopt;
    }
    return q.lastInsertId().toLongLong();
}

std::optional<RunRecord> RunStore::run(qint64 id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE id = ?").arg(QLatin1String(kRunColumns)));
    q.addBindValue(id);
    if (!q.exec()) {
        fail(QStringLiteral("cannot read run %1").arg(id), q.lastError().text());
        return std::nullopt;
    }
    if (!q.next()) {
        fail(QStringLiteral("cannot read run %1").arg(id), QStringLiteral("there is no such run"));
        return std::nullopt;
    }
    return recordFrom(q);
}

std::vector<RunRecord> RunStore::runs(qint64 sweepId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE (? = 0 OR sweep_id = ?) ORDER BY id DESC")
                  .arg(QLatin1String(kRunColumns)));
    q.addBindValue(sweepId);
    q.addBindValue(sweepId);
    std::vector<RunRecord> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot list runs"), q.lastError().text());
        return out;
    }
    while (q.next())
        out.push_back(recordFrom(q));
    return out;
}

bool RunStore::setStatus(qint64 id, RunStatus status, const QString &message)
{
    if (!m_db.transaction())
        return fail(QStringLiteral("cannot update run %1").arg(id), m_db.lastError().text());
    const auto current = run(id);
    if (!current) {
        m_db.rollback();
        return false;
    }
    if (!isAllowedTransition(current->status, status)) {
        m_db.rollback();
        return fail(QStringLiteral("run %1 cannot go from %2 to %3").arg(id).arg(toString(current->status),
                                                                              toString(status)),
                    QStringLiteral("not a step of queued -> running -> finished | failed | cancelled | crashed"));
    }
    QSqlQuery q(m_db);
    const double t = now();
    if (status == RunStatus::Running) {
        q.prepare(QStringLiteral("UPDATE runs SET status = 'running', started = CASE WHEN started = 0 THEN ? ELSE "
                                 "started END, ended = 0, heartbeat = ?, pid = ?, host = ?, "
                                 "message = coalesce(?, message) WHERE id = ?"));
        q.addBindValue(t);
        q.addBindValue(t);
        q.addBindValue(QCoreApplication::applicationPid());
        q.addBindValue(QSysInfo::machineHostName());
    } else {
        q.prepare(QStringLiteral("UPDATE runs SET status = ?, ended = ?, message = coalesce(?, message) "
                                 "WHERE id = ?"));
        q.addBindValue(toString(status));
        q.addBindValue(isTerminal(status) ? t : 0.0);
    }
    q.addBindValue(message.isNull() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(message));
    q.addBindValue(id);
    if (!q.exec() || !m_db.commit()) {
        const QString why = q.lastError().isValid() ? q.lastError().text() : m_db.lastError().text();
        m_db.rollback();
        return fail(QStringLiteral("cannot update run %1").arg(id), why);
    }
    return true;
}

namespace {

bool updateColumn(QSqlDatabase &db, qint64 id, const char *column, const QVariant &value, QString *why)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET %1 = ? WHERE id = ?").arg(QLatin1String(column)));
    // A null QString would bind as SQL NULL; these columns hold text.
    const bool nullText = value.metaType().id() == QMetaType::QString && value.toString().isNull();
    q.addBindValue(nullText ? QVariant(QStringLiteral("")) : value);
    q.addBindValue(id);
    if (!q.exec()) {
        *why = q.lastError().text();
        return false;
    }
    if (q.numRowsAffected() != 1) {
        *why = QStringLiteral("there is no such run");
        return false;
    }
    return true;
}

} // namespace

bool RunStore::setRuntime(qint64 id, const QString &device, const QString &versionsJson)
{
    QString why;
    if (!updateColumn(m_db, id, "device", device, &why) || !updateColumn(m_db, id, "versions", versionsJson, &why))
        return fail(QStringLiteral("cannot update run %1").arg(id), why);
    return true;
}

bool RunStore::heartbeat(qint64 id)
{
    QString why;
    return updateColumn(m_db, id, "heartbeat", now(), &why) || fail(QStringLiteral("heartbeat of run %1").arg(id), why);
}

bool RunStore::setName(qint64 id, const QString &name)
{
    QString why;
    return updateColumn(m_db, id, "name", name.isNull() ? QStringLiteral("") : name, &why) || fail(QStringLiteral("cannot rename run %1").arg(id), why);
}

bool RunStore::setTags(qint64 id, const QStringList &tags)
{
    QString why;
    return updateColumn(m_db, id, "tags", tagsJson(tags), &why)
        || fail(QStringLiteral("cannot tag run %1").arg(id), why);
}

bool RunStore::setNotes(qint64 id, const QString &notes)
{
    QString why;
    return updateColumn(m_db, id, "notes", notes.isNull() ? QStringLiteral("") : notes, &why)
        || fail(QStringLiteral("cannot set the notes of run %1").arg(id), why);
}

bool RunStore::deleteRun(qint64 id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return fail(QStringLiteral("cannot delete run %1").arg(id), q.lastError().text());
    if (q.numRowsAffected() != 1)
        return fail(QStringLiteral("cannot delete run %1").arg(id), QStringLiteral("there is no such run"));
    return true;
}

std::vector<qint64> RunStore::markCrashedRuns(double staleSeconds)
{
    std::vector<qint64> crashed;
    const QString host = QSysInfo::machineHostName();
    const double t = now();
    for (const auto &r : runs()) {
        if (r.status != RunStatus::Running)
            continue;
        const bool here = r.host == host;
        QString why;
        if (here && !processAlive(r.pid))
            why = QStringLiteral("the engine process (pid %1) is gone").arg(r.pid);
        else if (t - r.heartbeat > staleSeconds)
            why = QStringLiteral("no heartbeat for %1 s (host %2)").arg(qint64(t - r.heartbeat)).arg(r.host);
        if (why.isEmpty())
            continue;
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral("UPDATE runs SET status = 'crashed', ended = ?, message = ? "
                                 "WHERE id = ? AND status = 'running'"));
        q.addBindValue(t);
        q.addBindValue(why);
        q.addBindValue(r.id);
        if (q.exec() && q.numRowsAffected() == 1)
            crashed.push_back(r.id);
    }
    return crashed;
}

bool RunStore::addMetrics(qint64 runId, const std::vector<MetricPoint> &points)
{
    if (points.empty())
        return true;
    if (!m_db.transaction())
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

std::optional<qint64> RunStore::addArtifact(const Artifact &a)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO artifacts (run_id, kind, path, sha256, created, info) "
                             "VALUES (?, ?, ?, ?, ?, ?)"));
    q.addBindValue(a.runId);
    q.addBindValue(a.kind);
    q.addBindValue(a.path);
    q.addBindValue(a.sha256);
    q.addBindValue(a.created > 0 ? a.created : now());
    q.addBindValue(a.infoJson.isEmpty() ? QStringLiteral("{}") : QString::fromUtf8(a.infoJson));
    if (!q.exec()) {
        fail(QStringLiteral("cannot record an artifact of run %1").arg(a.runId), q.lastError().text());
        return std::nullopt;
    }
    return q.lastInsertId().toLongLong();
}

std::vector<Artifact> RunStore::artifacts(qint64 runId, const QString &kind)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id, run_id, kind, path, sha256, created, info FROM artifacts "
                             "WHERE run_id = ? AND (? = '' OR kind = ?) ORDER BY id"));
    q.addBindValue(runId);
    q.addBindValue(kind.isNull() ? QStringLiteral("") : kind);
    q.addBindValue(kind.isNull() ? QStringLiteral("") : kind);
    std::vector<Artifact> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot list the artifacts of run %1").arg(runId), q.lastError().text());
        return out;
    }
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(), q.value(3).toString(),
                       q.value(4).toString(), q.value(5).toDouble(), q.value(6).toString().toUtf8()});
    return out;
}

std::optional<qint64> RunStore::addSnapshot(const Snapshot &s)
{
    if (QJsonDocument::fromJson(s.dataJson).isNull()) {
        fail(QStringLiteral("cannot record a %1 snapshot of run %2").arg(s.kind).arg(s.runId),
             QStringLiteral("its data is not JSON"));
        return std::nullopt;
    }
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO snapshots (run_id, kind, step, epoch, created, data) "
                             "VALUES (?, ?, ?, ?, ?, ?)"));
    q.addBindValue(s.runId);
    q.addBindValue(s.kind);
    q.addBindValue(s.step);
    q.addBindValue(s.epoch);
    q.addBindValue(s.created > 0 ? s.created : now());
    q.addBindValue(QString::fromUtf8(s.dataJson));
    if (!q.exec()) {
        fail(QStringLiteral("cannot record a %1 snapshot of run %2").arg(s.kind).arg(s.runId), q.lastError().text());
        return std::nullopt;
    }
    return q.lastInsertId().toLongLong();
}

std::vector<Snapshot> RunStore::snapshots(qint64 runId, const QString &kind)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id, run_id, kind, step, epoch, created, data FROM snapshots "
                             "WHERE run_id = ? AND kind = ? ORDER BY step, id"));
    q.addBindValue(runId);
    q.addBindValue(kind);
    std::vector<Snapshot> out;
    if (!q.exec()) {
        fail(QStringLiteral("cannot read the %1 snapshots of run %2").arg(kind).arg(runId), q.lastError().text());
        return out;
    }
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                       q.value(3).toLongLong(), q.value(4).toDouble(), q.value(5).toDouble(),
                       q.value(6).toString().toUtf8()});
    return out;
}

std::optional<qint64> RunStore::createSweep(const QString &name, const QByteArray &gridJson)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO sweeps (name, grid, created) VALUES (?, ?, ?)"));
    q.addBindValue(name);
    q.addBindValue(QString::fromUtf8(gridJson));
    q.addBindValue(now());
    if (!q.exec()) {
        fail(QStringLiteral("cannot create the sweep"), q.lastError().text());
        return std::nullopt;
    }
    return q.lastInsertId().toLongLong();
}

std::optional<Sweep> RunStore::sweep(qint64 id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT id, name, grid, created FROM sweeps WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("cannot read sweep %1").arg(id),
             q.lastError().isValid() ? q.lastError().text() : QStringLiteral("there is no such sweep"));
        return std::nullopt;
    }
    return Sweep{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString().toUtf8(), q.value(3).toDouble()};
}

bool RunStore::integrityOk()
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA integrity_check")) || !q.next())
        return fail(QStringLiteral("integrity check"), q.lastError().text());
    const QString result = q.value(0).toString();
    return result == QLatin1String("ok") || fail(QStringLiteral("integrity check"), result);
}

} // namespace gatefold::store
