#include "runsrequest.h"
#include "runswhere.h"
#include "clitext.h"

#include "runoptions.h"

#include <QCommandLineParser>

namespace gatefold::cli {

namespace {

// runs cancel ID…: at least one run id, each a whole number > 0.
std::optional<RunsRequest> cancelRequest(const QCommandLineParser &parser, const QStringList &ids, CommandError *error)
{
    RunsRequest request;
    request.action = RunsRequest::Action::Cancel;
    for (const QString &text : ids) {
        bool ok = false;
        const qint64 id = text.toLongLong(&ok);
        if (!ok || id <= 0) {
            *error = {ExitUsage, {tr("error: runs cancel: '%1' is not a run id (a whole number > 0)").arg(text)}};
            return std::nullopt;
        }
        request.runIds.push_back(id);
    }
    if (request.runIds.empty()) {
        *error = {ExitUsage, {tr("error: runs cancel needs the ids of the runs to cancel (`runs cancel 3 4`)")}};
        return std::nullopt;
    }
    request.storePath = storePathFromOptions(parser);
    request.json = parser.isSet("json");
    return request;
}

} // namespace

void addRunsOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(tr("The runs of a store:\n"
                                        "  runs [list] [--sweep ID] [--where EXPR]   newest first, with status, step and val top-1\n"
                                        "  runs show ID               record, metric summary, artifacts and config\n"
                                        "  runs delete ID [--files]   remove a run (and with --files its directory)\n"
                                        "  runs cancel ID…            stop runs: scancel for a run on Slurm, SIGTERM to an\n"
                                        "                             engine on this machine; a queued run is cancelled at once\n"
                                        "  runs export-mlflow --out DIR [--runs IDS|--sweep ID|--all]   into an MLflow file store\n"
                                        "  runs import-mlflow DIR [--experiment NAME|ID]   from an MLflow file store\n"
                                        "Runs whose engine died are marked crashed first."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"json", tr("One JSON object per run (list) or for the run (show).")});
    parser.addOption({"sweep", tr("list: only the runs of this sweep."), tr("id"), QStringLiteral("0")});
    parser.addOption({"where", tr("list: only the runs the query matches, e.g. 'gate.kind = cde and val/top1 > 0.9' "
                                  "(settings, metrics — best(val/loss) — and name, status, sweep, tags; = != < <= > >= "
                                  "~, and, or, not, parentheses)."),
                      tr("query")});
    parser.addOption({"files", tr("delete: also remove the run's directory (checkpoints).")});
    parser.addPositionalArgument("action", tr("list, show, delete or cancel"), "[list|show ID|delete ID|cancel ID…]");
}

std::optional<RunsRequest> runsRequest(const QCommandLineParser &parser, CommandError *error)
{
    QStringList positional = parser.positionalArguments();
    const QString action = positional.isEmpty() ? QStringLiteral("list") : positional.takeFirst();
    if (action == QLatin1String("cancel"))
        return cancelRequest(parser, positional, error);
    const bool needsId = action == "show" || action == "delete";
    if ((action != "list" && !needsId) || positional.size() != (needsId ? 1 : 0)) {
        *error = {ExitUsage, {tr("error: use `runs list`, `runs show ID`, `runs delete ID` or `runs cancel ID…` (see "
                                 "--help)")}};
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
    if (parser.isSet("where")) {
        QStringList problem;
        if (request.action != RunsRequest::Action::List) {
            *error = {ExitUsage, {tr("error: --where filters `runs list` only")}};
            return std::nullopt;
        }
        if (!whereQuery(parser.value("where"), &problem)) {
            *error = {ExitUsage, problem};
            return std::nullopt;
        }
        request.where = parser.value("where");
    }
    request.storePath = storePathFromOptions(parser);
    request.json = parser.isSet("json");
    request.files = parser.isSet("files");
    return request;
}

} // namespace gatefold::cli
