#include "runsrequest.h"
#include "clitext.h"

#include "runoptions.h"

#include <QCommandLineParser>

namespace gatefold::cli {

void addRunsOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(tr("The runs of a store:\n"
                                        "  runs [list] [--sweep ID]   newest first, with status, step and val top-1\n"
                                        "  runs show ID               record, metric summary, artifacts and config\n"
                                        "  runs delete ID [--files]   remove a run (and with --files its directory)\n"
                                        "  runs export-mlflow --out DIR [--runs IDS|--sweep ID|--all]   into an MLflow file store\n"
                                        "  runs import-mlflow DIR [--experiment NAME|ID]   from an MLflow file store\n"
                                        "Runs whose engine died are marked crashed first."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"json", tr("One JSON object per run (list) or for the run (show).")});
    parser.addOption({"sweep", tr("list: only the runs of this sweep."), tr("id"), QStringLiteral("0")});
    parser.addOption({"files", tr("delete: also remove the run's directory (checkpoints).")});
    parser.addPositionalArgument("action", tr("list, show or delete"), "[list|show ID|delete ID]");
}

std::optional<RunsRequest> runsRequest(const QCommandLineParser &parser, CommandError *error)
{
    QStringList positional = parser.positionalArguments();
    const QString action = positional.isEmpty() ? QStringLiteral("list") : positional.takeFirst();
    const bool needsId = action == "show" || action == "delete";
    if ((action != "list" && !needsId) || positional.size() != (needsId ? 1 : 0)) {
        *error = {ExitUsage, {tr("error: use `runs list`, `runs show ID` or `runs delete ID` (see --help)")}};
        return std::nullopt;
    }
    bool idOk = true;
    bool sweepOk = true;
    RunsRequest request;
    request.action = action == "show"     ? RunsRequest::Action::Show
                     : action == "delete" ? RunsRequest::Action::Delete
                                          : RunsRequest::Action::List;
    request.runId = needsId ? positional.first().toLongLong(&idOk) : 0;
    request.sweepId = parser.value("sweep").toLongLong(&sweepOk);
    if (!idOk || !sweepOk) {
        *error = {ExitUsage, {tr("error: run and sweep ids are whole numbers")}};
        return std::nullopt;
    }
    request.storePath = storePathFromOptions(parser);
    request.json = parser.isSet("json");
    request.files = parser.isSet("files");
    return request;
}

} // namespace gatefold::cli
