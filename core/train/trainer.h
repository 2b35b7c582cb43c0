#pragma once

#include "checkpoint.h"
#include "initfrom.h"
#include "runschedules.h"
#include "config/trainconfig.h"
#include "trainevents.h"
#include "trainstate.h"
#include "weightema.h"

#include "data/dataset.h"
#include "data/normalization.h"
#include "model/visiontransformer.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <mutex>
#include <memory>
#include <vector>

namespace torch::optim {
class AdamW;
}

namespace gatefold::data {
class BatchLoader;
}

namespace gatefold::dist {
class DistGroup;
class GradientReducer;
}

namespace gatefold::train {

class Distiller;

struct TrainerOptions {
    QString runDir;            // checkpoints (step-<N>.pt) go here (created if missing); "": none written
    QString resumeFrom;        // a checkpoint to continue (weights, optimiser, state); "" = start
    const std::atomic<bool> *stop = nullptr;  // raised by SIGTERM/SIGINT: save and stop as cancelled
    std::int64_t stopAtStep = -1;  // stop like `stop` once this many steps are taken (-1: never)
    TrainEvents *events = nullptr;
    CheckpointTrust resumeTrust;  // the store's record of resumeFrom, contents the user accepted
    CheckpointTrust initTrust;    // the same for init.from
    // A data-parallel job's process group (this rank's view of it), or none. Every rank runs
    // a Trainer; only rank 0 has events and a runDir.
    dist::DistGroup *group = nullptr;
    CheckpointTrust teacherTrust = {};  // the store's record of distill.teacher, as initTrust
    // Pause once epoch N has ended (evaluated, checkpointed) and more remain: TrainEnd::Paused, the
    // run `stopped` (a sweep's early stopping waits at a rung). -1: never.
    std::int64_t pauseAtEpoch = -1;
};

enum class TrainEnd { Finished, Failed, Cancelled, Paused };

// What the data set decides about the model: num_classes and in_chans must
// match it. Opens the data (nothing is trained); every problem as "key: message".
QStringList checkDataFits(const RunConfig &config);

struct TrainOutcome {
    TrainEnd end = TrainEnd::Failed;
    QString message;  // why it failed or stopped
    std::int64_t step = 0;
    double bestTop1 = -1.0;
    bool rankLost = false;  // a data-parallel job lost a rank (died, hung): the run crashed
};

// The training loop of a run (its settings: README.md, "Training settings"): AdamW with a
// cosine schedule after a warm-up, decoupled weight decay on matrices only,
// gradient clipping, label smoothing, an EMA of the weights, the CDE and
// joining schedules, evaluation and checkpoints every epoch.
//
// Reproducible: the data order of epoch e is a permutation drawn from
// (train.seed, e), torch's generator is re-seeded from (train.seed, e) at the
// start of every epoch and its state is in every checkpoint, so a run resumed
// from any checkpoint takes the same steps as one that never stopped.
class Trainer
{
public:
    Trainer(RunConfig config, TrainerOptions options);
    ~Trainer();
    Trainer(const Trainer &) = delete;
    Trainer &operator=(const Trainer &) = delete;

    // Opens the data (unless setData gave it), builds the model on its device,
    // the optimiser and the averages; starts from init.from or continues options.resumeFrom.
    bool prepare(QString *error);
    // The run's data set, opened already (a resume checks it before it touches the run).
    void setData(std::unique_ptr<data::Dataset> data) { m_data = std::move(data); }
    TrainOutcome run();

    model::VisionTransformer &model() { return m_model; }
    const torch::optim::AdamW &optimizer() const { return *m_optimizer; }
    const RunSchedules &schedules() const { return *m_schedules; }
    const TrainState &state() const { return m_state; }
    const data::Dataset &dataset() const { return *m_data; }
    const data::Normalization &normalization() const { return m_norm; }
    torch::Device device() const { return m_device; }
    // The newest checkpoint file written or resumed from, and the one at the
    // best val/top1 written by this trainer ("" when none yet).
    QString lastCheckpointPath() const { return m_lastCheckpoint; }
    QString bestCheckpointPath() const { return m_bestCheckpoint; }
    // What starting from init.from changed (resampled, re-initialised, skipped tensors), once
    // prepare() started from it; nullopt when it did not (a fresh start, a resume).
    const std::optional<InitFromPlan> &initFromPlan() const { return m_initFromPlan; }

    // The training indices of step `step` (a pure function of seed and step): the global batch of
    // one optimiser step, batch_size x accum_steps images (micro-batch j is the j-th batch_size of them).
    std::vector<std::int64_t> batchIndices(std::int64_t step);
    // Ranks of the job (1 without a process group) and this trainer's rank.
    int worldSize() const;
    int rank() const;
    // Sets λ, τ, the joining strength and the learning rate for step `step` (each optimiser group's
    // scheduled lr times its layer-decay factor).
    void applySchedules(std::int64_t step);

private:
    using Clock = std::chrono::steady_clock;

    // What one optimiser step leaves for the train/* window and the progress event.
    struct StepResult {
        double loss = 0.0;        // the total loss, auxiliary terms included
        double gradNorm = 0.0;    // before clipping
        torch::Tensor diversity;  // a joining model's branch diversity (undefined otherwise)
        torch::Tensor distill;    // distillation: {attention term, logit term, teacher seconds} (undefined otherwise)
        std::int64_t images = 0;
        double seconds = 0.0;     // the step's wall time, the wait for its batch included
    };

    // The steps of run(), in their order.
    void announceStart();
    bool stopRequested() const;
    TrainOutcome stopHere(bool savedAtThisStep);  // writes `last` unless this step has a checkpoint
    // Schedules, batch, forward, backward, clipping, optimiser and EMA; false when the
    // batch could not be made or the loss or gradient diverged (the step is not taken).
    bool trainStep(data::BatchLoader &loader, StepResult *result, QString *error);
    // Micro-batch `micro` of `step` (train.accum_steps): batch, forward (under compute.precision's
    // autocast), loss, and backward of loss / accum_steps into the gradients the step sums.
    bool microStep(data::BatchLoader &loader, std::int64_t step, int micro, StepResult *result, QString *error);
    void reportProgress(const StepResult &result);  // the train/* window and the progress event
    bool endEpoch(QString *error);                  // evaluation, best, checkpoint kinds, records
    TrainOutcome finish(TrainEnd end, QString message) const;
    // Data parallel: the weights of rank 0 everywhere, the gradient reducer; the per-step
    // agreement on stopping; the step's loss and diversity as means over the ranks.
    bool joinGroup(QString *error);
    bool agreedStop() const;
    void averageAcrossRanks(double *loss, torch::Tensor *diversity);

    std::pair<torch::Tensor, torch::Tensor> trainBatch(std::int64_t microIndex);  // the loader's producer
    QString divergedMessage(std::int64_t step, double lossValue, double gradNorm) const;

    // The steps of prepare(), in their order.
    bool openData(QString *error);            // the data set, its check against the model, the normalisation
    bool chooseDevice(QString *error);
    bool choosePrecision(QString *error);     // compute.precision on that device, or why not
    bool buildModelOnDevice(QString *error);  // seeded from (train.seed, -1)
    void buildOptimizer();                    // AdamW (decay on matrices only) and the EMA
    bool startWeights(QString *error);        // resume, init.from or the k-means codebooks
    bool initialiseCodebooks(QString *error);
    bool loadTeacher(QString *error);  // distill.teacher, frozen on the device (distillation.h)
    // The distillation terms of a step (β·MSE + γ·KD, undefined without a teacher); their values and the
    // teacher's seconds, averaged over the ranks, go to `result`.
    torch::Tensor distillationLoss(const model::VitOutput &output, const torch::Tensor &images, StepResult *result);
    // Writes step-<N>.pt and reports it as `kinds` (last, best, epoch-N) in one event.
    bool writeCheckpoint(const QStringList &kinds, const EvalReport *eval, QString *error);
    EvalReport evaluateNow();
    void say(const QString &message);  // a line for the run's log
    void publishTrainMetrics();
    void publish(const std::vector<store::MetricPoint> &points);
    double epochOf(std::int64_t step) const;

    RunConfig m_config;
    QByteArray m_configJson;
    TrainerOptions m_options;
    std::unique_ptr<data::Dataset> m_data;
    data::Normalization m_norm;
    std::int64_t m_reportedSkipped = 0;  // undecodable images already named in a message
    bool m_started = false;              // events->started() was called
    QStringList m_pendingMessages;       // messages from prepare(), sent after started()
    torch::Device m_device{torch::kCPU};
    model::VisionTransformer m_model{nullptr};
    std::unique_ptr<torch::optim::AdamW> m_optimizer;
    std::vector<torch::Tensor> m_parameters;
    std::vector<double> m_lrScales;  // per optimiser group: optim.layer_decay's factor (1 when off)
    std::unique_ptr<dist::GradientReducer> m_reducer;
    WeightEma m_ema;
    std::unique_ptr<RunSchedules> m_schedules;
    std::unique_ptr<Distiller> m_distiller;
    TrainState m_state;
    QString m_lastCheckpoint;
    std::optional<InitFromPlan> m_initFromPlan;
    QString m_bestCheckpoint;
    Clock::time_point m_sessionStart;     // when run() began (for the ETA)
    std::int64_t m_sessionStartStep = 0;  // the step run() began at
    std::mutex m_permMutex;  // batchIndices() runs on the loader's workers
    std::int64_t m_permEpoch = -1;
    std::vector<std::int64_t> m_permutation;
};

} // namespace gatefold::train
