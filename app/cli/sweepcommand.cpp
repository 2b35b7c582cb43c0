#include "sweepcommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "stopsignal.h"
#include "sweepprinter.h"
#include "sweeprequest.h"
#include "sweeprunner.h"

#include "launch/newrun.h"
#include "store/runstore.h"
#include "train/datarecord.h"

#include <QCommandLineParser>

#include <memory>

namespace gatefold::cli {
namespace {

// The sweep as recorded in the store: its id and its runs, queued in the grid's order.
struct CreatedSweep {
    qint64 id = 0;
    std::vector<SweepRun> runs;
};

// The point's run, queued under the sweep with what its data set holds; its id, or nullopt with `error`.
std::optional<qint64> createPointRun(store::RunStore &store, const SweepRequest &request, qint64 sweepId,
                                     size_t point, QString *error)
{
    const auto &p = request.plan.points[point];
    launch::QueuedRunDetails details;
    details.name = QStringLiteral("%1 %2").arg(request.plan.name, p.label);
    details.sweepId = sweepId;
    const auto id = launch::createQueuedRun(store, p.config, details, error);
    if (!id)
        return std::nullopt;
    if (const auto record = train::dataSetArtifact(*id, request.dataFacts.at(point), p.config);
        record && !store.addArtifact(*record))
        printErr(tr("warning: cannot record the data set with run %1 (its first start does): %2")
                     .arg(*id)
                     .arg(store.lastError()));
    return id;
}

// The sweep and one queued run per point, in order; nullopt with `error`.
std::optional<CreatedSweep> createSweep(store::RunStore &store, const SweepRequest &request, CommandError *error)
{
    const auto sweepId = store.createSweep(request.plan.name, request.gridJson);
    if (!sweepId) {
        *error = commandError(ExitFailure, store.lastError());
        return std::nullopt;
    }
    CreatedSweep sweep{*sweepId, {}};
    for (size_t i = 0; i < request.plan.points.size(); ++i) {
        QString why;
        const auto id = createPointRun(store, request, *sweepId, i, &why);
        if (!id) {
            *error = commandError(ExitFailure, why);
            return std::nullopt;
        }
        sweep.runs.push_back({*id, request.plan.points[i].label});
    }
    return sweep;
}

// 1 when a run failed, else 3 when one was cancelled, else 0.
int sweepExitCode(const SweepTally &tally)
{
    if (tally.failed > 0)
        return ExitFailure;
    return tally.cancelled > 0 ? ExitCancelled : ExitOk;
}

} // namespace

int runSweep(const QStringList &arguments)
{
    QCommandLineParser parser;
    addSweepOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    CommandError error;
    const auto request = sweepRequest(parser, &error);
    if (!request)
        return printCommandError(error);
    QString why;
    auto store = store::RunStore::open(request->storePath, &why);
    if (!store)
        return printCommandError(commandError(ExitFailure, why));
    const auto sweep = createSweep(*store, *request, &error);
    if (!sweep)
        return printCommandError(error);
    const SweepPrinter printer(request->json);
    printer.sweepCreated(sweep->id, request->plan.name, qsizetype(sweep->runs.size()), request->parallel,
                         store->displayName());
    SweepRunner runner(*store, printer, request->parallel);
    const SweepTally tally = runner.run(sweep->runs, *installStopHandlers());
    printer.sweepEnded(sweep->id, tally);
    return sweepExitCode(tally);
}

} // namespace gatefold::cli
