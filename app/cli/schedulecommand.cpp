#include "schedulecommand.h"
#include "clitext.h"

#include "clicommon.h"

#include "config/configenums.h"
#include "config/fieldtable.h"
#include "config/joinschedule.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <algorithm>
#include <optional>
#include <set>

namespace gatefold::cli {
namespace {

QString phaseName(model::JoinPhase phase)
{
    switch (phase) {
    case model::JoinPhase::Before:
        return QCoreApplication::translate("cli", "before");
    case model::JoinPhase::Warmup:
        return QCoreApplication::translate("cli", "warm-up");
    case model::JoinPhase::Adjust:
        return QCoreApplication::translate("cli", "adjust");
    case model::JoinPhase::Done:
        return QCoreApplication::translate("cli", "done");
    }
    return {};
}

// What `schedule` is asked to print: the model config's join schedule over a run of totalSteps,
// at `points` evenly spaced steps besides the phase boundaries.
struct ScheduleRequest {
    qlonglong totalSteps = 0;
    int points = 0;
    model::ViTConfig config;
};

void addScheduleOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Print the joining strength lambda over a run as the trainer sets it: the join.schedule shape over\n"
           "join.warmup_steps, then lambda = 1 for join.adjust_steps, starting where join.stage says."));
    parser.addHelpOption();
    addModelOptions(parser, QStringLiteral("cifar-fold2"));
    parser.addOption({"total-steps", tr("Steps of the run (places stages C and D; default 100000)."), tr("n"),
                      QStringLiteral("100000")});
    parser.addOption({"points", tr("Evenly spaced steps to print besides the phase boundaries (default 11)."),
                      tr("n"), QStringLiteral("11")});
}

// The request the options give; nullopt with the problems printed (ExitUsage).
std::optional<ScheduleRequest> scheduleRequest(const QCommandLineParser &parser)
{
    bool totalOk = false, pointsOk = false;
    ScheduleRequest request;
    request.totalSteps = parser.value("total-steps").toLongLong(&totalOk);
    request.points = parser.value("points").toInt(&pointsOk);
    if (!totalOk || request.totalSteps < 1 || !pointsOk || request.points < 2 || request.points > 1000) {
        printErr(tr("error: --total-steps must be a whole number >= 1 and --points one from 2 to 1000."));
        return std::nullopt;
    }
    const auto config = modelConfigFromOptions(parser);  // prints its problems
    if (!config)
        return std::nullopt;
    request.config = *config;
    return request;
}

// The steps to print: `points` evenly spaced ones, the phase boundaries and quarters of the warm-up.
std::set<qlonglong> stepsToPrint(const model::JoinSchedule &schedule, const model::JoinScheduleConfig &sc,
                                 qlonglong total, int points)
{
    std::set<qlonglong> steps;
    for (int i = 0; i < points; ++i)
        steps.insert(total * i / (points - 1));
    for (qlonglong s : {qlonglong(schedule.startStep()), qlonglong(schedule.joinedStep()),
                        qlonglong(schedule.joinedStep() + sc.adjustSteps)})
        if (s >= 0 && s <= total)
            steps.insert(s);
    for (int quarter = 1; quarter < 4; ++quarter)  // the shape inside the warm-up
        if (const qlonglong s = schedule.startStep() + sc.warmupSteps * quarter / 4;
            schedule.joinedStep() > 0 && s < schedule.joinedStep() && s <= total)
            steps.insert(s);
    return steps;
}

void printSchedule(const ScheduleRequest &request)
{
    const auto &sc = request.config.join.schedule;
    const qlonglong total = request.totalSteps;
    const model::JoinSchedule schedule(sc, total);
    printOut(tr("join.schedule=%1 join.warmup_steps=%2 join.adjust_steps=%3 join.stage=%4 over %5 steps: "
                "warm-up from step %6, lambda = 1 from step %7")
                 .arg(QString::fromStdString(model::toString(sc.kind)))
                 .arg(sc.warmupSteps)
                 .arg(sc.adjustSteps)
                 .arg(QString::fromStdString(model::toString(sc.stage)))
                 .arg(total)
                 .arg(schedule.startStep())
                 .arg(schedule.joinedStep() < 0 ? tr("never") : QString::number(schedule.joinedStep())));
    printOut(QStringLiteral("%1 %2 %3").arg(tr("step"), 10).arg(tr("lambda"), 10).arg(tr("phase")));
    for (qlonglong s : stepsToPrint(schedule, sc, total, request.points))
        printOut(QStringLiteral("%1 %2 %3")
                     .arg(s, 10)
                     .arg(schedule.lambda(s), 10, 'f', 6)
                     .arg(phaseName(schedule.phase(s))));
    if (sc.stage == model::JoinStage::D && sc.warmupSteps + sc.adjustSteps > total)
        printOut(tr("note: warm-up and adjustment (%1 steps) do not fit in the run; stage D starts at step 0.")
                     .arg(sc.warmupSteps + sc.adjustSteps));
}

} // namespace

int runSchedule(const QStringList &arguments)
{
    QCommandLineParser parser;
    addScheduleOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    const auto request = scheduleRequest(parser);
    if (!request)
        return ExitUsage;
    printSchedule(*request);
    return ExitOk;
}

} // namespace gatefold::cli
