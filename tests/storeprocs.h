#pragma once

// Store tests with real other processes: tests/storehelper.cpp (a Qt-only
// executable, GATEFOLD_STORE_HELPER) started many at once, and plain reads
// of an SQLite file through a connection of the test's own.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QUuid>
#include <QVariant>

#include <memory>
#include <vector>

#include <unistd.h>

namespace gatefold::test {

struct HelperResult {
    int exitCode = -1;  // -1: crashed or did not finish
    QString out;
};

inline QString storeHelperPath()
{
    return QStringLiteral(GATEFOLD_STORE_HELPER);
}

// Runs the helper with `arguments`; `prefix` (e.g. setpriv …) runs it as another user.
inline HelperResult runHelper(const QStringList &arguments, const QStringList &prefix = {}, int timeoutMs = 60000)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (prefix.isEmpty())
        p.start(storeHelperPath(), arguments);
    else
        p.start(prefix.first(), prefix.mid(1) + QStringList{storeHelperPath()} + arguments);
    HelperResult r;
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit) {
        p.kill();
        p.waitForFinished();
        r.out = QString::fromUtf8(p.readAll());
        return r;
    }
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAll());
    return r;
}

// Starts `count` helpers with the same arguments, lets them go at one moment
// (they wait for a file to appear) and collects what each did.
inline std::vector<HelperResult> runHelpersAtOnce(int count, const QStringList &arguments, const QString &barrier)
{
    std::vector<std::unique_ptr<QProcess>> processes;
    for (int i = 0; i < count; ++i) {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::MergedChannels);
        p->start(storeHelperPath(), arguments + QStringList{QStringLiteral("--wait"), barrier});
        processes.push_back(std::move(p));
    }
    for (auto &p : processes)
        p->waitForStarted();
    QFile go(barrier);
    go.open(QIODevice::WriteOnly);
    go.close();
    std::vector<HelperResult> results;
    for (auto &p : processes) {
        HelperResult r;
        if (p->waitForFinished(120000) && p->exitStatus() == QProcess::NormalExit)
            r.exitCode = p->exitCode();
        else
            p->kill(), p->waitForFinished();
        r.out = QString::fromUtf8(p->readAll());
        results.push_back(r);
    }
    return results;
}

// One SQL statement's first column, row by row, through a connection of its own
// (the test's view of the file, independent of any RunStore).
inline QStringList sqlColumn(const QString &path, const QString &sql)
{
    QStringList out;
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql))
                while (q.next())
                    out << q.value(0).toString();
            else
                out << QStringLiteral("SQL error: ") + q.lastError().text();
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

inline bool sqlExec(const QString &path, const QString &sql)
{
    bool ok = false;
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.exec(sql);
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// The non-root identity the read-only tests run their child as when the test
// runs as root (root ignores file permissions): setpriv to nobody.
inline QStringList asNonRoot()
{
    if (::geteuid() != 0)
        return {};
    return {QStringLiteral("setpriv"), QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
            QStringLiteral("--clear-groups"), QStringLiteral("--")};
}

} // namespace gatefold::test
