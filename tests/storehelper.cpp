// A small process that uses a run store, for the store tests that need real
// other processes (Qt Core + the store only: it starts in milliseconds, so a
// test can start hundreds). Usage: storehelper COMMAND STORE [ARG…] [--wait FILE]
//   open                 open read-write and close
//   read                 open read-only, print every run as "id name status", close
//   create NAME          open, create a run, print its id
//   claim ID             open, setStatus(ID, running): exit 0 won, 3 refused
//   delete ID            open, delete run ID
//   notes ID TEXT        open, set the notes of run ID
//   fill ID N            open, add metrics in batches of N points until a write fails; print the error
//   hold SECONDS         open, create a run, keep the store open SECONDS, close
//   mark                 open, markCrashedRuns(): print the ids marked (exit 1 if a write failed)
//   count ID             open read-only: "points N integrity ok|…" of run ID's train/loss
//   fds                  print the targets of this process's open descriptors (no store)
//   raw SECONDS SQL…     not a RunStore: a plain SQLite connection (another program, or a newer
//                        Gatefold) runs each SQL statement, prints "holding", keeps it open SECONDS
// --wait FILE: wait until FILE exists before opening (starts many at one moment).
// Prints "error: …" and exits 1 when the store refuses.

#include "store/runstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTextStream>
#include <QThread>

#include <cstdio>

using namespace gatefold::store;

namespace {

int fail(const QString &error)
{
    QTextStream(stdout) << "error: " << error << Qt::endl;
    return 1;
}

void waitFor(const QString &file)
{
    while (!QFileInfo::exists(file))
        QThread::usleep(200);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const int wait = int(args.indexOf(QStringLiteral("--wait")));
    if (wait >= 0 && wait + 1 < args.size()) {
        waitFor(args.at(wait + 1));
        args.remove(wait, 2);
    }
    QTextStream out(stdout);
    const QString command = args.value(0);
    if (command == QLatin1String("fds")) {
        for (const QFileInfo &fd : QDir(QStringLiteral("/proc/self/fd")).entryInfoList(QDir::System | QDir::Files))
            out << fd.fileName() << ' ' << fd.symLinkTarget() << '\n';
        return 0;
    }
    if (args.size() < 2)
        return fail(QStringLiteral("usage: storehelper COMMAND STORE [ARG…]"));
    if (command == QLatin1String("raw")) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(args.at(1));
        if (!db.open())
            return fail(db.lastError().text());
        for (const QString &sql : args.mid(3)) {
            QSqlQuery q(db);
            if (!q.exec(sql))
                return fail(sql + QStringLiteral(": ") + q.lastError().text());
        }
        out << "holding" << Qt::endl;
        QThread::msleep(qint64(args.value(2).toDouble() * 1000));
        return 0;
    }
    QString error;
    const bool reading = command == QLatin1String("read") || command == QLatin1String("count");
    auto store = RunStore::open(args.at(1), &error, reading ? OpenMode::ReadOnly : OpenMode::ReadWrite);
    if (!store)
        return fail(error);
    if (command == QLatin1String("open"))
        return store->schemaVersion() > 0 ? 0 : fail(QStringLiteral("no schema"));
    if (command == QLatin1String("read")) {
        for (const auto &r : store->runs())
            out << r.id << ' ' << r.name << ' ' << toString(r.status) << '\n';
        return store->lastError().isEmpty() ? 0 : fail(store->lastError());
    }
    if (command == QLatin1String("create")) {
        NewRun run;
        run.name = args.value(2);
        const auto id = store->createRun(run);
        if (!id)
            return fail(store->lastError());
        out << *id << Qt::endl;
        return 0;
    }
    const qint64 id = args.value(2).toLongLong();
    if (command == QLatin1String("claim"))
        return store->setStatus(id, RunStatus::Running) ? 0 : 3;
    if (command == QLatin1String("delete"))
        return store->deleteRun(id) ? 0 : fail(store->lastError());
    if (command == QLatin1String("notes"))
        return store->setNotes(id, args.value(3)) ? 0 : fail(store->lastError());
    if (command == QLatin1String("fill")) {
        // Batches of N points until one fails, then single points: full to the last page.
        int batch = args.value(3).toInt();
        QString firstError;
        for (qint64 step = 0;;) {
            std::vector<MetricPoint> points;
            for (int i = 0; i < batch; ++i)
                points.push_back({QStringLiteral("train/loss"), step + i, 0, 0, double(step + i)});
            if (store->addMetrics(id, points)) {
                step += batch;
                continue;
            }
            if (firstError.isEmpty())
                firstError = store->lastError();
            if (batch > 1) {
                batch = 1;
                continue;
            }
            out << firstError << Qt::endl;
            out << "committed " << step << Qt::endl;
            return 2;
        }
    }
    if (command == QLatin1String("mark")) {
        const auto marked = store->markCrashedRuns();
        for (qint64 m : marked)
            out << "crashed " << m << '\n';
        return store->lastError().isEmpty() ? 0 : fail(store->lastError());
    }
    if (command == QLatin1String("count")) {
        out << "points " << store->metrics(id, QStringLiteral("train/loss")).size() << " integrity "
            << (store->integrityOk() ? QStringLiteral("ok") : store->lastError()) << Qt::endl;
        return 0;
    }
    if (command == QLatin1String("hold")) {
        NewRun run;
        run.name = QStringLiteral("held");
        if (!store->createRun(run))
            return fail(store->lastError());
        out << "holding" << Qt::endl;
        QThread::msleep(qint64(args.value(2).toDouble() * 1000));
        return 0;
    }
    return fail(QStringLiteral("unknown command %1").arg(command));
}
