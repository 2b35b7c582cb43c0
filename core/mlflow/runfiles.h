#pragma once

#include <QString>

#include <map>
#include <optional>

namespace gatefold::mlflow {

// How far a walk through one run's folders goes: a run's params, metrics,
// tags and artifacts are files in the hundreds, never a disk.
inline constexpr int kMaxWalkDepth = 32;
inline constexpr int kMaxWalkFiles = 100000;

// Every file under `dir` (nothing when it does not exist), by its path
// relative to it ('/'-separated): the key of a param, metric or tag (keys with
// '/' are nested folders), or an artifact's path. Stays inside the MLflow
// store `storeRoot`: a symbolic link is followed only to a file inside it.
// Refuses (nullopt, `error` naming the path and what to do) a folder that
// lies outside the store, an entry that is not a regular file (a fifo, a
// device, a dangling or looping link), a link out of the store, more than
// kMaxWalkFiles files, folders nested deeper than kMaxWalkDepth.
std::optional<std::map<QString, QString>> filesUnder(const QString &dir, const QString &storeRoot, QString *error);

// The folder run `runDir` keeps its artifacts in, from its meta.yaml's
// `artifact_uri`: that folder when it is local and inside the MLflow store
// `storeRoot`; the run's own artifacts/ folder for a remote URI, one that is
// not a folder, or one that names this run's artifacts/ at the place a moved
// or copied store was before. nullopt (`error` naming the run and the URI)
// for any other folder outside the store: an import never reads beyond it.
std::optional<QString> artifactRoot(const QString &uri, const QString &runDir, const QString &storeRoot,
                                    QString *error);

} // namespace gatefold::mlflow
