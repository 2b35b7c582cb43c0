#include "sweepcommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "prerunchecks.h"
#include "runoptions.h"
#include "stopsignal.h"
#include "config/sweepgrid.h"
#include "trainprinter.h"

#include "json/usertext.h"
#include "store/runstore.h"
#include "store/storetext.h"
#include "train/datarecord.h"
#include "config/runconfigjson.h"
#include "config/runpaths.h"
#include "launch/engineevents.h"
#include "launch/newrun.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QProcess>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <deque>
#include <memory>

namespace gatefold::cli {
namespace {

struct Child {
    qint64 runId = 0;
    QString label;
    std::unique_ptr<QProcess> process;
    QByteArray pending;
    QString status;  // from the child's "end" event
    QString message;
};

// Reads the child's JSON lines through the engine's own parser: forwarded as they are with --json,
// the end event kept. A line that is no event (a child killed mid-line) is said on stderr.
void drain(Child &child, bool json)
{
    child.pending += child.process->readAllStandardOutput();
    qsizetype nl;
    while ((nl = child.pending.indexOf('\n')) >= 0) {
        const QByteArray line = child.pending.left(nl);
        child.pending.remove(0, nl + 1);
        QString error;
        const auto event = line.trimmed().isEmpty() ? std::nullopt : launch::parseEventLine(line, &error);
        if (const auto *end = event ? std::get_if<launch::EndEvent>(&*event) : nullptr) {
            child.status = end->status;
            child.message = end->message;
        } else if (!error.isEmpty()) {
            printErr(tr("warning: run %1 wrote a line that is not an engine event: %2").arg(child.runId).arg(error));
        }
        if (json) {
            std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
            std::fputc('\n', stdout);
            std::fflush(stdout);
        }
    }
    const QByteArray err = child.process->readAllStandardError();
    if (!err.isEmpty())
        std::fwrite(err.constData(), 1, size_t(err.size()), stderr);
}

} // namespace

int runSweep(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Run a grid of runs: the cartesian product of the grid file's settings x seeds, over the preset,\n"
           "--config and --set base. Every run is validated before any is created, recorded under one sweep,\n"
           "and trained by its own `gatefold-cli train --run ID` process, N at a time.\n"
           "Grid file: {\"name\": \"lr\", \"base\": {\"train.epochs\": 5}, \"grid\": {\"optim.lr\": [0.001, 0.0003]},\n"
           "\"seeds\": [0, 1]}. Exit status: 0 all finished, 1 some failed, 2 invalid usage or grid, 3 cancelled."));
    parser.addHelpOption();
    addRunConfigOptions(parser);
    addStoreOption(parser);
    parser.addOption({"grid", tr("The grid file (JSON)."), tr("file")});
    parser.addOption({"seeds", tr("Seeds, e.g. 0,1,2 (replaces the grid file's)."), tr("list")});
    parser.addOption({"parallel", tr("Runs at a time (default 1). With compute.threads = 0 each run gets an equal "
                                     "share of the cores."),
                      tr("n"), QStringLiteral("1")});
    parser.addOption({"json", tr("Forward the runs' JSON lines (each names its run) on stdout.")});
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;

    QStringList errors;
    const int parallel = parallelFromOptions(parser, &errors);
    std::vector<qint64> seeds;
    if (parser.isSet("seeds")) {
        for (const QString &s : parser.value("seeds").split(',')) {
            bool ok = false;
            const qint64 v = s.trimmed().toLongLong(&ok);
            if (!ok || v < 0)
                errors.append(tr("--seeds: '%1' is not a whole number >= 0").arg(s));
            else if (std::find(seeds.begin(), seeds.end(), v) != seeds.end())
                errors.append(tr("--seeds: %1 is listed twice; list each seed once").arg(v));
            else
                seeds.push_back(v);
        }
    }
    QByteArray gridJson;
    if (!parser.isSet("grid")) {
        errors.append(tr("--grid FILE is required"));
    } else {
        QString why;
        if (const auto text = json::readUserText(parser.value("grid"), &why))
            gridJson = *text;
        else
            errors.append(tr("--grid: %1").arg(why));
    }
    const auto base = runConfigFromOptions(parser, &errors);
    train::SweepPlan plan;
    if (base && !gridJson.isEmpty()) {
        QStringList gridErrors;
        if (!train::planSweep(gridJson, *base, seeds, &plan, &gridErrors))
            for (const QString &e : gridErrors)
                errors.append(QStringLiteral("%1: %2").arg(parser.value("grid"), e));
    }
    // What train checks before it creates a run, for every point, before any is created (one read per data set).
    train::DataCheckCache dataCache;
    QSet<QString> warned;
    std::vector<train::DataFacts> dataFacts;  // per point, recorded with its run
    for (auto &p : plan.points)
        p.config = train::withAbsolutePaths(p.config);  // the runs read the same files from any directory
    for (const auto &p : errors.isEmpty() ? plan.points : std::vector<train::SweepPoint>{}) {
        // The run's name, as the store would refuse it (the grid's name and values make it).
        if (const QString why = store::oneLineProblem(QStringLiteral("run name"), QStringLiteral("%1 %2").arg(plan.name, p.label));
            !why.isEmpty())
            errors.append(QStringLiteral("[%1] %2").arg(store::escapedForTerminal(p.label), why));
        const PreRunCheck check = checkBeforeCreating(p.config, &dataCache);
        dataFacts.push_back(check.data);
        for (const auto &problem : check.problems)
            errors.append(QStringLiteral("[%1] %2").arg(p.label, problem.line()));
        for (const auto &warning : check.warnings)
            if (!warned.contains(warning.line())) {
                warned.insert(warning.line());
                printErr(tr("warning: [%1] %2").arg(p.label, warning.line()));
            }
    }
    if (!errors.isEmpty()) {
        printErrors(tr("the sweep is not valid (nothing was created):"), errors);
        return ExitUsage;
    }
    if (parallel > 1) {
        const int share = std::max(1, QThread::idealThreadCount() / parallel);
        for (auto &p : plan.points)
            if (p.config.train.threads == 0)
                p.config.train.threads = share;
    }

    QString error;
    auto store = store::RunStore::open(storePathFromOptions(parser), &error);
    if (!store) {
        printErr(tr("error: %1").arg(error));
        return ExitFailure;
    }
    const auto sweepId = store->createSweep(plan.name, gridJson);
    if (!sweepId) {
        printErr(tr("error: %1").arg(store->lastError()));
        return ExitFailure;
    }
    std::deque<Child> queue;
    for (size_t i = 0; i < plan.points.size(); ++i) {
        const auto &p = plan.points[i];
        launch::QueuedRunDetails details;
        details.name = QStringLiteral("%1 %2").arg(plan.name, p.label);
        details.sweepId = *sweepId;
        QString error;
        const auto id = launch::createQueuedRun(*store, p.config, details, &error);
        if (!id) {
            printErr(tr("error: %1").arg(error));
            return ExitFailure;
        }
        if (const auto record = train::dataSetArtifact(*id, dataFacts.at(i), p.config); record && !store->addArtifact(*record))
            printErr(tr("warning: cannot record the data set with run %1 (its first start does): %2")
                         .arg(*id)
                         .arg(store->lastError()));
        Child child;
        child.runId = *id;
        child.label = p.label;
        queue.push_back(std::move(child));
    }
    const bool json = parser.isSet("json");
    if (json)
        TrainPrinter::printEvent(launch::SweepEvent{*sweepId, qint64(queue.size()), store->displayName()});
    else
        printOut(tr("sweep %1 '%2': %3 runs, %4 at a time, in %5")
                     .arg(*sweepId)
                     .arg(plan.name)
                     .arg(queue.size())
                     .arg(parallel)
                     .arg(store->displayName()));

    const std::atomic<bool> *stop = installStopHandlers();
    std::vector<Child> running;
    int finished = 0, failed = 0, cancelled = 0;
    bool stopping = false;
    while (!queue.empty() || !running.empty()) {
        if (stop->load() && !stopping) {
            stopping = true;
            for (auto &c : running)
                ::kill(pid_t(c.process->processId()), SIGTERM);
            for (auto &c : queue) {
                store->setStatus(c.runId, store::RunStatus::Cancelled, tr("the sweep was stopped before this run started"));
                ++cancelled;
            }
            queue.clear();
        }
        while (!stopping && int(running.size()) < parallel && !queue.empty()) {
            Child c = std::move(queue.front());
            queue.pop_front();
            c.process = std::make_unique<QProcess>();
            c.process->start(QCoreApplication::applicationFilePath(),
                             {"train", "--run", QString::number(c.runId), "--store", store->path(), "--json"});
            if (!c.process->waitForStarted(10000)) {
                store->setStatus(c.runId, store::RunStatus::Failed,
                                 tr("cannot start the engine: %1").arg(c.process->errorString()));
                ++failed;
                continue;
            }
            if (!json)
                printOut(tr("run %1 (%2) started").arg(c.runId).arg(c.label));
            running.push_back(std::move(c));
        }
        for (auto it = running.begin(); it != running.end();) {
            it->process->waitForReadyRead(running.size() > 1 ? 50 : 200);
            drain(*it, json);
            if (it->process->state() == QProcess::NotRunning) {
                drain(*it, json);
                const int code = it->process->exitCode();
                if (it->process->exitStatus() != QProcess::NormalExit || it->status.isEmpty()) {
                    store->markCrashedRuns();
                    it->status = QStringLiteral("crashed");
                }
                (code == ExitOk ? finished : code == ExitCancelled ? cancelled : failed) += 1;
                if (!json)
                    printOut(tr("run %1 (%2) %3: %4").arg(it->runId).arg(it->label, it->status, it->message));
                it = running.erase(it);
            } else {
                ++it;
            }
        }
    }
    if (!json)
        printOut(tr("sweep %1: %2 finished, %3 failed, %4 cancelled").arg(*sweepId).arg(finished).arg(failed).arg(cancelled));
    else
        TrainPrinter::printEvent(launch::SweepEndEvent{*sweepId, finished, failed, cancelled});
    if (failed > 0)
        return ExitFailure;
    return cancelled > 0 ? ExitCancelled : ExitOk;
}

} // namespace gatefold::cli
