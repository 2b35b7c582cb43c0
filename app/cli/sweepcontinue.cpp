#include "sweepcontinue.h"
#include "clitext.h"

#include "ashasweeprunner.h"
#include "clicommon.h"
#include "runoptions.h"
#include "stopsignal.h"
#include "sweepprinter.h"

#include "search/ashasettings.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::cli {
namespace {

// Problems with the options beside --continue (it goes on with the sweep as recorded).
QStringList continueProblems(const QCommandLineParser &parser, qint64 *sweepId, int *parallel)
{
    QStringList errors;
    for (const QString &name : parser.optionNames())
        if (name != QLatin1String("continue") && name != QLatin1String("store") && name != QLatin1String("parallel")
            && name != QLatin1String("json"))
            errors.append(tr("--%1 cannot be combined with --continue, which goes on with the sweep as recorded "
                             "(only --store, --parallel and --json go with it)")
                              .arg(name));
    bool ok = false;
    *sweepId = parser.value("continue").toLongLong(&ok);
    if (!ok || *sweepId <= 0)
        errors.append(tr("--continue: '%1' is not a sweep id (`gatefold-cli runs list` shows each run's sweep)")
                          .arg(parser.value("continue")));
    if (parser.isSet("parallel"))
        *parallel = parallelFromOptions(parser, &errors);
    return errors;
}

} // namespace

int continueSweep(const QCommandLineParser &parser)
{
    qint64 sweepId = 0;
    int parallel = 0;
    const QStringList errors = continueProblems(parser, &sweepId, &parallel);
    if (!errors.isEmpty())
        return printCommandError(commandErrors(ExitUsage, tr("the sweep cannot be continued:"), errors));
    QString why;
    auto store = store::RunStore::open(storePathFromOptions(parser), &why);
    if (!store)
        return printCommandError(commandError(ExitFailure, why));
    const auto sweep = store->sweep(sweepId);
    if (!sweep)
        return printCommandError(commandError(ExitUsage, tr("error: there is no sweep %1 in %2")
                                                             .arg(sweepId)
                                                             .arg(store->displayName())));
    const auto asha = search::ashaOfSearch(sweep->searchJson);
    if (!asha)
        return printCommandError(commandError(
            ExitUsage, tr("error: sweep %1 has no early stopping to continue; its runs go on one by one with "
                          "`gatefold-cli resume --run ID` or `gatefold-cli queue --resume ID`")
                           .arg(sweepId)));
    if (parallel == 0)
        parallel = std::max(1, QJsonDocument::fromJson(sweep->searchJson).object().value("parallel").toInt(1));
    store->markCrashedRuns();  // engines of the old controller that died with it: continued
    const SweepPrinter printer(parser.isSet("json"));
    printer.sweepCreated(sweepId, sweep->name, qsizetype(store->runs(sweepId).size()), parallel, store->displayName());
    AshaSweepRunner runner(*store, sweepId, *asha, printer, parallel);
    const SweepTally tally = runner.run(*installStopHandlers());
    printer.sweepEnded(sweepId, tally);
    return sweepExitCode(tally);
}

} // namespace gatefold::cli
