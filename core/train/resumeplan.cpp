#include "resumeplan.h"

#include "checkpointfiles.h"
#include "runexecution.h"

#include "store/checkpointname.h"
#include "store/runstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <map>

namespace gatefold::train {
namespace {

// "last", "best", "epoch:N": what --from takes.
QString nameOf(const CheckpointChoice &c)
{
    const auto name = store::CheckpointName::fromKind(c.kind);
    return name ? name->asked() : c.kind;
}

// The run's other checkpoints that load, as `resume --from` commands.
QStringList alternatives(store::RunStore &store, qint64 runId, const QString &file)
{
    QStringList out;
    for (const auto &c : recordedChoices(store, runId))
        if (c.file != file && checkCheckpoint(c.file, trustOf(store, runId, c)).usable())
            out << QStringLiteral("`gatefold-cli resume --run %1 --from %2` (step %3)").arg(runId).arg(nameOf(c)).arg(c.step);
    return out;
}

QString refusal(store::RunStore &store, qint64 runId, const CheckpointChoice &chosen, const CheckpointCheck &check)
{
    const QStringList others = alternatives(store, runId, chosen.file);
    QString todo = others.isEmpty()
        ? QStringLiteral("the run has no other intact checkpoint; ")
        : QStringLiteral("resume from another checkpoint: %1; or ").arg(others.join(QStringLiteral(", ")));
    if (check.state == CheckpointState::Modified)
        todo += QStringLiteral("if the change is yours, pass --accept-modified-checkpoint (it is recorded in the run)");
    else
        todo += QStringLiteral("restore the file, or start a new run with `gatefold-cli train`");
    return QStringLiteral("cannot resume run %1 from its %2 checkpoint: %3. Nothing was changed (the file is kept as it "
                          "is); %4")
        .arg(runId)
        .arg(nameOf(chosen), check.problem, todo);
}

// <run dir>/damaged/<name>, or <name>.2, … when taken.
QString asideName(const QString &runDir, const QString &file)
{
    const QDir dir(QDir(runDir).filePath(QStringLiteral("damaged")));
    QString target = dir.filePath(QFileInfo(file).fileName());
    for (int n = 2; QFileInfo::exists(target); ++n)
        target = dir.filePath(QStringLiteral("%1.%2").arg(QFileInfo(file).fileName()).arg(n));
    return target;
}

QByteArray infoJson(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

bool recordAcceptance(store::RunStore &store, qint64 runId, const ResumePlan &plan, QString *error)
{
    store::Artifact accepted;
    accepted.runId = runId;
    accepted.kind = store::kAcceptedModifiedKind;
    accepted.path = artifactPathFor(store, plan.chosen->file);
    accepted.sha256 = plan.check.fileSha256;
    accepted.infoJson = infoJson({{"path", plan.chosen->file},
                                  {"kind", plan.chosen->kind},
                                  {"recorded_sha256", plan.chosen->sha256},
                                  {"found_sha256", plan.check.fileSha256},
                                  {"problem", plan.check.problem}});
    if (!store.addArtifact(accepted)) {
        *error = store.lastError();
        return false;
    }
    return true;
}

} // namespace

std::optional<ResumePlan> planResume(store::RunStore &store, qint64 runId, const QString &from, bool acceptModified,
                                     QString *error)
{
    ResumePlan plan;
    const auto recorded = recordedChoices(store, runId);
    if (recorded.empty() && from == QLatin1String("last"))
        return plan;  // starts over
    QString why;
    plan.chosen = chooseCheckpoint(store, runId, from, &why);
    if (!plan.chosen) {
        *error = QStringLiteral("cannot resume run %1: %2 (with `gatefold-cli resume --run %1 --from NAME`)")
                     .arg(runId)
                     .arg(why);
        return std::nullopt;
    }
    plan.trust = trustOf(store, runId, *plan.chosen);
    plan.check = checkCheckpoint(plan.chosen->file, plan.trust);
    if (!plan.check.usable()) {
        if (plan.check.state != CheckpointState::Modified || !acceptModified) {
            *error = refusal(store, runId, *plan.chosen, plan.check);
            return std::nullopt;
        }
        plan.acceptNow = true;
        plan.trust.acceptedSha256 << plan.check.fileSha256;
    }
    if (plan.chosen->kind == store::CheckpointName::last().kind())
        return plan;
    // Resuming from another checkpoint: the ones that fail their check go aside (recorded), never deleted.
    for (const auto &c : recorded) {
        if (c.file == plan.chosen->file)
            continue;
        const auto check = checkCheckpoint(c.file, trustOf(store, runId, c));
        if (check.state == CheckpointState::Modified)
            plan.damaged.emplace_back(c, check);
    }
    return plan;
}

bool applyResumePlan(store::RunStore &store, qint64 runId, const ResumePlan &plan, QStringList *notes, QString *error)
{
    if (!plan.chosen)
        return true;
    const CheckpointChoice &chosen = *plan.chosen;
    if (plan.acceptNow) {
        if (!recordAcceptance(store, runId, plan, error))
            return false;
        *notes << QStringLiteral("accepted the modified checkpoint %1 (sha256 %2) as it is; recorded in the run")
                      .arg(chosen.file, plan.check.fileSha256);
    }
    std::map<QString, QString> movedTo;  // damaged file → where it went
    for (const auto &[damaged, check] : plan.damaged) {
        if (movedTo.count(damaged.file) || !QFileInfo::exists(damaged.file))
            continue;
        const QString aside = asideName(store.runDirectory(runId), damaged.file);
        QDir().mkpath(QFileInfo(aside).absolutePath());
        if (std::rename(QFile::encodeName(damaged.file).constData(), QFile::encodeName(aside).constData()) != 0) {
            *error = QStringLiteral("cannot move the damaged checkpoint %1 aside to %2").arg(damaged.file, aside);
            return false;
        }
        movedTo[damaged.file] = aside;
        store::Artifact record;
        record.runId = runId;
        record.kind = store::kDamagedKind;
        record.path = artifactPathFor(store, aside);
        record.sha256 = check.fileSha256;
        record.infoJson = infoJson({{"original_path", damaged.file},
                                    {"kind", damaged.kind},
                                    {"recorded_sha256", damaged.sha256},
                                    {"found_sha256", check.fileSha256},
                                    {"problem", check.problem}});
        if (!store.addArtifact(record)) {
            *error = store.lastError();
            return false;
        }
        *notes << QStringLiteral("moved the damaged %1 checkpoint %2 aside to %3 (recorded as checkpoint/damaged)")
                      .arg(nameOf(damaged), damaged.file, aside);
    }
    if (chosen.kind == store::CheckpointName::last().kind() && movedTo.empty())
        return true;  // the records already say it
    // last names what the run continues from; other records of a moved file follow it (loading it says why not).
    std::vector<store::Artifact> records;
    store::Artifact last;
    last.kind = store::CheckpointName::last().kind();
    last.path = artifactPathFor(store, chosen.file);
    last.sha256 = chosen.sha256;
    last.infoJson = chosen.infoJson;
    records.push_back(last);
    for (const auto &artifact : store.artifacts(runId)) {
        const auto moved = movedTo.find(artifactFile(store, artifact));
        if (isCheckpointKind(artifact.kind) && artifact.kind != last.kind && moved != movedTo.end()) {
            store::Artifact followed = artifact;
            followed.path = artifactPathFor(store, moved->second);
            records.push_back(followed);
        }
    }
    if (!store.recordCheckpoint(runId, {}, records)) {
        *error = store.lastError();
        return false;
    }
    if (chosen.kind != last.kind)
        *notes << QStringLiteral("resuming from the %1 checkpoint (step %2): it is the run's last checkpoint now, the "
                                 "metrics after its step are taken again")
                      .arg(nameOf(chosen))
                      .arg(chosen.step);
    return true;
}

} // namespace gatefold::train
