#pragma once

#include "evaluation.h"

#include "store/storetypes.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::train {

struct RunStart {
    QString device;              // "cpu", "cuda:0"
    std::int64_t stepsPerEpoch = 0;
    std::int64_t totalSteps = 0;
    std::int64_t startStep = 0;  // > 0 when resumed
    std::int64_t parameters = 0;
    QString dataset;
    std::int64_t trainImages = 0;
    std::int64_t valImages = 0;
    std::int64_t memoryEstimate = 0;  // bytes the run needs at its peak (resourceestimate.h)
};

struct Progress {
    std::int64_t step = 0;       // steps taken
    std::int64_t totalSteps = 0;
    double epoch = 0.0;          // fractional
    double imagesPerSecond = 0.0;
    double etaSeconds = 0.0;
    double loss = 0.0;           // this step's training loss
};

struct EvalReport {
    std::int64_t step = 0;
    double epoch = 0.0;
    EvalResult result;
    std::optional<EvalResult> ema;  // with optim.ema_decay > 0
    bool best = false;              // a new best val/top1
};

// One checkpoint file and what it becomes: "checkpoint/last", and also
// "checkpoint/best" and "checkpoint/epoch-N" when it is those (one file).
struct CheckpointReport {
    QStringList kinds;
    QString path;
    QString sha256;
    qint64 bytes = 0;
    std::int64_t step = 0;
    double epoch = 0.0;
    QByteArray infoJson;  // {"step", "epoch", "val/top1" …}
};

// What the trainer reports while it runs, in order. The run recorder writes
// it to the store; the CLI prints it (progress bar or JSON lines).
class TrainEvents
{
public:
    virtual ~TrainEvents() = default;
    virtual void started(const RunStart &) {}
    virtual void metrics(const std::vector<store::MetricPoint> &) {}
    virtual void progress(const Progress &) {}
    virtual void evaluated(const EvalReport &) {}
    // A new checkpoint file is complete; it counts once this returns true
    // (the run recorder commits it and the metrics before it to the store).
    // Return false (with `error`) to stop the run as failed, e.g. when the
    // store cannot record the checkpoint.
    virtual bool checkpointed(const CheckpointReport &, QString * /*error*/) { return true; }
    virtual void message(const QString &) {}
};

} // namespace gatefold::train
