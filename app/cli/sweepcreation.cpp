#include "sweepcreation.h"
#include "clitext.h"

#include "launch/newrun.h"
#include "store/runstore.h"
#include "train/datarecord.h"

namespace gatefold::cli {
namespace {

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

} // namespace

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

} // namespace gatefold::cli
