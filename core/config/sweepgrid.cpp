#include "sweepgrid.h"

#include "gridproblems.h"
#include "runconfigjson.h"
#include "sweepdistribution.h"
#include "sweeppoints.h"
#include "sweepsearch.h"

#include "json/strictjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace gatefold::train {
namespace {

using json::StrictJson;

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

// The file's seeds: whole numbers >= 0, none twice.
std::vector<qint64> readSeeds(const StrictJson &doc, GridProblems &problems)
{
    std::vector<qint64> seeds;
    const QJsonValue list = doc.root().toObject().value("seeds");
    if (!list.isArray()) {
        problems.add("/seeds", tr("seeds: must be a list of whole numbers >= 0, not %1").arg(json::describeJsonType(list)));
        return seeds;
    }
    const QJsonArray items = list.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonValue v = items.at(i);
        constexpr qint64 none = -1;
        const qint64 seed = v.isDouble() ? v.toInteger(none) : none;
        if (seed < 0)
            problems.add(StrictJson::item("/seeds", i),
                         tr("seeds: %1 is not a whole number >= 0").arg(json::describeJsonType(v)));
        else if (std::find(seeds.begin(), seeds.end(), seed) != seeds.end())
            problems.add(StrictJson::item("/seeds", i), tr("seeds: %1 is listed twice; list each seed once").arg(seed));
        else
            seeds.push_back(seed);
    }
    if (items.isEmpty())
        problems.add("/seeds", tr("seeds: the list is empty; give at least one seed or leave \"seeds\" out"));
    return seeds;
}

// Entries a grid file does not have, each a problem.
void checkEntries(const QJsonObject &root, GridProblems &problems)
{
    static const QStringList known{"name", "base", "grid", "seeds", "method", "runs", "search_seed"};
    for (auto it = root.begin(); it != root.end(); ++it)
        if (!known.contains(it.key()))
            problems.add(StrictJson::member(QString(), it.key()),
                         tr("%1: unknown entry; a grid file has name, base, grid, seeds, method, runs and search_seed")
                             .arg(json::quoteForMessage(it.key())));
}

// The sweep's name: "sweep" unless the file names it (one line of text).
QString readName(const QJsonObject &root, GridProblems &problems)
{
    if (!root.contains("name"))
        return QStringLiteral("sweep");
    const QJsonValue name = root.value("name");
    const QString text = name.toString();
    const bool control = std::any_of(text.begin(), text.end(),
                                     [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; });
    if (!name.isString() || text.trimmed().isEmpty() || control) {
        problems.add("/name", tr("name: must be a text on one line, not %1").arg(json::describeJsonType(name)));
        return QStringLiteral("sweep");
    }
    return name.toString();
}

// The seeds every setting runs with: --seeds, else the file's, else the base's; none with an axis
// over train.seed (each setting keeps the seed its axis gives it).
std::vector<qint64> chooseSeeds(const StrictJson &doc, const std::vector<Axis> &axes, const RunConfig &common,
                                const std::vector<qint64> &seedsOverride, GridProblems &problems)
{
    const QJsonObject root = doc.root().toObject();
    // A grid over train.seed gives each run its seed: a seeds list beside it could only contradict it.
    const bool seedAxis = std::any_of(axes.begin(), axes.end(), [](const Axis &a) { return a.key == "train.seed"; });
    if (seedAxis && root.contains("seeds"))
        problems.add("/seeds", tr("seeds: the grid varies train.seed too; list the seeds in one place (remove "
                                  "\"seeds\", or train.seed from the grid)"));
    if (seedAxis && !seedsOverride.empty())
        problems.add("/grid", tr("--seeds cannot be combined with a grid over train.seed; list the seeds in one place"));
    std::vector<qint64> seeds = seedsOverride;
    if (seeds.empty() && root.contains("seeds") && !seedAxis)
        seeds = readSeeds(doc, problems);
    if (seeds.empty())
        seeds.push_back(qint64(common.train.seed));
    if (seedAxis)
        seeds.clear();
    return seeds;
}

// The grid's points before seeds (each list's length multiplied), at most kMaxSweepRuns + 1.
qint64 gridPoints(const std::vector<Axis> &axes)
{
    qint64 count = 1;
    for (const Axis &a : axes)
        count = std::min<qint64>(kMaxSweepRuns + 1, count * std::max<qint64>(1, qint64(a.values.size())));
    return count;
}

// Whether the runs stay within kMaxSweepRuns (and a grid holds no ranges), each problem said.
void checkSize(const std::vector<Axis> &axes, const SweepSearch &search, size_t seeds, GridProblems &problems)
{
    const qint64 perSetting = std::max<qint64>(1, qint64(seeds));
    if (search.random()) {
        if (qint64(search.runs) * perSetting > kMaxSweepRuns)
            problems.addWithoutLine(tr("random search: %1 runs x %2 seeds is more than %3 runs; draw fewer or use fewer "
                                       "seeds").arg(search.runs).arg(perSetting).arg(kMaxSweepRuns));
        return;
    }
    for (const Axis &a : axes)
        if (a.ranged() && search.methodKnown)
            problems.add(StrictJson::member("/grid", a.key),
                         tr("grid: %1: %2 draws values at random, which a grid cannot list: add \"method\": "
                            "\"random\" and \"runs\": N (or --method random --runs N), or list the values")
                             .arg(json::quoteForMessage(a.key).mid(1).chopped(1), axisKindName(a.kind)));
    if (std::min<qint64>(kMaxSweepRuns + 1, gridPoints(axes) * perSetting) > kMaxSweepRuns)
        problems.add("/grid", tr("grid: more than %1 runs (the product of the grid's lists and the seeds); split "
                                 "the sweep").arg(kMaxSweepRuns));
}

// The file's "base" over `base`, its problems with their lines.
RunConfig commonConfig(const StrictJson &doc, const RunConfig &base, QStringList *errors)
{
    RunConfig common = base;
    if (!doc.root().toObject().contains("base"))
        return common;
    std::vector<ConfigTextProblem> found;
    readRunConfigObject(doc, "/base", &common, &found);
    for (const auto &p : found)
        errors->append(p.line > 0 ? tr("line %1: base: %2").arg(p.line).arg(ConfigTextProblem{p.key, 0, p.message}.text())
                                  : tr("base: %1").arg(p.text()));
    return common;
}

} // namespace

bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               SweepPlan *plan, QStringList *errors)
{
    return planSweep(gridJson, base, seedsOverride, SearchOverrides{}, plan, errors);
}

bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               const SearchOverrides &overrides, SweepPlan *plan, QStringList *errors)
{
    const qsizetype before = errors->size();
    QString parseError;
    const auto doc = StrictJson::parse(gridJson, &parseError);
    if (!doc) {
        errors->append(tr("not valid JSON: %1").arg(parseError));
        return false;
    }
    if (!doc->root().isObject()) {
        errors->append(tr("a grid file is a JSON object: {\"name\", \"base\", \"grid\", \"seeds\"}, not %1")
                           .arg(json::describeJsonType(doc->root())));
        return false;
    }
    GridProblems problems(*doc, errors);
    const QJsonObject root = doc->root().toObject();
    checkEntries(root, problems);
    plan->name = readName(root, problems);
    const SweepSearch search = readSweepSearch(root, overrides, problems);
    plan->method = search.method;
    plan->searchSeed = search.searchSeed;
    const RunConfig common = commonConfig(*doc, base, errors);
    const std::vector<Axis> axes = readAxes(common, problems);
    const std::vector<qint64> seeds = chooseSeeds(*doc, axes, common, seedsOverride, problems);
    checkSize(axes, search, seeds.size(), problems);
    plan->runs = search.random() ? search.runs : int(gridPoints(axes));
    if (problems.any() || errors->size() != before)
        return false;
    if (search.random())
        sampleRandom(axes, common, seeds, search.runs, search.searchSeed, plan, errors);
    else
        expandGrid(axes, common, seeds, plan, errors);
    return errors->size() == before;
}

std::map<QString, QString> sweepDistributions(const QByteArray &gridJson)
{
    std::map<QString, QString> kinds;
    QString error;
    const auto doc = StrictJson::parse(gridJson, &error);
    if (!doc)
        return kinds;
    const QJsonObject grid = doc->root().toObject().value("grid").toObject();
    for (auto it = grid.begin(); it != grid.end(); ++it)
        if (const auto kind = axisKindOf(it.value()))
            kinds.emplace(it.key(), axisKindName(*kind));
    return kinds;
}

} // namespace gatefold::train
