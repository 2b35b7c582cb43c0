#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
struct Artifact;
}

namespace gatefold::train {

// A checkpoint of a run as the store records it (artifact kinds
// checkpoint/last, checkpoint/best, checkpoint/epoch-N; info {"step", "epoch", …}).
struct CheckpointChoice {
    QString kind;      // "checkpoint/best", "checkpoint/last", "checkpoint/epoch-N"
    QString file;      // the file, absolute
    QString sha256;    // as recorded when it was written
    qint64 step = -1;  // from the record's info; -1 when it has none
    double epoch = -1;
    QByteArray infoJson;  // the record's info as written
};

// Which file "best", "last" or "epoch:N" names for run `runId`. "epoch:N"
// is the checkpoint recorded at epoch N: the epoch-N checkpoint a run with
// train.keep_every keeps, or the last or best when written at that epoch.
// nullopt with a sentence in `error` when the run has no such checkpoint
// (listing the intact ones it has and the names to ask for them) or its file
// is not a file (gone, a folder, a fifo, a device, a link loop: said which).
std::optional<CheckpointChoice> chooseCheckpoint(store::RunStore &store, qint64 runId, const QString &checkpoint,
                                                 QString *error);

// The way out when a checkpoint of run `runId` cannot be used: "run 2 keeps:
// best (epoch 1, step 16); ask for best" — only the run's checkpoints other
// than `exceptFile` whose files pass their check — or that it has none. Each
// name follows `option` ("--checkpoint " gives "ask for --checkpoint best").
QString otherCheckpoints(store::RunStore &store, qint64 runId, const QString &exceptFile,
                         const QString &option = QString());

// The record `artifact` (of a checkpoint kind) as a choice.
CheckpointChoice choiceOf(store::RunStore &store, const store::Artifact &artifact);

// Every checkpoint the store records for run `runId`, as choices (in the store's artifact order).
std::vector<CheckpointChoice> recordedChoices(store::RunStore &store, qint64 runId);

// Whether `kind` names a loadable checkpoint (store::CheckpointName; not e.g. checkpoint/damaged).
bool isCheckpointKind(const QString &kind);

// What is known about the file of `choice` (its record, the contents the
// user accepted for run `runId`: artifacts checkpoint/accepted-modified).
struct CheckpointTrust;
CheckpointTrust trustOf(store::RunStore &store, qint64 runId, const CheckpointChoice &choice);

} // namespace gatefold::train
