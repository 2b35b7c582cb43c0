#pragma once

#include <QString>

#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::inspect {

// A checkpoint of a run as the store records it (artifact kinds
// "checkpoint/…", info {"step", "epoch", …}).
struct CheckpointChoice {
    QString kind;      // "checkpoint/best", "checkpoint/last", "checkpoint/epoch-N"
    QString file;      // the file, absolute
    QString sha256;    // as recorded when it was written
    qint64 step = -1;  // from the record's info; -1 when it has none
    double epoch = -1;
};

// Which file "best", "last" or "epoch:N" names for run `runId`. "epoch:N"
// is the checkpoint recorded at epoch N: the epoch-N checkpoint a run with
// train.keep_every keeps, or the last or best when written at that epoch.
// nullopt with a sentence in `error` when the run has no such checkpoint
// (listing the ones it has and the names to ask for them) or its file is gone.
std::optional<CheckpointChoice> chooseCheckpoint(store::RunStore &store, qint64 runId, const QString &checkpoint,
                                                 QString *error);

// "epoch:N" -> N; nullopt for anything else (N a whole number >= 0).
std::optional<int> epochOfCheckpointName(const QString &checkpoint);

} // namespace gatefold::inspect
