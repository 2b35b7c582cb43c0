#include "sweepsearch.h"

#include <algorithm>
#include <optional>

namespace gatefold::train {
namespace {

// "search_seed" in a JSON file: whole numbers a double holds exactly.
constexpr qint64 kLargestFileSeed = qint64(1) << 53;

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

std::optional<QString> readMethod(const QJsonObject &root, GridProblems &problems)
{
    if (!root.contains("method"))
        return QStringLiteral("grid");
    const QJsonValue method = root.value("method");
    if (method.toString() == QLatin1String("grid") || method.toString() == QLatin1String("random"))
        return method.toString();
    problems.add("/method", tr("method: must be \"grid\" or \"random\", not %1")
                                .arg(method.isString() ? json::quoteForMessage(method.toString())
                                                       : json::describeJsonType(method)));
    return std::nullopt;
}

// A whole number in [low, high] at `key`, or -1 after saying what is wrong.
qint64 readWhole(const QJsonObject &root, const char *key, qint64 low, qint64 high, GridProblems &problems)
{
    const QJsonValue v = root.value(QLatin1String(key));
    constexpr qint64 none = -1;
    const qint64 whole = v.isDouble() ? v.toInteger(none) : none;
    if (whole >= low && whole <= high)
        return whole;
    problems.add(QStringLiteral("/%1").arg(QLatin1String(key)),
                 tr("%1: must be a whole number from %2 to %3, not %4")
                     .arg(QLatin1String(key))
                     .arg(low)
                     .arg(high)
                     .arg(v.isDouble() ? QString::number(v.toDouble(), 'g', 17) : json::describeJsonType(v)));
    return none;
}

// Runs or a search seed would do nothing under grid: said, not silently dropped.
void refuseForGrid(const QJsonObject &root, const SearchOverrides &overrides, GridProblems &problems)
{
    if (overrides.runs)
        problems.addWithoutLine(tr("--runs applies to random search only; add --method random (or leave --runs out)"));
    if (overrides.searchSeed)
        problems.addWithoutLine(tr("--search-seed applies to random search only; add --method random (or leave "
                                   "--search-seed out)"));
    if (overrides.method)
        return;  // --method grid: the file's random-search entries are left aside on purpose
    for (const char *key : {"runs", "search_seed"})
        if (root.contains(QLatin1String(key)))
            problems.add(QStringLiteral("/%1").arg(QLatin1String(key)),
                         tr("%1: applies to random search only; add \"method\": \"random\" (or remove \"%1\")")
                             .arg(QLatin1String(key)));
}

} // namespace

SweepSearch readSweepSearch(const QJsonObject &root, const SearchOverrides &overrides, GridProblems &problems)
{
    SweepSearch search;
    const std::optional<QString> fileMethod = readMethod(root, problems);  // a problem when not valid, even replaced
    search.methodKnown = overrides.method || fileMethod;
    search.method = overrides.method ? *overrides.method : fileMethod.value_or(QStringLiteral("grid"));
    if (!search.methodKnown)
        return search;
    if (!search.random()) {
        refuseForGrid(root, overrides, problems);
        return search;
    }
    if (overrides.runs && (*overrides.runs < 1 || *overrides.runs > kMaxSweepRuns))
        problems.addWithoutLine(tr("--runs: %1 is not a whole number from 1 to %2").arg(*overrides.runs).arg(kMaxSweepRuns));
    else if (overrides.runs)
        search.runs = *overrides.runs;
    else if (root.contains("runs"))
        search.runs = int(std::max<qint64>(0, readWhole(root, "runs", 1, kMaxSweepRuns, problems)));
    else
        problems.addWithoutLine(tr("random search needs the number of settings to draw: \"runs\": N in the grid file "
                                   "or --runs N (1 to %1)").arg(kMaxSweepRuns));
    if (overrides.runs && root.contains("runs"))
        readWhole(root, "runs", 1, kMaxSweepRuns, problems);
    if (overrides.searchSeed && *overrides.searchSeed > quint64(kLargestFileSeed))
        problems.addWithoutLine(tr("--search-seed: %1 is beyond 2^53 (a JSON number would not hold it exactly)")
                                    .arg(*overrides.searchSeed));
    else if (overrides.searchSeed)
        search.searchSeed = *overrides.searchSeed;
    if (root.contains("search_seed")) {
        const qint64 seed = readWhole(root, "search_seed", 0, kLargestFileSeed, problems);
        if (!overrides.searchSeed && seed >= 0)
            search.searchSeed = quint64(seed);
    }
    return search;
}

} // namespace gatefold::train
