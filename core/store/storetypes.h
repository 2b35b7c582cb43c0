#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::store {

// How RunStore::open treats a store. ReadOnly never creates, migrates or
// writes anything (no -wal/-shm left behind that was not there) and works on a
// store in a read-only folder or file; its write methods return false.
enum class OpenMode { ReadWrite, ReadOnly };

// queued → running → finished | failed | cancelled | crashed. A crashed,
// failed or cancelled run may be resumed (→ running again).
// Stopped (schema 6): paused by a sweep's early stopping at a rung's checkpoint; resumable, and
// neither cancelled (a person's decision) nor crashed.
enum class RunStatus { Queued, Running, Finished, Failed, Cancelled, Crashed, Stopped };

QString toString(RunStatus status);
std::optional<RunStatus> runStatusFromString(const QString &text);
// Whether the lifecycle allows `from` → `to`.
bool isAllowedTransition(RunStatus from, RunStatus to);
bool isTerminal(RunStatus status);
// Whether `resume` may continue a run of this status: failed, cancelled, crashed or stopped.
bool isResumable(RunStatus status);

// What a new run starts with.
struct NewRun {
    QString name;
    QByteArray configJson;  // the whole run config, as the engine reads it
    qint64 seed = 0;
    qint64 sweepId = 0;     // 0: not part of a sweep
    qint64 parentId = 0;    // 0: none; else e.g. the run it fine-tunes
    QStringList tags;
    QString notes;
};

struct RunRecord {
    qint64 id = 0;
    QString name;
    RunStatus status = RunStatus::Queued;
    QByteArray configJson;
    qint64 seed = 0;
    QString device;     // "cpu", "cuda:0", …; empty until started
    QString versions;   // JSON object: gatefold, libtorch, qt, the world (runversions.h reads it)
    double created = 0;  // Unix seconds
    double started = 0;  // 0: not yet
    double ended = 0;
    double heartbeat = 0;
    // The process that holds the run (running: its engine; queued: the
    // process that created or adopted it; afterwards: the last holder).
    qint64 pid = 0;
    QString host;
    QString pidStart;   // its start token (ProcessId::start); empty in records from before schema 3
    qint64 sweepId = 0;
    qint64 parentId = 0;
    QStringList tags;
    QString notes;
    QString message;    // why it failed / crashed / was cancelled, last words of the engine
    // What is wrong with the record as the store holds it: a status no Gatefold
    // writes, a value not of its column's type ("seed holds 'abc' (text), not a
    // whole number"). Empty when whole. Such fields are left at their defaults,
    // never read as if they were 0; the store refuses to move a damaged run
    // along its lifecycle (RunStore::setStatus), and readers show it as damaged.
    QString damage;
};

// One scalar of one run at one step.
struct MetricPoint {
    QString key;       // e.g. "train/loss", "val/top1"
    qint64 step = 0;
    double epoch = 0;  // fractional epochs allowed
    double wall = 0;   // Unix seconds when measured
    double value = 0;
};

// One metric of one run at a glance (for tables): how many points, the last and the extremes.
struct MetricSummary {
    qint64 count = 0;
    qint64 lastStep = -1;
    double last = 0;
    double min = 0;
    double max = 0;
};

struct Artifact {
    qint64 id = 0;
    qint64 runId = 0;
    QString kind;    // "checkpoint/last", "checkpoint/best", "export/onnx", "image", …
    QString path;    // absolute, or relative to the store's directory
    QString sha256;  // lower-case hex of the file's bytes
    double created = 0;
    QByteArray infoJson;  // free-form JSON object (e.g. epoch, val/top1, fold error)
};

// Analysis data of one evaluation, e.g. kind "codebook/usage" with data
// {"layers": [[count per code] per layer]} (the documented forms are in
// core/store/README.md).
struct Snapshot {
    qint64 id = 0;
    qint64 runId = 0;
    QString kind;
    qint64 step = 0;
    double epoch = 0;
    double created = 0;
    QByteArray dataJson;
};

// A whole run recorded elsewhere, for RunStore::importRuns: the record (its
// id, heartbeat, pid, sweep and parent are not taken), its metric points and
// its artifacts (their runId is not taken either).
struct ImportedRun {
    RunRecord record;
    std::vector<MetricPoint> metrics;
    std::vector<Artifact> artifacts;
};

// One submission of a run to Slurm (schema 5): the job or array task that trains it, the sbatch
// script it ran and the options it asked for. A queued run with one waits for Slurm to start its
// engine: it is nobody's orphan (RunStore::orphanedQueuedRuns, adoptRuns).
struct SlurmJob {
    qint64 id = 0;
    qint64 runId = 0;
    QString jobId;           // "12345_3": array job 12345, task 3
    QString script;          // the script's path
    QByteArray optionsJson;  // the options it asked for (core/slurm's SlurmOptions as JSON)
    double submitted = 0;    // Unix seconds
};

struct Sweep {
    qint64 id = 0;
    QString name;
    QByteArray gridJson;
    double created = 0;
    // How the sweep searches (schema 6; "{}" before): {"method", "runs", "search_seed", "parallel",
    // "early_stop": {"kind": "asha", "metric", "mode", "rungs", "eta"}}.
    QByteArray searchJson = "{}";
};

} // namespace gatefold::store
