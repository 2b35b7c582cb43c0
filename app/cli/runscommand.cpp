#include "runscommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "mlflowcommand.h"
#include "runoptions.h"
#include "runscancel.h"
#include "runsrequest.h"
#include "runsslurmview.h"
#include "runswhere.h"
#include "trainprinter.h"

#include "store/runstore.h"
#include "store/storetext.h"
#include "store/treeremoval.h"
#include "train/runexecution.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace gatefold::cli {
namespace {

// A time as the store holds it (Unix seconds; 0: not yet). One no clock gives (infinite, before
// 1970, after the year 9999) is damage, named as such, never a date computed from it.
QString when(double unixSeconds)
{
    if (unixSeconds == 0)
        return QStringLiteral("-");
    constexpr double kYear10000 = 253402300800.0;
    if (!std::isfinite(unixSeconds) || unixSeconds < 0 || unixSeconds >= kYear10000)
        return tr("unknown (damaged value %1)").arg(unixSeconds, 0, 'g', 6);
    return QDateTime::fromMSecsSinceEpoch(qint64(unixSeconds * 1000)).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

// What the store holds, for a terminal: control characters escaped (a note may hold anything).
QString shown(const QString &text)
{
    return store::escapedForTerminal(text);
}

QString statusOf(const store::RunRecord &r)
{
    return r.damage.isEmpty() ? store::toString(r.status) : tr("damaged");
}

// The last value and the best (max for top-k, min otherwise) of a metric.
struct Summary {
    double last = 0;
    double best = 0;
    qint64 lastStep = 0;
    bool any = false;
};

Summary summarise(store::RunStore &store, qint64 runId, const QString &key)
{
    Summary s;
    const auto points = store.metrics(runId, key);
    if (points.empty())
        return s;
    const bool higher = key.contains(QLatin1String("top"));
    s.any = true;
    s.last = points.back().value;
    s.lastStep = points.back().step;
    s.best = points.front().value;
    for (const auto &p : points)
        s.best = higher ? std::max(s.best, p.value) : std::min(s.best, p.value);
    return s;
}

QJsonObject runObject(const store::RunRecord &r)
{
    QJsonObject o{{"id", r.id}, {"name", r.name}, {"status", statusOf(r)}, {"seed", r.seed},
                  {"device", r.device}, {"created", r.created}, {"started", r.started}, {"ended", r.ended},
                  {"heartbeat", r.heartbeat}, {"pid", r.pid}, {"host", r.host}, {"sweep", r.sweepId},
                  {"parent", r.parentId}, {"tags", QJsonArray::fromStringList(r.tags)}, {"notes", r.notes},
                  {"message", r.message}};
    if (!r.damage.isEmpty())
        o.insert("damage", r.damage);
    return o;
}

// The last step a run measured; "-" before its first (the store says -1).
QString stepText(qint64 step)
{
    return step < 0 ? QStringLiteral("-") : QString::number(step);
}

int list(store::RunStore &store, qint64 sweepId, const QString &where, bool json)
{
    if (sweepId != 0 && !store.sweep(sweepId)) {
        printErr(tr("error: there is no sweep %1 in %2; `gatefold-cli runs list` lists every run")
                     .arg(sweepId)
                     .arg(store.displayName()));
        return ExitUsage;
    }
    auto runs = store.runs(sweepId);
    if (!where.isEmpty()) {
        QStringList problem;
        if (const auto query = whereQuery(where, &problem))
            runs = runsWhere(store, std::move(runs), *query);
    }
    std::vector<qint64> ids;
    for (const auto &r : runs)
        ids.push_back(r.id);
    const RunsSlurmView slurm(store, ids);
    if (json) {
        for (const auto &r : runs) {
            auto o = runObject(r);
            if (const QJsonObject job = slurm.json(r.id); !job.isEmpty())
                o.insert("slurm", job);
            const auto top1 = summarise(store, r.id, QStringLiteral("val/top1"));
            if (top1.any) {
                o.insert("val_top1_last", top1.last);
                o.insert("val_top1_best", top1.best);
            }
            TrainPrinter::printJson(o);
        }
        return reportDamage(store, ExitOk);
    }
    if (runs.empty()) {
        printOut(where.isEmpty() ? tr("no runs in %1").arg(store.displayName())
                                 : tr("no runs in %1 match --where %2").arg(store.displayName(), where));
        return reportDamage(store, ExitOk);
    }
    printOut(QStringLiteral("%1  %2  %3  %4  %5  %6%7")
                 .arg(tr("id"), 5)
                 .arg(tr("name"), -20)
                 .arg(tr("status"), -9)
                 .arg(tr("step"), 7)
                 .arg(tr("top-1 last/best"), -15)
                 .arg(tr("created"), slurm.any() ? -19 : 0)
                 .arg(slurm.any() ? QStringLiteral("  ") + tr("slurm job, state") : QString()));
    for (const auto &r : runs) {
        const auto top1 = summarise(store, r.id, QStringLiteral("val/top1"));
        const QString acc = top1.any ? QStringLiteral("%1/%2").arg(100 * top1.last, 0, 'f', 1).arg(100 * top1.best, 0, 'f', 1)
                                     : QStringLiteral("-");
        printOut(QStringLiteral("%1  %2  %3  %4  %5  %6%7")
                     .arg(r.id, 5)
                     .arg(shown(r.name).left(20), -20)
                     .arg(statusOf(r), -9)
                     .arg(stepText(store.lastMetricStep(r.id)), 7)
                     .arg(acc, -15)
                     .arg(when(r.created), slurm.any() ? -19 : 0)
                     .arg(slurm.any() ? QStringLiteral("  ") + slurm.cell(r.id) : QString()));
    }
    return reportDamage(store, ExitOk);
}

// The record of `runs show`, every text in it escaped for the terminal.
void printRecord(const store::RunRecord &r)
{
    printOut(tr("run %1 '%2': %3%4").arg(r.id).arg(shown(r.name), statusOf(r),
                                            r.message.isEmpty() ? QString() : QStringLiteral(" - ") + shown(r.message)));
    if (!r.damage.isEmpty())
        printOut(tr("  damaged: %1").arg(shown(r.damage)));
    printOut(tr("  seed %1, device %2, pid %3 on %4, sweep %5, parent %6")
                 .arg(r.seed)
                 .arg(r.device.isEmpty() ? QStringLiteral("-") : shown(r.device))
                 .arg(r.pid)
                 .arg(r.host.isEmpty() ? QStringLiteral("-") : shown(r.host))
                 .arg(r.sweepId)
                 .arg(r.parentId));
    printOut(tr("  created %1, started %2, ended %3, last heartbeat %4")
                 .arg(when(r.created), when(r.started), when(r.ended), when(r.heartbeat)));
    if (!r.tags.isEmpty())
        printOut(tr("  tags: %1").arg(shown(r.tags.join(", "))));
    if (!r.notes.isEmpty())
        printOut(tr("  notes: %1").arg(shown(r.notes)));
    if (!r.versions.isEmpty())
        printOut(tr("  versions: %1").arg(shown(r.versions)));
}

int show(store::RunStore &store, qint64 id, bool json)
{
    const auto r = store.run(id);
    if (!r) {
        printErr(tr("error: there is no run %1 in %2").arg(id).arg(store.displayName()));
        return ExitUsage;
    }
    const QStringList keys = store.metricKeys(id);
    const auto artifacts = store.artifacts(id);
    const RunsSlurmView slurm(store, {id});
    if (json) {
        auto o = runObject(*r);
        if (const QJsonObject job = slurm.json(id); !job.isEmpty())
            o.insert("slurm", job);
        o.insert("config", QJsonDocument::fromJson(r->configJson).object());
        QJsonObject metrics;
        for (const QString &key : keys) {
            const auto s = summarise(store, id, key);
            metrics.insert(key, QJsonObject{{"last", s.last}, {"best", s.best}, {"last_step", s.lastStep}});
        }
        o.insert("metrics", metrics);
        QJsonArray files;
        for (const auto &a : artifacts)
            files.append(QJsonObject{{"kind", a.kind}, {"path", train::artifactFile(store, a)}, {"sha256", a.sha256},
                                     {"info", QJsonDocument::fromJson(a.infoJson).object()}});
        o.insert("artifacts", files);
        TrainPrinter::printJson(o);
        return reportDamage(store, ExitOk);
    }
    printRecord(*r);
    for (const QString &line : slurm.lines(store, id))
        printOut(line);
    printOut(tr("metrics (last / best, at the last step):"));
    for (const QString &key : keys) {
        const auto s = summarise(store, id, key);
        if (s.any)
            printOut(QStringLiteral("  %1 %2 / %3  (step %4)").arg(shown(key), -22).arg(s.last, 0, 'g', 6).arg(s.best, 0, 'g', 6).arg(s.lastStep));
    }
    printOut(tr("artifacts:"));
    for (const auto &a : artifacts)
        printOut(QStringLiteral("  %1 %2  sha256 %3  %4").arg(shown(a.kind), -18).arg(shown(train::artifactFile(store, a)),
                                                              shown(a.sha256.left(16)), shown(QString::fromUtf8(a.infoJson))));
    printOut(tr("config:"));
    const auto config = QJsonDocument::fromJson(r->configJson).object();
    for (auto it = config.begin(); it != config.end(); ++it)
        printOut(QStringLiteral("  %1=%2").arg(shown(it.key()), shown(it.value().isString() ? it.value().toString()
                                                          : QString::fromUtf8(QJsonDocument(QJsonArray{it.value()}).toJson(QJsonDocument::Compact)).mid(1).chopped(1))));
    return reportDamage(store, ExitOk);
}

// runs delete --files, after the record went: the run's folder, never what a link in it points to.
int removeFolder(qint64 id, const QString &dir)
{
    const store::TreeRemoval removed = store::removeTree(dir);
    if (!removed.ok()) {
        printErr(tr("error: run %1 is deleted from the store, but not all of its folder %2 could be removed (%3 "
                    "were): %4. Remove the rest by hand.")
                     .arg(id)
                     .arg(shown(dir), removed.summary(), shown(removed.error)));
        return ExitFailure;
    }
    if (!removed.existed)
        printOut(tr("deleted run %1 (it had no folder %2)").arg(id).arg(shown(dir)));
    else if (!removed.linkTarget.isNull())
        printOut(tr("deleted run %1; its folder %2 was a symbolic link to %3: the link was removed, %3 was not "
                    "touched")
                     .arg(id)
                     .arg(shown(dir), shown(removed.linkTarget)));
    else
        printOut(tr("deleted run %1 and its folder %2 (%3)").arg(id).arg(shown(dir), removed.summary()));
    return ExitOk;
}

int remove(store::RunStore &store, qint64 id, bool files)
{
    const auto r = store.run(id);
    if (!r) {
        printErr(tr("error: there is no run %1 in %2").arg(id).arg(store.displayName()));
        return ExitUsage;
    }
    if (r->status == store::RunStatus::Running) {
        printErr(tr("error: run %1 is running (pid %2 on %3); cancel it first").arg(id).arg(r->pid).arg(r->host));
        return ExitUsage;
    }
    if (!store.deleteRun(id)) {
        printErr(tr("error: %1").arg(store.lastError()));
        return ExitFailure;
    }
    const QString dir = train::runDirectory(store, id);
    if (!files) {
        printOut(tr("deleted run %1 (its files stay in %2; --files removes them)").arg(id).arg(dir));
        return ExitOk;
    }
    return removeFolder(id, dir);
}

// Listing a store that does not exist yet: no runs, and no store made for it. The exit code when
// the store is not there, else nullopt.
std::optional<int> listMissingStore(const RunsRequest &request)
{
    QString error;
    const auto location = store::StoreLocation::parse(request.storePath, &error);
    if (!location || location->isPostgres() || QFileInfo::exists(location->file))
        return std::nullopt;
    if (request.sweepId != 0) {
        printErr(tr("error: there is no sweep %1: there is no run store at %2 yet; give the store the sweep "
                    "ran in with --store")
                     .arg(request.sweepId)
                     .arg(location->display()));
        return ExitUsage;
    }
    printOut(tr("no runs in %1 (there is no store there yet)").arg(location->display()));
    return ExitOk;
}

int runAction(const RunsRequest &request)
{
    using Action = RunsRequest::Action;
    if (request.action == Action::List)
        if (const auto exitCode = listMissingStore(request))
            return *exitCode;
    // Reading opens read-only (it also reads a store it may not change); deleting writes.
    QString error;
    const bool writes = request.action == Action::Delete || request.action == Action::Cancel;
    auto store = writes ? store::RunStore::open(request.storePath, &error) : openStoreToRead(request.storePath, &error);
    if (!store) {
        printErr(tr("error: %1").arg(error));
        return ExitFailure;
    }
    switch (request.action) {
    case Action::Show: return show(*store, request.runId, request.json);
    case Action::Delete:
        store->markCrashedRuns();
        return remove(*store, request.runId, request.files);
    case Action::Cancel: return cancelRuns(*store, request.runIds, request.json);
    case Action::List: break;
    }
    return list(*store, request.sweepId, request.where, request.json);
}

} // namespace

int runRuns(const QStringList &arguments)
{
    const QString first = arguments.size() > 1 ? arguments.at(1) : QString();
    if (first == QLatin1String("export-mlflow"))
        return runExportMlflow(arguments);
    if (first == QLatin1String("import-mlflow"))
        return runImportMlflow(arguments);
    QCommandLineParser parser;
    addRunsOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments, /*allowPositional=*/true))
        return *exitCode;
    CommandError error;
    const auto request = runsRequest(parser, &error);
    if (!request)
        return printCommandError(error);
    return runAction(*request);
}

} // namespace gatefold::cli
