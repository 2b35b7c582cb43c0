#pragma once

#include "store/storetypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

#include <optional>
#include <variant>
#include <vector>

// The engine's event stream — `gatefold-cli train|resume|sweep --json`, one JSON object per line,
// also kept as <run dir>/events.jsonl — as types: what the engine writes (app/cli's printer, the
// sweep parent) and what its readers see (RunProcess, the sweep parent reading its children) go
// through the one writer and the one parser below, so a field renamed on one side does not compile
// on the other. Every line has "event" (the type's `name`) and, but for the sweep's own lines,
// "run". Field names are the wire's, listed in README (JSON lines); lines written by older engines
// must still parse, so a field may be added only as optional.
namespace gatefold::launch {

// {"event": "created", "run", "store"}: `train` created the run (before loading anything).
struct CreatedEvent {
    static constexpr char name[] = "created";
    qint64 run = 0;
    QString store;  // the store's display name (a PostgreSQL URL without its password)
};

// {"event": "started", …}: the engine loaded the data and the model and starts training.
struct StartedEvent {
    static constexpr char name[] = "started";
    qint64 run = 0;
    QString device;              // "device": "cpu", "cuda:0", …
    qint64 stepsPerEpoch = 0;    // "steps_per_epoch"
    qint64 totalSteps = 0;       // "total_steps"
    qint64 startStep = 0;        // "start_step": > 0 when resumed
    qint64 parameters = 0;       // "parameters"
    QString dataset;             // "dataset"
    qint64 trainImages = 0;      // "train_images"
    qint64 valImages = 0;        // "val_images"
    // "memory_estimate": bytes at the peak; absent (0) in lines of engines before issue 16.
    qint64 memoryEstimate = 0;
};

// {"event": "progress", …}: at most two a second while training, and at the last step.
struct ProgressEvent {
    static constexpr char name[] = "progress";
    qint64 run = 0;
    qint64 step = 0;
    qint64 totalSteps = 0;        // "total_steps"
    double epoch = 0.0;
    double imagesPerSecond = 0.0; // "images_per_s"
    double etaSeconds = 0.0;      // "eta_s"
    double loss = 0.0;
};

// {"event": "metrics", "run", "points": [{"key", "step", "epoch", "wall", "value"}, …]}: the
// points the engine has just written into the store.
struct MetricsEvent {
    static constexpr char name[] = "metrics";
    qint64 run = 0;
    std::vector<store::MetricPoint> points;
};

// One split's numbers in an "eval" event ("val", "val_ema").
struct EvalNumbers {
    double loss = 0.0;
    double top1 = 0.0;  // a fraction, 0..1
    double top5 = 0.0;
    qint64 images = 0;
};

// {"event": "eval", "run", "step", "epoch", "val", "val_ema"?, "best"}: the end of an epoch's evaluation.
struct EvalEvent {
    static constexpr char name[] = "eval";
    qint64 run = 0;
    qint64 step = 0;
    double epoch = 0.0;
    EvalNumbers val;
    std::optional<EvalNumbers> valEma;  // "val_ema": only when the run keeps an EMA of its weights
    bool best = false;
};

// {"event": "checkpoint", "run", "kind", "path", "sha256", "bytes", "step"}: one per record a
// checkpoint file became (checkpoint/last, checkpoint/best, …), after the store committed it.
struct CheckpointEvent {
    static constexpr char name[] = "checkpoint";
    qint64 run = 0;
    QString kind;
    QString path;
    QString sha256;
    qint64 bytes = 0;
    qint64 step = 0;
};

// {"event": "message", "run", "text"}: what the engine tells a person (warnings, notices).
struct MessageEvent {
    static constexpr char name[] = "message";
    qint64 run = 0;
    QString text;
};

// {"event": "end", "run", "status", "message"}: the last line; status finished, failed or cancelled.
struct EndEvent {
    static constexpr char name[] = "end";
    qint64 run = 0;
    QString status;
    QString message;
};

// {"event": "sweep", "sweep", "runs", "store"}: `sweep --json` created its runs (no "run").
struct SweepEvent {
    static constexpr char name[] = "sweep";
    qint64 sweep = 0;
    qint64 runs = 0;
    QString store;
};

// {"event": "sweep_end", "sweep", "finished", "failed", "cancelled"}: how many of its runs ended how.
struct SweepEndEvent {
    static constexpr char name[] = "sweep_end";
    qint64 sweep = 0;
    qint64 finished = 0;
    qint64 failed = 0;
    qint64 cancelled = 0;
    qint64 stopped = 0;  // stopped early by the sweep's early stopping (absent before issue 21: 0)
};

// {"event": "submitted", "run", "job", "script"}: `sweep|train|resume --slurm` handed the run to
// Slurm as array task `job` ("12345_3") of the sbatch script `script`; its engine starts there.
struct SubmittedEvent {
    static constexpr char name[] = "submitted";
    qint64 run = 0;
    QString job;
    QString script;
};

// {"event": "job_state", "run", "job", "state"}: with --wait, where Slurm has the run's task now —
// pending, running, completing, done, failed, cancelled or unknown (slurm::stateKey).
struct JobStateEvent {
    static constexpr char name[] = "job_state";
    qint64 run = 0;
    QString job;
    QString state;
};

using EngineEvent = std::variant<CreatedEvent, StartedEvent, ProgressEvent, MetricsEvent, EvalEvent,
                                 CheckpointEvent, MessageEvent, EndEvent, SweepEvent, SweepEndEvent, SubmittedEvent,
                                 JobStateEvent>;

// The writer: the event as its JSON object, and as the line the engine prints (compact, '\n').
// Non-finite numbers are written as null (JSON has no NaN), and read back as NaN.
QJsonObject eventJson(const EngineEvent &event);
QByteArray eventLine(const EngineEvent &event);

// The parser: one line (without or with its '\n') or one object, as its event, or nullopt and in
// *error what is wrong with it — not JSON, no or an unknown "event", a field missing or of the
// wrong type (`"progress" event: "step" is "12", not a whole number`). Fields it does not know are
// passed over (a newer engine may add some).
std::optional<EngineEvent> parseEventLine(const QByteArray &line, QString *error = nullptr);
std::optional<EngineEvent> parseEventJson(const QJsonObject &object, QString *error = nullptr);

} // namespace gatefold::launch

Q_DECLARE_METATYPE(gatefold::launch::StartedEvent)
Q_DECLARE_METATYPE(gatefold::launch::ProgressEvent)
Q_DECLARE_METATYPE(gatefold::launch::EvalEvent)
Q_DECLARE_METATYPE(gatefold::launch::EndEvent)
Q_DECLARE_METATYPE(std::vector<gatefold::store::MetricPoint>)
