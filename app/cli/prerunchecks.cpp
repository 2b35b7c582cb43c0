#include "prerunchecks.h"
#include "clitext.h"

#include "clicommon.h"
#include "initcheckpoint.h"

#include "config/fieldtable.h"
#include "config/plausibility.h"
#include "config/runvalidation.h"
#include "train/precision.h"

#include <QCoreApplication>

// The engine's resource estimate (contract C3) where this build has it.
#if __has_include("config/resourceestimate.h")
#include "config/resourceestimate.h"
#define GATEFOLD_RESOURCE_ESTIMATE 1
#endif

namespace gatefold::cli {
namespace {

#ifdef GATEFOLD_RESOURCE_ESTIMATE
// checkResources speaks "key: message" (C3): the key is the setting when it is one.
train::CheckItem itemFromLine(const QString &line)
{
    const qsizetype colon = line.indexOf(QStringLiteral(": "));
    if (colon > 0 && config::findField(line.left(colon).toStdString()))
        return {line.left(colon), line.mid(colon + 2)};
    return {QString(), line};
}
#endif

} // namespace

PreRunCheck checkBeforeCreating(const train::RunConfig &config, train::DataCheckCache *cache, bool resources)
{
    PreRunCheck check;
    train::DataCheck data = train::checkData(config, cache);
    check.problems = std::move(data.problems);
    check.warnings = std::move(data.warnings);
    check.data = data.data;
#ifdef GATEFOLD_RESOURCE_ESTIMATE
    if (!resources)
        return check;
    train::ResourceEstimate estimate;
    for (const QString &line : train::checkResources(config, &estimate))
        check.problems.push_back(itemFromLine(line));
    const QString precision = train::precisionRefusalHere(config);
    if (!precision.isEmpty())
        check.problems.push_back(itemFromLine(precision));
    check.parameters = estimate.parameters;
    check.activationBytes = estimate.activationBytes;
    check.checkpointBytes = estimate.checkpointBytes;
    check.memoryLimitBytes = estimate.memoryLimitBytes;
    if (const auto misfit = initFromFitProblem(config))
        check.problems.push_back(*misfit);
#else
    (void)resources;
#endif
    return check;
}

QStringList preRunProblems(const train::RunConfig &config, train::DataCheckCache *cache, train::DataFacts *facts)
{
    const PreRunCheck check = checkBeforeCreating(config, cache);
    if (facts)
        *facts = check.data;
    for (const auto &w : check.warnings)
        printErr(tr("warning: %1").arg(w.line()));
    for (const auto &w : plausibilityItems(config))
        printErr(tr("warning: %1").arg(w.line()));
    QStringList out;
    for (const auto &p : check.problems)
        out << p.line();
    return out;
}

std::vector<train::CheckItem> plausibilityItems(const train::RunConfig &config)
{
    std::vector<train::CheckItem> items;
    for (const auto &w : config::plausibilityWarnings(config))
        items.push_back({QString::fromStdString(w.field), QString::fromStdString(w.message)});
    return items;
}

QJsonObject dataJson(const train::DataFacts &data)
{
    if (!data.opened)
        return {};
    return {{"name", data.name},
            {"classes", data.classes},
            {"channels", data.channels},
            {"train", qint64(data.trainImages)},
            {"val", qint64(data.valImages)}};
}

QJsonObject resourcesJson(const PreRunCheck &check)
{
    return {{"parameters", check.parameters},
            {"activation_bytes", check.activationBytes},
            {"checkpoint_bytes", check.checkpointBytes},
            {"memory_limit_bytes", check.memoryLimitBytes}};
}

} // namespace gatefold::cli
