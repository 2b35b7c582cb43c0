#include "runstore.h"

#include "storeprobe.h"
#include "storeschema.h"
#include "storesql.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QVariant>

namespace gatefold::store {

QString RunStore::defaultPath()
{
    const QString fromEnvironment = qEnvironmentVariable("GATEFOLD_STORE");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    // One store for the GUI and the CLI, whatever the application name.
    QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + QStringLiteral("/.local/share");
    return dir + QStringLiteral("/gatefold/runs.sqlite");
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

    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), sql::connectionName());
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

QString RunStore::runDirectory(qint64 runId) const
{
    return QFileInfo(m_path).absoluteDir().filePath(QStringLiteral("runs/%1").arg(runId));
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

bool RunStore::integrityOk()
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA integrity_check")) || !q.next())
        return fail(QStringLiteral("integrity check"), q.lastError().text());
    const QString result = q.value(0).toString();
    return result == QLatin1String("ok") || fail(QStringLiteral("integrity check"), result);
}

} // namespace gatefold::store
