#pragma once

// Two analysis reports compared field by field, every double exactly (the
// same bits; NaN equals NaN): the first difference in words, or "" when
// they are the same. For the report.json round trips.

#include "report/inspectreport.h"

#include <QString>

#include <cmath>
#include <cstring>

namespace gatefold::test {

inline bool sameDouble(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
}

inline QString matrixDifference(const report::Matrix &a, const report::Matrix &b, const QString &where)
{
    if (a.rows != b.rows || a.cols != b.cols || a.values.size() != b.values.size())
        return QStringLiteral("%1: %2×%3 against %4×%5").arg(where).arg(a.rows).arg(a.cols).arg(b.rows).arg(b.cols);
    for (size_t i = 0; i < a.values.size(); ++i)
        if (!sameDouble(a.values[i], b.values[i]))
            return QStringLiteral("%1[%2]: %3 against %4")
                .arg(where).arg(i).arg(a.values[i], 0, 'g', 17).arg(b.values[i], 0, 'g', 17);
    return {};
}

inline QString matricesDifference(const std::vector<report::Matrix> &a, const std::vector<report::Matrix> &b,
                                  const QString &where)
{
    if (a.size() != b.size())
        return QStringLiteral("%1: %2 matrices against %3").arg(where).arg(a.size()).arg(b.size());
    for (size_t i = 0; i < a.size(); ++i)
        if (const QString d = matrixDifference(a[i], b[i], QStringLiteral("%1[%2]").arg(where).arg(i)); !d.isEmpty())
            return d;
    return {};
}

inline QString doublesDifference(const std::vector<double> &a, const std::vector<double> &b, const QString &where)
{
    return matrixDifference(report::Matrix{1, int(a.size()), a}, report::Matrix{1, int(b.size()), b}, where);
}

inline QString branchDifference(const std::vector<report::BranchLayer> &a, const std::vector<report::BranchLayer> &b,
                                const QString &where)
{
    if (a.size() != b.size())
        return QStringLiteral("%1: %2 blocks against %3").arg(where).arg(a.size()).arg(b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(where).arg(i);
        if (a[i].block != b[i].block)
            return at + QStringLiteral(".block");
        const std::pair<const report::Matrix report::BranchLayer::*, const char *> parts[] = {
            {&report::BranchLayer::attentionFeatures, "attention"}, {&report::BranchLayer::mlpFeatures, "mlp"},
            {&report::BranchLayer::qk, "qk"}, {&report::BranchLayer::vo, "vo"},
            {&report::BranchLayer::fc1, "fc1"}, {&report::BranchLayer::fc2, "fc2"}};
        for (const auto &[member, name] : parts)
            if (const QString d = matrixDifference(a[i].*member, b[i].*member, at + QLatin1Char('.') + QLatin1String(name));
                !d.isEmpty())
                return d;
    }
    return {};
}

inline QString imagesDifference(const report::InspectReport &a, const report::InspectReport &b)
{
    if (a.images.size() != b.images.size())
        return QStringLiteral("images: %1 against %2").arg(a.images.size()).arg(b.images.size());
    for (size_t i = 0; i < a.images.size(); ++i) {
        const auto &x = a.images[i], &y = b.images[i];
        if (x.width != y.width || x.height != y.height || x.rgb != y.rgb || x.label != y.label
            || x.className != y.className || x.source != y.source || x.predicted != y.predicted
            || !sameDouble(x.confidence, y.confidence))
            return QStringLiteral("images[%1]").arg(i);
    }
    return {};
}

inline QString codebookDifference(const report::InspectReport &a, const report::InspectReport &b)
{
    if (a.codebook.size() != b.codebook.size())
        return QStringLiteral("codebook: %1 layers against %2").arg(a.codebook.size()).arg(b.codebook.size());
    for (size_t i = 0; i < a.codebook.size(); ++i) {
        const auto &x = a.codebook[i], &y = b.codebook[i];
        const QString at = QStringLiteral("codebook[%1]").arg(i);
        if (x.block != y.block || x.deadCodes != y.deadCodes || !sameDouble(x.perplexity, y.perplexity)
            || !sameDouble(x.meanEntropy, y.meanEntropy) || !sameDouble(x.meanGateNorm, y.meanGateNorm)
            || x.topImages != y.topImages)
            return at;
        for (const QString &d : {doublesDifference(x.usage, y.usage, at + QStringLiteral(".usage")),
                                 matricesDifference(x.codeMaps, y.codeMaps, at + QStringLiteral(".code_maps"))})
            if (!d.isEmpty())
                return d;
    }
    return {};
}

inline QString historyDifference(const report::InspectReport &a, const report::InspectReport &b)
{
    if (a.usageHistory.size() != b.usageHistory.size() || a.branchHistory.size() != b.branchHistory.size())
        return QStringLiteral("history: %1 + %2 steps against %3 + %4")
            .arg(a.usageHistory.size()).arg(a.branchHistory.size()).arg(b.usageHistory.size()).arg(b.branchHistory.size());
    for (size_t i = 0; i < a.usageHistory.size(); ++i) {
        const auto &x = a.usageHistory[i], &y = b.usageHistory[i];
        if (x.step != y.step || !sameDouble(x.epoch, y.epoch) || x.usage.size() != y.usage.size())
            return QStringLiteral("history.codebook_usage[%1]").arg(i);
        for (const auto &[block, usage] : x.usage)
            if (!y.usage.count(block)
                || !doublesDifference(usage, y.usage.at(block), QStringLiteral("usage")).isEmpty())
                return QStringLiteral("history.codebook_usage[%1] block %2").arg(i).arg(block);
    }
    for (size_t i = 0; i < a.branchHistory.size(); ++i) {
        const auto &x = a.branchHistory[i], &y = b.branchHistory[i];
        if (x.step != y.step || !sameDouble(x.epoch, y.epoch))
            return QStringLiteral("history.branches[%1]").arg(i);
        if (const QString d = branchDifference(x.layers, y.layers, QStringLiteral("history.branches[%1]").arg(i));
            !d.isEmpty())
            return d;
    }
    return {};
}

inline QString embeddingDifference(const report::InspectReport &a, const report::InspectReport &b)
{
    const auto &x = a.embeddingFilters, &y = b.embeddingFilters;
    if (x.filters != y.filters || x.channels != y.channels)
        return QStringLiteral("embedding_filters: filters or channels");
    for (const QString &d : {matrixDifference(x.components, y.components, QStringLiteral("embedding_filters.components")),
                             doublesDifference(x.variance, y.variance, QStringLiteral("embedding_filters.variance")),
                             doublesDifference(x.ratio, y.ratio, QStringLiteral("embedding_filters.ratio")),
                             matrixDifference(a.positionSimilarity, b.positionSimilarity,
                                              QStringLiteral("position_similarity"))})
        if (!d.isEmpty())
            return d;
    return {};
}

inline QString reportDifference(const report::InspectReport &a, const report::InspectReport &b)
{
    if (a.runId != b.runId || a.runName != b.runName || a.checkpoint != b.checkpoint
        || a.checkpointFile != b.checkpointFile || a.step != b.step || !sameDouble(a.epoch, b.epoch)
        || a.device != b.device || !sameDouble(a.seconds, b.seconds))
        return QStringLiteral("run or checkpoint");
    if (a.imageSize != b.imageSize || a.patchSize != b.patchSize || a.gridHeight != b.gridHeight
        || a.gridWidth != b.gridWidth || a.classToken != b.classToken || a.layers != b.layers || a.heads != b.heads
        || a.branches != b.branches || a.classNames != b.classNames)
        return QStringLiteral("model");
    if (a.rolloutFusion != b.rolloutFusion || !sameDouble(a.discardRatio, b.discardRatio)
        || a.ckaAgainst != b.ckaAgainst || a.skipped != b.skipped)
        return QStringLiteral("rollout settings, cka partner or skipped views");
    for (const QString &d : {imagesDifference(a, b),
                             matricesDifference(a.attention, b.attention, QStringLiteral("attention")),
                             matricesDifference(a.branchAttention, b.branchAttention, QStringLiteral("branch_attention")),
                             matricesDifference(a.rollout, b.rollout, QStringLiteral("rollout")),
                             matrixDifference(a.meanDistance, b.meanDistance, QStringLiteral("mean_distance")),
                             codebookDifference(a, b),
                             branchDifference(a.branchLayers, b.branchLayers, QStringLiteral("branches")),
                             matrixDifference(a.cka, b.cka, QStringLiteral("cka")), historyDifference(a, b),
                             embeddingDifference(a, b)})
        if (!d.isEmpty())
            return d;
    return {};
}

} // namespace gatefold::test
