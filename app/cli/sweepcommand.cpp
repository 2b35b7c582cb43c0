#include "sweepcommand.h"
#include "clitext.h"

#include "ashasweeprunner.h"
#include "clicommon.h"
#include "slurmsubmit.h"
#include "slurmsweep.h"
#include "sweepcontinue.h"
#include "stopsignal.h"
#include "sweepcreation.h"
#include "sweepprinter.h"
#include "sweeprequest.h"
#include "sweeprunner.h"

#include "store/runstore.h"

#include <QCommandLineParser>

#include <memory>

namespace gatefold::cli {

int runSweep(const QStringList &arguments)
{
    QCommandLineParser parser;
    addSweepOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    if (parser.isSet("continue"))
        return continueSweep(parser);
    CommandError error;
    const auto request = sweepRequest(parser, &error);
    if (!request)
        return printCommandError(error);
    if (request->slurm && !request->asha)
        return submitSweep(*request);
    if (request->slurm)
        if (const auto refusal = slurmStoreRefusal(request->storePath, request->slurm->options, slurm::SlurmClient()))
            return printCommandError(*refusal);
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
    SweepTally tally;
    if (request->asha) {
        auto slurm = request->slurm ? std::make_unique<AshaSlurmSlots>(*store, request->slurm->options, sweep->id,
                                                                        request->json)
                                    : nullptr;
        AshaSweepRunner runner(*store, sweep->id, *request->asha, printer, request->parallel, std::move(slurm));
        tally = runner.run(*installStopHandlers());
    } else {
        SweepRunner runner(*store, printer, request->parallel);
        tally = runner.run(sweep->runs, *installStopHandlers());
    }
    printer.sweepEnded(sweep->id, tally);
    return sweepExitCode(tally);
}

} // namespace gatefold::cli
