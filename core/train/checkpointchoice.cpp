#include "checkpointchoice.h"

#include "checkpoint.h"
#include "runexecution.h"

#include "files/userfile.h"
#include "store/checkpointname.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cmath>
#include <map>
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

// "best", "last", "epoch-N" (a kept checkpoint's stem), or another kind as it is.
QString shortName(const QString &kind)
{
    const auto name = store::CheckpointName::fromKind(kind);
    return name ? name->stem() : kind;
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

// The names that ask for what the run has: "best, last, epoch:2" (each after `option`, e.g.
// "--checkpoint best, --checkpoint epoch:2"). An epoch-N record is asked for as epoch:N.
QString askable(const std::vector<CheckpointChoice> &all, const QString &option = QString())
{
    QStringList names;
    for (const auto &c : all)
        if (const auto name = store::CheckpointName::fromKind(c.kind); name && !name->isEpoch() && !names.contains(name->asked()))
            names << shortName(c.kind);
    for (const auto &c : all) {
        const QString byEpoch = QStringLiteral("epoch:%1").arg(std::llround(c.epoch));
        if (wholeEpoch(c.epoch) && !names.contains(byEpoch))
            names << byEpoch;
    }
    for (QString &name : names)
        name.prepend(option);
    return names.join(QStringLiteral(", "));
}

// What the file of a record is when it cannot be a checkpoint at all (a record without a path
// names the store's folder): "does not exist (moved or deleted)", "is a fifo …"; empty for a file.
QString fileProblemOf(const CheckpointChoice &c)
{
    const std::string kind = files::fileKindProblem(QFile::encodeName(c.file).toStdString());
    if (kind == "does not exist")
        return QStringLiteral("does not exist (moved or deleted)");
    return QString::fromStdString(kind);
}

// "run 2 keeps: best (epoch 1, step 16); ask for best", naming only the records of `all` other
// than `exceptFile` whose files pass their check (a broken checkpoint is no way out).
QString keptText(store::RunStore &store, qint64 runId, const std::vector<CheckpointChoice> &all,
                 const QString &exceptFile, const QString &option = QString())
{
    std::map<QString, bool> usable;  // by file: best and last often share one
    std::vector<CheckpointChoice> good;
    for (const auto &c : all) {
        if (c.file == exceptFile)
            continue;
        if (!usable.count(c.file))
            usable[c.file] = fileProblemOf(c).isEmpty() && checkCheckpoint(c.file, trustOf(store, runId, c)).usable();
        if (usable[c.file])
            good.push_back(c);
    }
    if (good.empty())
        return QStringLiteral("run %1 has no other checkpoint that is intact (resume or train it again to write one)")
            .arg(runId);
    QStringList has;
    for (const auto &c : good)
        has << describe(c);
    return QStringLiteral("run %1 keeps: %2; ask for %3")
        .arg(runId)
        .arg(has.join(QStringLiteral(", ")), askable(good, option));
}

} // namespace

std::vector<CheckpointChoice> recordedChoices(store::RunStore &store, qint64 runId)
{
    std::vector<CheckpointChoice> all;
    for (const auto &artifact : store.artifacts(runId))
        if (isCheckpointKind(artifact.kind))
            all.push_back(choiceOf(store, artifact));
    return all;
}

bool isCheckpointKind(const QString &kind)
{
    return store::CheckpointName::fromKind(kind).has_value();
}

CheckpointTrust trustOf(store::RunStore &store, qint64 runId, const CheckpointChoice &choice)
{
    CheckpointTrust trust;
    trust.recordedSha256 = choice.sha256;
    for (const auto &accepted : store.artifacts(runId, store::kAcceptedModifiedKind))
        trust.acceptedSha256 << accepted.sha256;
    return trust;
}

QString otherCheckpoints(store::RunStore &store, qint64 runId, const QString &exceptFile, const QString &option)
{
    return keptText(store, runId, recordedChoices(store, runId), exceptFile, option);
}

std::optional<CheckpointChoice> chooseCheckpoint(store::RunStore &store, qint64 runId, const QString &checkpoint,
                                                 QString *error)
{
    const std::vector<CheckpointChoice> all = recordedChoices(store, runId);
    if (all.empty()) {
        const QString why = store.lastError();
        *error = QStringLiteral("run %1 has no checkpoint yet: the trainer writes one at the end of every epoch "
                                "(and when a run is stopped); train or resume it first%2")
                     .arg(runId)
                     .arg(why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
        return std::nullopt;
    }
    const CheckpointChoice *chosen = nullptr;
    const auto name = store::CheckpointName::parse(checkpoint);
    if (name && name->isEpoch()) {
        const int epoch = name->epochNumber();
        // The last one recorded at that epoch (last and best of the same step hold the same weights).
        for (const auto &c : all)
            if (wholeEpoch(c.epoch) && std::llround(c.epoch) == epoch && (!chosen || c.step >= chosen->step))
                chosen = &c;
        if (!chosen) {
            *error = QStringLiteral("run %1 has no checkpoint of epoch %2: the trainer keeps the last and the best "
                                    "checkpoint, and every k-th epoch's only when the run sets train.keep_every = k; %3")
                         .arg(runId)
                         .arg(epoch)
                         .arg(keptText(store, runId, all, QString()));
            return std::nullopt;
        }
    } else {
        const QString kind = name ? name->kind() : QString();  // an unknown name matches no record
        for (const auto &c : all)
            if (c.kind == kind)
                chosen = &c;
        if (!chosen) {
            *error = QStringLiteral("run %1 has no %2 checkpoint; %3")
                         .arg(runId)
                         .arg(checkpoint, keptText(store, runId, all, QString()));
            return std::nullopt;
        }
    }
    if (const QString problem = fileProblemOf(*chosen); !problem.isEmpty()) {
        *error = QStringLiteral("the %1 checkpoint of run %2 is recorded as %3, which %4; %5")
                     .arg(shortName(chosen->kind))
                     .arg(runId)
                     .arg(chosen->file, problem, keptText(store, runId, all, chosen->file));
        return std::nullopt;
    }
    return *chosen;
}

} // namespace gatefold::train
