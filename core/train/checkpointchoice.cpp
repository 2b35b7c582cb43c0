#include "checkpointchoice.h"

#include "checkpoint.h"
#include "runexecution.h"

#include "store/runstore.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>
#include <vector>

namespace gatefold::train {

CheckpointChoice choiceOf(store::RunStore &store, const store::Artifact &artifact)
{
    CheckpointChoice c;
    c.kind = artifact.kind;
    c.file = artifactFile(store, artifact);
    c.sha256 = artifact.sha256;
    c.infoJson = artifact.infoJson;
    const auto info = QJsonDocument::fromJson(artifact.infoJson).object();
    if (info.contains(QLatin1String("step")))
        c.step = qint64(info.value(QLatin1String("step")).toDouble(-1));
    if (info.contains(QLatin1String("epoch")))
        c.epoch = info.value(QLatin1String("epoch")).toDouble(-1);
    return c;
}

namespace {

// "best", "last", or the part after "checkpoint/" of another kind.
QString shortName(const QString &kind)
{
    return kind.startsWith(QLatin1String("checkpoint/")) ? kind.mid(11) : kind;
}

QString describe(const CheckpointChoice &c)
{
    QStringList parts;
    if (c.epoch >= 0)
        parts << QStringLiteral("epoch %1").arg(c.epoch, 0, 'g', 6);
    if (c.step >= 0)
        parts << QStringLiteral("step %1").arg(c.step);
    return parts.isEmpty() ? shortName(c.kind) : QStringLiteral("%1 (%2)").arg(shortName(c.kind), parts.join(", "));
}

bool wholeEpoch(double epoch)
{
    return epoch >= 0 && std::abs(epoch - std::round(epoch)) < 1e-9;
}

// The names that ask for what the run has: "best, last, epoch:2".
QString askable(const std::vector<CheckpointChoice> &all)
{
    QStringList names;
    for (const auto &c : all)
        names << shortName(c.kind);
    for (const auto &c : all) {
        const QString byEpoch = QStringLiteral("epoch:%1").arg(std::llround(c.epoch));
        if (wholeEpoch(c.epoch) && !names.contains(byEpoch))
            names << byEpoch;
    }
    return names.join(QStringLiteral(", "));
}

} // namespace

std::optional<int> epochOfCheckpointName(const QString &checkpoint)
{
    static const QRegularExpression pattern(QStringLiteral("^epoch:(\\d{1,9})$"));
    const auto match = pattern.match(checkpoint);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1).toInt();
}

bool isCheckpointKind(const QString &kind)
{
    static const QRegularExpression pattern(QStringLiteral("^checkpoint/(last|best|epoch-\\d+)$"));
    return pattern.match(kind).hasMatch();
}

CheckpointTrust trustOf(store::RunStore &store, qint64 runId, const CheckpointChoice &choice)
{
    CheckpointTrust trust;
    trust.recordedSha256 = choice.sha256;
    for (const auto &accepted : store.artifacts(runId, QStringLiteral("checkpoint/accepted-modified")))
        trust.acceptedSha256 << accepted.sha256;
    return trust;
}

std::optional<CheckpointChoice> chooseCheckpoint(store::RunStore &store, qint64 runId, const QString &checkpoint,
                                                 QString *error)
{
    std::vector<CheckpointChoice> all;
    for (const auto &artifact : store.artifacts(runId))
        if (isCheckpointKind(artifact.kind))
            all.push_back(choiceOf(store, artifact));
    if (all.empty()) {
        const QString why = store.lastError();
        *error = QStringLiteral("run %1 has no checkpoint yet: the trainer writes one at the end of every epoch "
                                "(and when a run is stopped); train or resume it first%2")
                     .arg(runId)
                     .arg(why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
        return std::nullopt;
    }
    QStringList has;
    for (const auto &c : all)
        has << describe(c);
    const QString kept = QStringLiteral("run %1 keeps: %2; ask for %3").arg(runId).arg(has.join(QStringLiteral(", ")),
                                                                                   askable(all));

    const CheckpointChoice *chosen = nullptr;
    if (const auto epoch = epochOfCheckpointName(checkpoint)) {
        // The last one recorded at that epoch (last and best of the same step hold the same weights).
        for (const auto &c : all)
            if (wholeEpoch(c.epoch) && std::llround(c.epoch) == *epoch && (!chosen || c.step >= chosen->step))
                chosen = &c;
        if (!chosen) {
            *error = QStringLiteral("run %1 has no checkpoint of epoch %2: the trainer keeps the last and the best "
                                    "checkpoint, and every k-th epoch's only when the run sets train.keep_every = k; %3")
                         .arg(runId)
                         .arg(*epoch)
                         .arg(kept);
            return std::nullopt;
        }
    } else {
        const QString kind = QStringLiteral("checkpoint/") + checkpoint;
        for (const auto &c : all)
            if (c.kind == kind)
                chosen = &c;
        if (!chosen) {
            *error = QStringLiteral("run %1 has no %2 checkpoint; %3").arg(runId).arg(checkpoint, kept);
            return std::nullopt;
        }
    }
    if (!QFileInfo(chosen->file).isFile()) {
        *error = QStringLiteral("the %1 checkpoint of run %2 is recorded as %3, but that file is gone (moved or "
                                "deleted); %4")
                     .arg(shortName(chosen->kind))
                     .arg(runId)
                     .arg(chosen->file, kept);
        return std::nullopt;
    }
    return *chosen;
}

} // namespace gatefold::train
