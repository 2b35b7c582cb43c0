#pragma once

#include "store/storetypes.h"

#include <QString>

#include <optional>
#include <vector>

namespace gatefold::mlflow {

// The artifacts of the run in `runDir`, from the folder its meta.yaml's
// `artifact_uri` names (runfiles.h: artifactRoot, inside the MLflow store
// `storeRoot`): first those Gatefold's manifest (manifestPath) lists, with
// their kind, original path and hash — a copy in the run stands for its
// original once its sha256 matches — then every other file as a plain
// artifact. Refuses (nullopt, `error` naming the file and what to do) a
// manifest that is not Gatefold's and a copy that does not match its hash.
std::optional<std::vector<store::Artifact>> readRunArtifacts(const QString &artifactUri, const QString &runDir,
                                                             const QString &storeRoot, QString *error);

} // namespace gatefold::mlflow
