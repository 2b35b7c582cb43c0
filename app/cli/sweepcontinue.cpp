#include "sweepcontinue.h"
#include "clitext.h"

#include "ashasweeprunner.h"
#include "clicommon.h"
#include "runoptions.h"
#include "slurmsubmit.h"
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

// The Slurm options the sweep's jobs were submitted with: recorded with its search settings, else
// those of its runs' last submission (nullopt: its engines ran on this machine). nullopt with
// `error` set when recorded ones cannot be read.
std::optional<slurm::SlurmOptions> recordedSlurm(store::RunStore &store, const store::Sweep &sweep, QString *error)
{
    const QJsonValue recorded = QJsonDocument::fromJson(sweep.searchJson).object().value("slurm");
    if (recorded.isObject()) {
        const auto options = slurm::slurmOptionsFromJson(QJsonDocument(recorded.toObject()).toJson(), error);
        if (!options)
            *error = tr("sweep %1's recorded Slurm options cannot be read: %2").arg(sweep.id).arg(*error);
        return options;
    }
    store::SlurmJob last;
    for (const auto &r : store.runs(sweep.id))
        for (const auto &job : store.slurmJobs(r.id))
            if (job.submitted >= last.submitted)
                last = job;
    if (last.jobId.isEmpty())
        return std::nullopt;
    const auto options = slurm::slurmOptionsFromJson(last.optionsJson, error);
    if (!options)
        *error = tr("run %1's last Slurm submission (job %2) recorded options that cannot be read: %3")
                     .arg(last.runId)
                     .arg(last.jobId, *error);
    return options;
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
    why.clear();
    const auto slurmOptions = recordedSlurm(*store, *sweep, &why);
    if (!slurmOptions && !why.isEmpty())
        return printCommandError(commandError(ExitFailure, tr("error: %1").arg(why)));
    if (slurmOptions)
        if (const auto refusal = slurmStoreRefusal(storePathFromOptions(parser), *slurmOptions, slurm::SlurmClient()))
            return printCommandError(*refusal);
    store->markCrashedRuns();  // engines of the old controller that died with it: continued
    const SweepPrinter printer(parser.isSet("json"));
    printer.sweepCreated(sweepId, sweep->name, qsizetype(store->runs(sweepId).size()), parallel, store->displayName());
    auto slurm = slurmOptions ? std::make_unique<AshaSlurmSlots>(*store, *slurmOptions, sweepId, parser.isSet("json"))
                              : nullptr;
    AshaSweepRunner runner(*store, sweepId, *asha, printer, parallel, std::move(slurm));
    const SweepTally tally = runner.run(*installStopHandlers());
    printer.sweepEnded(sweepId, tally);
    return sweepExitCode(tally);
}

} // namespace gatefold::cli
