#include "sweepcreation.h"
#include "clitext.h"
#include "teachercheck.h"

#include "launch/newrun.h"
#include "store/runstore.h"
#include "train/datarecord.h"

namespace gatefold::cli {
namespace {

// A point's distill.teacher as train checks it (found in the store, its file what was written, its model
// fitting the point's): the file it resolved to and the teacher run, or nothing when the point does not distil.
struct PointTeacher {
    std::string file;
    qint64 runId = 0;
};

// Every distilling point's teacher, checked before anything is created; nullopt with every problem, under
// the points' labels, in `error`.
std::optional<std::vector<PointTeacher>> checkTeachers(store::RunStore &store, const SweepRequest &request,
                                                       CommandError *error)
{
    std::vector<PointTeacher> teachers(request.plan.points.size());
    QStringList problems;
    for (size_t i = 0; i < request.plan.points.size(); ++i) {
        const auto &p = request.plan.points[i];
        if (!p.config.train.distill.enabled())
            continue;
        std::vector<train::CheckItem> found;
        if (const auto teacher = checkedTeacher(&store, p.config, &found))
            teachers[i] = {teacher->file.toStdString(), teacher->runId};
        for (const auto &problem : found)
            problems.append(QStringLiteral("[%1] %2").arg(p.label, problem.line()));
    }
    if (problems.isEmpty())
        return teachers;
    *error = commandErrors(ExitUsage, tr("the sweep is not valid (nothing was created):"), problems);
    return std::nullopt;
}

// The point's run, queued under the sweep with what its data set holds; its id, or nullopt with `error`.
std::optional<qint64> createPointRun(store::RunStore &store, const SweepRequest &request, qint64 sweepId,
                                     size_t point, const PointTeacher &teacher, QString *error)
{
    auto config = request.plan.points[point].config;
    launch::QueuedRunDetails details;
    details.name = QStringLiteral("%1 %2").arg(request.plan.name, request.plan.points[point].label);
    details.sweepId = sweepId;
    if (!teacher.file.empty()) {  // as train's: the run holds the teacher's file, the teacher run is its parent
        config.train.distill.teacher = teacher.file;
        details.parentId = teacher.runId;
    }
    const auto id = launch::createQueuedRun(store, config, details, error);
    if (!id)
        return std::nullopt;
    if (const auto record = train::dataSetArtifact(*id, request.dataFacts.at(point), config);
        record && !store.addArtifact(*record))
        printErr(tr("warning: cannot record the data set with run %1 (its first start does): %2")
                     .arg(*id)
                     .arg(store.lastError()));
    return id;
}

} // namespace

std::optional<CreatedSweep> createSweep(store::RunStore &store, const SweepRequest &request, CommandError *error)
{
    const auto teachers = checkTeachers(store, request, error);
    if (!teachers)
        return std::nullopt;
    const auto sweepId = store.createSweep(request.plan.name, request.gridJson, request.searchJson());
    if (!sweepId) {
        *error = commandError(ExitFailure, store.lastError());
        return std::nullopt;
    }
    CreatedSweep sweep{*sweepId, {}};
    for (size_t i = 0; i < request.plan.points.size(); ++i) {
        QString why;
        const auto id = createPointRun(store, request, *sweepId, i, (*teachers)[i], &why);
        if (!id) {
            *error = commandError(ExitFailure, why);
            return std::nullopt;
        }
        sweep.runs.push_back({*id, request.plan.points[i].label});
    }
    return sweep;
}

} // namespace gatefold::cli
