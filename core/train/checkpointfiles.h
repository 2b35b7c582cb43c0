#pragma once

#include <QString>
#include <QStringList>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::train {

// How the store names a file of a run: relative to its data directory when
// the file is under it (the store can move with its folder), else absolute.
QString artifactPathFor(const store::RunStore &store, const QString &file);

// Removes the checkpoint files in run `runId`'s directory that none of the
// run's records names: step-<N>.pt written but never committed (killed before
// the store's commit), files whose records moved on, *.tmp left by a kill,
// and an older Gatefold's last.pt, best.pt, epoch-<N>.pt once no record names
// them. Only the engine holding the run calls it. Nothing is removed when
// the run has no checkpoint record (or the store cannot list them), nothing
// outside those names (damaged/, export/, engine.log), and no file older than
// the run's record (the run did not write it). Returns what it removed.
QStringList removeUnrecordedCheckpoints(store::RunStore &store, qint64 runId);

} // namespace gatefold::train
