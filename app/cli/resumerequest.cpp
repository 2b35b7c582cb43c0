#include "resumerequest.h"
#include "clitext.h"

#include "engineoptions.h"
#include "runoptions.h"

#include "store/checkpointname.h"

#include <QCommandLineParser>

namespace gatefold::cli {

void addResumeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Continue a failed, cancelled, crashed or stopped run from its last checkpoint (a run without one starts over).\n"
           "The metrics after the checkpoint are taken again, so the run ends as if it had never stopped.\n"
           "Exit status as for train. With --slurm it is submitted to Slurm again, with the options it was\n"
           "submitted with before unless given anew."));
    parser.addHelpOption();
    addEngineOptions(parser);
    parser.addOption({"run", tr("The run to continue."), tr("id")});
    parser.addOption({"from", tr("The checkpoint to continue from: last (default), best or epoch:N; the metrics after "
                                 "its step are taken again."),
                      tr("checkpoint"), QStringLiteral("last")});
    addSlurmOptions(parser, /*engineNproc=*/true);
}

std::optional<ResumeRequest> resumeRequest(const QCommandLineParser &parser, CommandError *error)
{
    QStringList errors;
    ResumeRequest request;
    request.stopAtStep = wholeOption(parser, "stop-at-step", &errors).value_or(-1);
    request.stopAtEpoch = epochOption(parser, &errors);
    const auto runId = wholeOption(parser, "run", &errors);
    request.nproc = nprocOption(parser, &errors);
    if (!parser.isSet("run"))
        errors.append(tr("--run ID is required"));
    request.from = parser.value("from");
    request.slurm = slurmRequest(parser, {QStringLiteral("from"), QStringLiteral("stop-at-step"), QStringLiteral("stop-at-epoch"),
                                          QStringLiteral("accept-modified-checkpoint")},
                                 &errors, /*engineNproc=*/true);
    if (!store::CheckpointName::parse(request.from))
        errors.append(tr("--from must be last, best or epoch:N, not '%1'").arg(request.from));
    if (!errors.isEmpty()) {
        *error = commandErrors(ExitUsage, tr("invalid options:"), errors);
        return std::nullopt;
    }
    request.runId = *runId;
    request.storePath = storePathFromOptions(parser);
    request.acceptModifiedCheckpoint = parser.isSet("accept-modified-checkpoint");
    request.json = parser.isSet("json");
    return request;
}

} // namespace gatefold::cli
