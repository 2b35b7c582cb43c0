#include "sweeprequest.h"
#include "clitext.h"

#include "earlystopoptions.h"
#include "prerunchecks.h"
#include "runoptions.h"

#include "config/runpaths.h"
#include "json/usertext.h"
#include "store/storetext.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QThread>

#include <algorithm>

namespace gatefold::cli {
namespace {

// --seeds 0,1,2: whole numbers >= 0, each listed once; none when not given (the grid file's then).
std::vector<qint64> seedsFromOptions(const QCommandLineParser &parser, QStringList *errors)
{
    std::vector<qint64> seeds;
    if (!parser.isSet("seeds"))
        return seeds;
    for (const QString &s : parser.value("seeds").split(',')) {
        bool ok = false;
        const qint64 v = s.trimmed().toLongLong(&ok);
        if (!ok || v < 0)
            errors->append(tr("--seeds: '%1' is not a whole number >= 0").arg(s));
        else if (std::find(seeds.begin(), seeds.end(), v) != seeds.end())
            errors->append(tr("--seeds: %1 is listed twice; list each seed once").arg(v));
        else
            seeds.push_back(v);
    }
    return seeds;
}

// --method grid|random, --runs N (1..10000) and --search-seed S (whole >= 0): each replaces the grid file's.
train::SearchOverrides searchFromOptions(const QCommandLineParser &parser, QStringList *errors)
{
    train::SearchOverrides search;
    if (parser.isSet("method")) {
        const QString method = parser.value("method").trimmed();
        if (method == QLatin1String("grid") || method == QLatin1String("random"))
            search.method = method;
        else
            errors->append(tr("--method: '%1' is not a search method; use grid or random").arg(parser.value("method")));
    }
    if (parser.isSet("runs")) {
        bool ok = false;
        const int runs = parser.value("runs").trimmed().toInt(&ok);
        if (ok && runs >= 1 && runs <= 10000)
            search.runs = runs;
        else
            errors->append(tr("--runs: '%1' is not a whole number from 1 to 10000").arg(parser.value("runs")));
    }
    if (parser.isSet("search-seed")) {
        bool ok = false;
        const QString text = parser.value("search-seed").trimmed();
        const quint64 seed = text.toULongLong(&ok);
        if (ok && !text.startsWith('+') && seed <= (quint64(1) << 53))  // exact in the JSON that records it
            search.searchSeed = seed;
        else
            errors->append(tr("--search-seed: '%1' is not a whole number from 0 to 2^53").arg(parser.value("search-seed")));
    }
    return search;
}

// The text of the --grid file; empty after adding why to `errors`.
QByteArray gridFromOptions(const QCommandLineParser &parser, QStringList *errors)
{
    if (!parser.isSet("grid")) {
        errors->append(tr("--grid FILE is required"));
        return {};
    }
    QString why;
    if (const auto text = json::readUserText(parser.value("grid"), &why))
        return *text;
    errors->append(tr("--grid: %1").arg(why));
    return {};
}

// The grid's points over the preset, --config and --set base, each with absolute paths (the runs
// read the same files from any directory); the grid file's problems go to `errors` under its name.
train::SweepPlan planFromOptions(const QCommandLineParser &parser, const QByteArray &gridJson,
                                 const std::vector<qint64> &seeds, const train::SearchOverrides &search,
                                 QStringList *errors)
{
    const auto base = runConfigFromOptions(parser, errors);
    train::SweepPlan plan;
    if (base && !gridJson.isEmpty()) {
        QStringList gridErrors;
        if (!train::planSweep(gridJson, *base, seeds, search, &plan, &gridErrors))
            for (const QString &e : gridErrors)
                errors->append(QStringLiteral("%1: %2").arg(parser.value("grid"), e));
    }
    for (auto &p : plan.points)
        p.config = train::withAbsolutePaths(p.config);
    return plan;
}

// What train checks before it creates a run, for every point, before any is created (one read per
// data set): the problems go to `errors` under the point's label, the warnings to stderr, each once.
// What each point's data set holds, in order.
std::vector<train::DataFacts> checkPoints(const train::SweepPlan &plan, QStringList *errors)
{
    train::DataCheckCache dataCache;
    QSet<QString> warned;
    std::vector<train::DataFacts> dataFacts;
    for (const auto &p : plan.points) {
        // The run's name, as the store would refuse it (the grid's name and values make it).
        if (const QString why = store::oneLineProblem(QStringLiteral("run name"), QStringLiteral("%1 %2").arg(plan.name, p.label));
            !why.isEmpty())
            errors->append(QStringLiteral("[%1] %2").arg(store::escapedForTerminal(p.label), why));
        const PreRunCheck check = checkBeforeCreating(p.config, &dataCache);
        dataFacts.push_back(check.data);
        for (const auto &problem : check.problems)
            errors->append(QStringLiteral("[%1] %2").arg(p.label, problem.line()));
        std::vector<train::CheckItem> warnings = check.warnings;
        for (auto &w : plausibilityItems(p.config))
            warnings.push_back(std::move(w));
        for (const auto &warning : warnings)
            if (!warned.contains(warning.line())) {
                warned.insert(warning.line());
                printErr(tr("warning: [%1] %2").arg(p.label, warning.line()));
            }
    }
    return dataFacts;
}

// With several runs at a time, those that would take every core (compute.threads = 0) take an equal
// share: compute.threads is per process, so a data-parallel run's ranks split its share.
void shareCores(train::SweepPlan *plan, int parallel)
{
    if (parallel <= 1)
        return;
    for (auto &p : plan->points)
        if (p.config.train.threads == 0)
            p.config.train.threads =
                std::max(1, QThread::idealThreadCount() / (parallel * std::max(1, p.config.train.processes)));
}

// On Slurm, runs that would take every core (compute.threads = 0) take the task's --cpus-per-task.
void useTaskCores(train::SweepPlan *plan, const SlurmRequest &slurm)
{
    if (slurm.options.cpusPerTask <= 0)
        return;
    for (auto &p : plan->points)
        if (p.config.train.threads == 0)
            p.config.train.threads = slurm.options.cpusPerTask;
}

// The fewest epochs any point trains (0 for no points): every rung must lie within it.
int shortestEpochs(const train::SweepPlan &plan)
{
    int shortest = 0;
    for (const auto &p : plan.points)
        shortest = shortest == 0 ? p.config.train.epochs : std::min(shortest, p.config.train.epochs);
    return shortest;
}

} // namespace

QByteArray SweepRequest::searchJson() const
{
    QJsonObject search{{"method", plan.method.isEmpty() ? QStringLiteral("grid") : plan.method},
                       {"runs", plan.runs},
                       {"search_seed", double(plan.searchSeed)},  // at most 2^53: a JSON number holds it exactly
                       {"parallel", parallel}};
    if (asha)
        search.insert("early_stop", asha->toJson());
    if (asha && slurm)  // `sweep --continue` submits the jobs with the same options
        search.insert("slurm", QJsonDocument::fromJson(slurm::toJson(slurm->options)).object());
    return QJsonDocument(search).toJson(QJsonDocument::Compact);
}

void addSweepOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Run a sweep over the preset, --config and --set base: a grid (the cartesian product of the grid\n"
           "file's lists x seeds) or a random search (--runs settings, each setting drawn from the file's\n"
           "distributions, x seeds). Every run is validated before any is created, recorded under one sweep,\n"
           "and trained by its own `gatefold-cli train --run ID` process, N at a time (or, with --slurm, submitted\n"
           "to Slurm as one job array, a task per run).\n"
           "Grid file: {\"name\": \"lr\", \"base\": {\"train.epochs\": 5}, \"grid\": {\"optim.lr\": [0.001, 0.0003]},\n"
           "\"seeds\": [0, 1]}. A setting takes a list or one of {\"choice\": [v, ...]}, {\"uniform\": [a, b]},\n"
           "{\"log_uniform\": [a, b]} (0 < a < b) and {\"int_uniform\": [a, b]} (whole numbers, both ends included);\n"
           "the last three only with \"method\": \"random\", \"runs\": N and \"search_seed\": S (the same file and\n"
           "search seed give the same runs). Exit status: 0 all finished, 1 some failed, 2 invalid usage or grid,\n"
           "3 cancelled."));
    parser.addHelpOption();
    addRunConfigOptions(parser);
    addStoreOption(parser);
    parser.addOption({"grid", tr("The grid file (JSON)."), tr("file")});
    parser.addOption({"seeds", tr("Seeds, e.g. 0,1,2 (replaces the grid file's)."), tr("list")});
    parser.addOption({"method", tr("grid (every combination of the lists) or random (--runs settings drawn from the "
                                   "distributions); replaces the grid file's \"method\"."),
                      tr("method")});
    parser.addOption({"runs", tr("Random search: the settings to draw, 1 to 10000, each run with every seed "
                                 "(replaces the grid file's \"runs\")."),
                      tr("n")});
    parser.addOption({"search-seed", tr("Random search: the seed of the draws, 0 to 2^53 (default 0; "
                                        "replaces the grid file's \"search_seed\")."),
                      tr("seed")});
    parser.addOption({"parallel", tr("Runs at a time (default 1). With compute.threads = 0 each run gets an equal "
                                     "share of the cores. Not with --slurm, except with --early-stop: then the "
                                     "Slurm jobs in flight at once (default 1)."),
                      tr("n"), QStringLiteral("1")});
    parser.addOption({"json", tr("Forward the runs' JSON lines (each names its run) on stdout.")});
    addEarlyStopOptions(parser);
    addSlurmOptions(parser);
}

std::optional<SweepRequest> sweepRequest(const QCommandLineParser &parser, CommandError *error)
{
    QStringList errors;
    SweepRequest request;
    request.parallel = parallelFromOptions(parser, &errors);
    const std::vector<qint64> seeds = seedsFromOptions(parser, &errors);
    request.gridJson = gridFromOptions(parser, &errors);
    const train::SearchOverrides search = searchFromOptions(parser, &errors);
    request.plan = planFromOptions(parser, request.gridJson, seeds, search, &errors);
    request.asha = earlyStopFromOptions(parser, shortestEpochs(request.plan), &errors);
    // With early stopping --parallel is how many Slurm jobs are in flight at once.
    request.slurm = slurmRequest(parser, request.asha ? QStringList() : QStringList{QStringLiteral("parallel")}, &errors);
    if (errors.isEmpty())
        request.dataFacts = checkPoints(request.plan, &errors);
    if (!errors.isEmpty()) {
        *error = commandErrors(ExitUsage, tr("the sweep is not valid (nothing was created):"), errors);
        return std::nullopt;
    }
    if (request.slurm)
        useTaskCores(&request.plan, *request.slurm);
    else
        shareCores(&request.plan, request.parallel);
    request.storePath = storePathFromOptions(parser);
    request.json = parser.isSet("json");
    return request;
}

} // namespace gatefold::cli
