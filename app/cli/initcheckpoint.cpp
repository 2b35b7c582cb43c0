#include "initcheckpoint.h"
#include "clitext.h"

#include "model/visiontransformer.h"
#include "store/checkpointname.h"
#include "store/runstore.h"
#include "train/checkpointfiles.h"
#include "train/initfrom.h"
#include "train/runexecution.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::cli {
namespace {

// A checkpoint named by RUN (its best, else last) or RUN:best / RUN:last, not yet checked.
std::optional<InitCheckpoint> runCheckpoint(store::RunStore &store, const QString &spec, CommandError *error)
{
    const QString runPart = spec.section(':', 0, 0);
    const QString which = spec.section(':', 1);
    bool ok = false;
    const qint64 id = runPart.toLongLong(&ok);
    if (!ok || (which != "" && which != "best" && which != "last")) {
        *error = {ExitUsage,
                  {tr("error: --init-from '%1' is neither a file nor RUN, RUN:best or RUN:last").arg(spec)}};
        return std::nullopt;
    }
    for (const QString &kind : {(which == "last" ? store::CheckpointName::last() : store::CheckpointName::best()).kind(),
                               store::CheckpointName::last().kind()}) {
        const auto found = store.artifacts(id, kind);
        if (!found.empty())
            return InitCheckpoint{train::artifactFile(store, found.back()), id, found.back().sha256, {}};
        if (which != "")
            break;
    }
    *error = {ExitUsage,
              {tr("error: --init-from: run %1 has no %2 checkpoint in %3")
                   .arg(id)
                   .arg(which.isEmpty() ? QStringLiteral("best or last") : which, store.displayName())}};
    return std::nullopt;
}

// A checkpoint that is not what was written is refused unless accepted; `init.check` gets the verdict.
bool checkInitCheckpoint(InitCheckpoint &init, bool accept, CommandError *error)
{
    train::CheckpointTrust trust;
    trust.recordedSha256 = init.recordedSha256;
    init.check = train::checkCheckpoint(init.file, trust);
    const train::CheckpointCheck &check = init.check;
    if (check.usable() || (accept && check.state == train::CheckpointState::Modified))
        return true;
    *error = {ExitUsage,
              {tr("error: --init-from: %1; nothing was created. %2")
                   .arg(check.problem,
                        check.state == train::CheckpointState::Modified
                            ? tr("Start from another checkpoint (RUN:best, RUN:last or a file), or pass "
                                 "--accept-modified-checkpoint if the change is yours (it is recorded in the new run).")
                            : tr("Give an existing checkpoint file, RUN, RUN:best or RUN:last."))}};
    return false;
}

// What to do when a checkpoint does not fit the model of the config.
QString fitAdvice()
{
    return tr("Start from a checkpoint of a run with the same model settings (patch_size, embed_dim, depth, "
              "num_heads, mlp_ratio, global_pool, in_chans, gate.*, join.*; img_size and num_classes may differ), "
              "or set them as that run did (`gatefold-cli runs show RUN` lists its config).");
}

// The checkpoint's weights fit the model this config builds, as init.from fits them (train/initfrom.h):
// another img_size resamples pos_embed, another num_classes gives a new head; nothing else may differ.
bool initCheckpointFits(const train::RunConfig &config, const InitCheckpoint &init, CommandError *error)
{
    std::string why;
    const auto model = model::buildModel(config.model, &why);
    QString problem = QString::fromStdString(why);
    train::CheckpointTrust trust;
    trust.recordedSha256 = init.recordedSha256;
    trust.acceptedSha256 << init.check.fileSha256;  // usable, or accepted by the user (checkInitCheckpoint)
    if (model && train::checkInitFrom(init.file, *model, &problem, trust))
        return true;
    *error = {ExitUsage, {tr("error: --init-from: %1; nothing was created. %2").arg(problem, fitAdvice())}};
    return false;
}

std::optional<InitCheckpoint> verified(std::optional<InitCheckpoint> init, const train::RunConfig &config,
                                       bool accept, CommandError *error)
{
    if (!init || !checkInitCheckpoint(*init, accept, error) || !initCheckpointFits(config, *init, error))
        return std::nullopt;
    return init;
}

} // namespace

bool namesAFile(const QString &spec)
{
    return QFileInfo::exists(spec) || QFileInfo(spec).isSymLink();
}

std::optional<InitCheckpoint> verifiedInitFile(const QString &file, const train::RunConfig &config, bool accept,
                                               CommandError *error)
{
    return verified(InitCheckpoint{QFileInfo(file).absoluteFilePath(), 0, QString(), {}}, config, accept, error);
}

std::optional<InitCheckpoint> verifiedInitRun(store::RunStore &store, const QString &spec,
                                              const train::RunConfig &config, bool accept, CommandError *error)
{
    return verified(runCheckpoint(store, spec, error), config, accept, error);
}

std::optional<train::CheckItem> initFromFitProblem(const train::RunConfig &config)
{
    const QString file = QString::fromStdString(config.train.initFrom);
    if (file.isEmpty() || !train::checkCheckpoint(file).usable())
        return std::nullopt;  // no file, or one train refuses (or accepts) for what it is, not for its shapes
    std::string why;
    const auto model = model::buildModel(config.model, &why);
    if (!model)
        return std::nullopt;  // the config's own problems are named by its validation
    QString problem;
    if (train::checkInitFrom(file, *model, &problem))
        return std::nullopt;
    return train::CheckItem{QStringLiteral("init.from"), problem + QStringLiteral("; ") + fitAdvice()};
}

void recordAcceptance(store::RunStore &store, qint64 runId, const InitCheckpoint &init)
{
    store::Artifact accepted;
    accepted.runId = runId;
    accepted.kind = store::kAcceptedModifiedKind;
    accepted.path = train::artifactPathFor(store, init.file);
    accepted.sha256 = init.check.fileSha256;
    accepted.infoJson = QJsonDocument(QJsonObject{{"path", init.file},
                                                  {"kind", QStringLiteral("init.from")},
                                                  {"recorded_sha256", init.recordedSha256},
                                                  {"found_sha256", init.check.fileSha256},
                                                  {"problem", init.check.problem}})
                            .toJson(QJsonDocument::Compact);
    if (!store.addArtifact(accepted))
        printErr(tr("warning: cannot record the accepted checkpoint in run %1: %2").arg(runId).arg(store.lastError()));
}

} // namespace gatefold::cli
