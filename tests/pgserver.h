#pragma once

// A throw-away PostgreSQL server for the tests: initdb into a temporary
// directory, started on 127.0.0.1 and a free port with trust authentication,
// stopped (immediately) and deleted at the end. The binaries come from
// Debian's postgresql package (/usr/lib/postgresql/<version>/bin). PostgreSQL
// refuses to run as root: as root, it runs as the package's `postgres` user.

#include "freeport.h"

#include <QDir>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUuid>

#include <pwd.h>
#include <unistd.h>

#include <algorithm>

namespace gatefold::test {

class PgServer
{
public:
    PgServer() = default;
    PgServer(const PgServer &) = delete;
    PgServer &operator=(const PgServer &) = delete;
    ~PgServer() { stop(); }

    // Empty on success; else what failed and what to do.
    QString start()
    {
        m_bin = binDir();
        if (m_bin.isEmpty())
            return QStringLiteral("no PostgreSQL server binaries (initdb) under /usr/lib/postgresql; install the "
                                  "Debian package postgresql (scripts/setup-deps.sh does)");
        if (!m_dir.isValid())
            return QStringLiteral("cannot create a temporary directory");
        m_data = m_dir.filePath(QStringLiteral("data"));
        if (::geteuid() == 0) {
            const passwd *pw = ::getpwnam("postgres");
            if (!pw)
                return QStringLiteral("running as root, and there is no 'postgres' user to run the server as");
            if (::chown(qPrintable(m_dir.path()), pw->pw_uid, pw->pw_gid) != 0)
                return QStringLiteral("cannot hand %1 to the postgres user").arg(m_dir.path());
            m_asPostgres = true;
        }
        m_port = freeLocalPort();
        if (m_port == 0)
            return QStringLiteral("no free TCP port on 127.0.0.1");
        QString out;
        if (!run(QStringLiteral("initdb"),
                 {QStringLiteral("-D"), m_data, QStringLiteral("-A"), QStringLiteral("trust"), QStringLiteral("-U"),
                  QStringLiteral("gatefold"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                  QStringLiteral("--locale=C"), QStringLiteral("--no-sync")},
                 &out))
            return QStringLiteral("initdb failed: ") + out;
        const QString options = QStringLiteral("-p %1 -k %2 -c listen_addresses=127.0.0.1 -c fsync=off "
                                               "-c full_page_writes=off -c synchronous_commit=off")
                                    .arg(m_port)
                                    .arg(m_dir.path());
        if (!run(QStringLiteral("pg_ctl"),
                 {QStringLiteral("-D"), m_data, QStringLiteral("-l"), m_dir.filePath(QStringLiteral("server.log")),
                  QStringLiteral("-o"), options, QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("60"),
                  QStringLiteral("start")},
                 &out))
            return QStringLiteral("pg_ctl start failed: ") + out;
        m_running = true;
        return QString();
    }

    void stop()
    {
        if (!m_running)
            return;
        QString out;
        run(QStringLiteral("pg_ctl"), {QStringLiteral("-D"), m_data, QStringLiteral("-m"), QStringLiteral("immediate"),
                                       QStringLiteral("-w"), QStringLiteral("stop")},
            &out);
        m_running = false;
    }

    int port() const { return m_port; }
    QString url(const QString &database, const QString &query = QString()) const
    {
        QString u = QStringLiteral("postgresql://gatefold@127.0.0.1:%1/%2").arg(m_port).arg(database);
        return query.isEmpty() ? u : u + QLatin1Char('?') + query;
    }

    // Runs SQL on `database` as the superuser (e.g. CREATE DATABASE on "postgres"); empty on success.
    QString exec(const QString &database, const QStringList &statements) const
    {
        const QString name = QUuid::createUuid().toString();
        QString error;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
            db.setHostName(QStringLiteral("127.0.0.1"));
            db.setPort(m_port);
            db.setUserName(QStringLiteral("gatefold"));
            db.setDatabaseName(database);
            if (!db.open()) {
                error = db.lastError().text();
            } else {
                QSqlQuery q(db);
                for (const QString &s : statements) {
                    if (!q.exec(s)) {
                        error = s + QStringLiteral(": ") + q.lastError().text();
                        break;
                    }
                }
                db.close();
            }
        }
        QSqlDatabase::removeDatabase(name);
        return error;
    }
    // A fresh, empty database; empty on success.
    QString createDatabase(const QString &name) const
    {
        return exec(QStringLiteral("postgres"), {QStringLiteral("CREATE DATABASE %1").arg(name)});
    }
    // One value of a query (first row, first column) on `database`.
    QVariant scalar(const QString &database, const QString &sql) const
    {
        const QString name = QUuid::createUuid().toString();
        QVariant value;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
            db.setHostName(QStringLiteral("127.0.0.1"));
            db.setPort(m_port);
            db.setUserName(QStringLiteral("gatefold"));
            db.setDatabaseName(database);
            if (db.open()) {
                QSqlQuery q(db);
                if (q.exec(sql) && q.next())
                    value = q.value(0);
                db.close();
            }
        }
        QSqlDatabase::removeDatabase(name);
        return value;
    }

private:
    static QString binDir()
    {
        QStringList versions = QDir(QStringLiteral("/usr/lib/postgresql")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        std::sort(versions.begin(), versions.end(),
                  [](const QString &a, const QString &b) { return a.toInt() > b.toInt(); });
        for (const QString &v : versions) {
            const QString bin = QStringLiteral("/usr/lib/postgresql/%1/bin").arg(v);
            if (QFile::exists(bin + QStringLiteral("/initdb")))
                return bin;
        }
        return QString();
    }

    bool run(const QString &tool, const QStringList &args, QString *out) const
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.setWorkingDirectory(m_dir.path());
        const QString program = m_bin + QLatin1Char('/') + tool;
        if (m_asPostgres)
            p.start(QStringLiteral("runuser"), QStringList{QStringLiteral("-u"), QStringLiteral("postgres"),
                                                           QStringLiteral("--"), program}
                                                   + args);
        else
            p.start(program, args);
        const bool done = p.waitForFinished(120000);
        *out = QString::fromLocal8Bit(p.readAll());
        if (!done)
            *out += QStringLiteral(" (did not finish: %1)").arg(p.errorString());
        return done && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }

    QTemporaryDir m_dir;
    QString m_bin;
    QString m_data;
    int m_port = 0;
    bool m_asPostgres = false;
    bool m_running = false;
};

} // namespace gatefold::test
