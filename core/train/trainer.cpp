#include "trainer.h"

#include "streamseeds.h"

#include "checkpoint.h"
#include "codebookrecord.h"
#include "autocastscope.h"
#include "distillation.h"
#include "store/checkpointname.h"
#include "config/resourceestimate.h"
#include "config/runconfigjson.h"
#include "testkillpoint.h"

#include "dist/distgroup.h"
#include "dist/gradientreducer.h"

#include "data/batchloader.h"
#include "data/imagesource.h"
#include "data/mixing.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>
#include <thread>

namespace gatefold::train {
namespace {

double unixNow()
{
    return double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

// data.workers = -1: none on the CPU (the model has the cores), a few beside a GPU.
int dataWorkers(int configured, const torch::Device &device)
{
    if (configured >= 0)
        return configured;
    return device.is_cuda() ? std::clamp(int(std::thread::hardware_concurrency()) / 2, 1, 4) : 0;
}

} // namespace

Trainer::Trainer(RunConfig config, TrainerOptions options)
    : m_config(std::move(config))
    , m_options(std::move(options))
{
    m_configJson = runConfigToJson(m_config);
}

Trainer::~Trainer() = default;

double Trainer::epochOf(std::int64_t step) const
{
    return double(step) / double(m_schedules->stepsPerEpoch());
}

void Trainer::say(const QString &message)
{
    if (!m_options.events)
        return;
    if (m_started)
        m_options.events->message(message);
    else
        m_pendingMessages << message;  // told right after started(), so the protocol opens with it
}

std::vector<std::int64_t> Trainer::batchIndices(std::int64_t step)
{
    const std::int64_t spe = m_schedules->stepsPerEpoch();
    const std::int64_t epoch = step / spe;
    std::lock_guard<std::mutex> lock(m_permMutex);
    if (epoch != m_permEpoch) {
        m_permutation.resize(size_t(m_data->size(data::Split::Train)));
        std::iota(m_permutation.begin(), m_permutation.end(), std::int64_t(0));
        std::mt19937_64 rng(streamSeed(m_config.train.seed, kOrderStream, epoch));
        std::shuffle(m_permutation.begin(), m_permutation.end(), rng);
        m_permEpoch = epoch;
    }
    const std::int64_t perStep = std::int64_t(m_config.train.batchSize) * m_config.train.accumSteps;
    const auto begin = m_permutation.begin() + (step % spe) * perStep;
    return {begin, begin + perStep};
}

void Trainer::applySchedules(std::int64_t step)
{
    const double lr = m_schedules->learningRate(step);
    auto &groups = m_optimizer->param_groups();
    for (size_t g = 0; g < groups.size(); ++g)
        static_cast<torch::optim::AdamWOptions &>(groups[g].options()).lr(lr * m_lrScales[g]);
    if (m_config.model.gate.kind == model::GateKind::Cde) {
        m_model->setGateStrength(m_schedules->gateStrength(step));
        m_model->setTemperature(m_schedules->temperature(step));
    }
    if (m_config.model.isParallel())
        m_model->setJoinStrength(m_schedules->joinStrength(step));
}

void Trainer::publish(const std::vector<store::MetricPoint> &points)
{
    if (m_options.events && !points.empty())
        m_options.events->metrics(points);
}

void Trainer::publishTrainMetrics()
{
    auto &w = m_state.window;
    if (w.steps == 0)
        return;
    const std::int64_t step = m_state.step;
    const double epoch = epochOf(step);
    const double wall = unixNow();
    std::vector<store::MetricPoint> points;
    auto add = [&](const char *key, double value) { points.push_back({key, step, epoch, wall, value}); };
    add("train/loss", w.loss / double(w.steps));
    add("train/grad_norm", w.gradNorm / double(w.steps));
    add("train/lr", m_schedules->learningRate(step - 1));
    if (w.seconds > 0) {
        add("train/images_per_s", double(w.images) / w.seconds);
        add("data/wait_fraction", w.dataWait / w.seconds);
        if (m_reducer)
            add("dist/comm_wait_fraction", w.commWait / w.seconds);
    }
    if (m_config.model.isParallel()) {
        add("train/lambda_join", m_schedules->joinStrength(step - 1));
        if (m_config.model.join.diversity > 0)
            add("train/diversity", w.diversity / double(w.steps));
    }
    if (m_distiller) {
        const auto &d = m_config.train.distill;
        if (d.attention > 0)
            add("train/distill_attention", w.distillAttention / double(w.steps));
        if (d.logits > 0)
            add("train/distill_logits", w.distillLogits / double(w.steps));
        add("train/teacher_seconds", w.teacherSeconds / double(w.steps));  // the teacher's forward, per step
        if (w.seconds > 0)
            add("train/teacher_fraction", w.teacherSeconds / w.seconds);
    }
    if (m_config.train.data.skipBadImages) {
        const auto skipped = m_data->skippedImages();
        add("data/skipped_images", double(skipped));
        if (skipped > m_reportedSkipped)
            say(QStringLiteral("skipped %1 undecodable image(s) so far (data.bad_images=skip); "
                                                     "latest: %2")
                                          .arg(skipped)
                                          .arg(QString::fromStdString(m_data->lastSkipped())));
        m_reportedSkipped = skipped;
    }
    if (m_config.model.gate.kind == model::GateKind::Cde) {
        add("train/gate_strength", m_schedules->gateStrength(step - 1));
        add("train/tau", m_schedules->temperature(step - 1));
    }
    publish(points);
    w = MetricWindow{};
}

EvalReport Trainer::evaluateNow()
{
    EvalReport report;
    report.step = m_state.step;
    report.epoch = epochOf(m_state.step);
    const int batch = m_config.train.evalBatchSize;
    // A CDE model's codebook measures come from the same pass (core/model/README.md, CDE).
    const bool codebook = !m_model->gates().empty();
    // A joining model's branch similarity on the first batch, so the Inspect tab can scrub through joining.
    const bool branches = !m_model->parallelBlockList().empty();
    testKillPoint("in-evaluation");
    EvalShard shard;
    if (auto *group = m_options.group) {
        shard = {group->rank(), group->size(), [group](torch::Tensor &t) { group->allReduceSum(t); }};
    }
    report.result = evaluate(m_model, *m_data, data::Split::Val, batch, m_device, m_norm, nullptr, codebook, branches,
                             shard);
    if (m_ema.enabled()) {
        m_ema.swapInto(*m_model);
        report.ema = evaluate(m_model, *m_data, data::Split::Val, batch, m_device, m_norm, nullptr, false, false, shard);
        m_ema.swapInto(*m_model);
    }
    report.best = report.result.top1 > m_state.bestTop1;
    if (report.best) {
        m_state.bestTop1 = report.result.top1;
        m_state.bestStep = m_state.step;
    }
    const double wall = unixNow();
    std::vector<store::MetricPoint> points = {
        {"val/loss", report.step, report.epoch, wall, report.result.loss},
        {"val/top1", report.step, report.epoch, wall, report.result.top1},
        {"val/top5", report.step, report.epoch, wall, report.result.top5},
    };
    if (report.ema) {
        points.push_back({"val_ema/loss", report.step, report.epoch, wall, report.ema->loss});
        points.push_back({"val_ema/top1", report.step, report.epoch, wall, report.ema->top1});
        points.push_back({"val_ema/top5", report.step, report.epoch, wall, report.ema->top5});
    }
    const auto cde = codebookMetrics(report.result.codebook, report.step, report.epoch, wall);
    points.insert(points.end(), cde.begin(), cde.end());
    publish(points);
    if (m_options.events)
        m_options.events->evaluated(report);
    return report;
}

bool Trainer::writeCheckpoint(const QStringList &kinds, const EvalReport *eval, QString *error)
{
    if (m_options.runDir.isEmpty())
        return true;
    m_state.cpuRngState = cpuGeneratorState();
    m_state.emaUpdates = m_ema.updates();
    CheckpointWrite written;
    if (!saveCheckpoint(m_options.runDir, QStringLiteral("step-%1").arg(m_state.step), m_configJson, m_model,
                        m_optimizer.get(), &m_ema, m_state, &written, error))
        return false;
    testKillPoint("after-checkpoint-file");
    QJsonObject info{{"step", qint64(m_state.step)}, {"epoch", epochOf(m_state.step)}, {"bytes", written.bytes}};
    if (eval) {
        info.insert("val/top1", eval->result.top1);
        info.insert("val/top5", eval->result.top5);
        info.insert("val/loss", eval->result.loss);
    }
    CheckpointReport report{kinds, written.path, written.sha256, written.bytes, m_state.step, epochOf(m_state.step),
                            QJsonDocument(info).toJson(QJsonDocument::Compact)};
    if (m_options.events && !m_options.events->checkpointed(report, error))
        return false;
    m_lastCheckpoint = written.path;
    if (kinds.contains(store::CheckpointName::best().kind()))
        m_bestCheckpoint = written.path;
    return true;
}

void Trainer::announceStart()
{
    if (!m_options.events)
        return;
    RunStart start;
    start.device = QString::fromStdString(m_device.str());
    start.stepsPerEpoch = m_schedules->stepsPerEpoch();
    start.totalSteps = m_schedules->totalSteps();
    start.startStep = m_state.step;
    for (const auto &p : m_model->parameters())
        start.parameters += p.numel();
    start.dataset = QString::fromStdString(m_data->name());
    start.trainImages = m_data->size(data::Split::Train);
    start.valImages = m_data->size(data::Split::Val);
    start.memoryEstimate = estimateResources(m_config).peakBytes;
    m_options.events->started(start);
    m_started = true;
    for (const QString &message : std::exchange(m_pendingMessages, {}))
        m_options.events->message(message);
}

std::pair<torch::Tensor, torch::Tensor> Trainer::trainBatch(std::int64_t microIndex)
{
    // The loader counts micro-batches: micro-batch j of optimiser step s is number s·k + j.
    const int k = m_config.train.accumSteps;
    const std::int64_t step = microIndex / k;
    const size_t batch = size_t(m_config.train.batchSize);
    const size_t first = size_t(microIndex % k) * batch;
    const auto global = batchIndices(step);
    // Rank r of W takes positions r, r + W, … of the micro-batch: DistributedSampler's shard of the
    // epoch's order. An image's augmentation is a function of (seed, step, its position in the step's
    // global batch), so the global batch is the same for any number of ranks and any accum_steps.
    const int ranks = worldSize();
    std::vector<std::int64_t> indices;
    std::vector<std::uint64_t> seeds;
    const std::uint64_t stepSeed = streamSeed(m_config.train.seed, kAugmentStream, step);
    for (size_t i = first + size_t(rank()); i < first + batch; i += size_t(ranks)) {
        indices.push_back(global[i]);
        seeds.push_back(mixSeed(stepSeed ^ std::uint64_t(i)));
    }
    auto data = m_data->trainBatch(indices, seeds);
    if (m_device.is_cuda())
        data.first = data.first.pin_memory();
    return data;
}

bool Trainer::stopRequested() const
{
    return (m_options.stop && m_options.stop->load())
        || (m_options.stopAtStep >= 0 && m_state.step >= m_options.stopAtStep);
}

int Trainer::worldSize() const
{
    return m_options.group ? m_options.group->size() : 1;
}

int Trainer::rank() const
{
    return m_options.group ? m_options.group->rank() : 0;
}

// Every rank stops at the same step when any of them is asked to (SIGTERM reaches one or all).
bool Trainer::agreedStop() const
{
    const bool here = stopRequested();
    if (!m_options.group)
        return here;
    return m_options.group->allReduceMax(here ? 1.0 : 0.0) > 0.0;
}

void Trainer::averageAcrossRanks(double *loss, torch::Tensor *diversity)
{
    if (!m_options.group)
        return;
    auto values = torch::tensor({*loss, diversity->defined() ? diversity->item<double>() : 0.0}, torch::kFloat64);
    m_options.group->allReduceSum(values);
    values /= double(worldSize());
    *loss = values[0].item<double>();
    if (diversity->defined())
        *diversity = values[1];
}

TrainOutcome Trainer::finish(TrainEnd end, QString message) const
{
    TrainOutcome outcome;
    outcome.end = end;
    outcome.message = std::move(message);
    outcome.step = m_state.step;
    outcome.bestTop1 = m_state.bestTop1;
    return outcome;
}

TrainOutcome Trainer::stopHere(bool savedAtThisStep)
{
    QString error;
    if (!savedAtThisStep && !writeCheckpoint({store::CheckpointName::last().kind()}, nullptr, &error))
        return finish(TrainEnd::Failed, QStringLiteral("stopped, but %1").arg(error));
    return finish(TrainEnd::Cancelled, QStringLiteral("stopped at step %1 (epoch %2); resume continues from there")
                                           .arg(m_state.step)
                                           .arg(epochOf(m_state.step), 0, 'f', 2));
}

QString Trainer::divergedMessage(std::int64_t step, double lossValue, double gradNorm) const
{
    const QString last = !lastCheckpointPath().isEmpty()
        ? QStringLiteral("the last good checkpoint (%1) is kept").arg(lastCheckpointPath())
        : QStringLiteral("no checkpoint was written yet");
    return QStringLiteral("the %1 became %2 at step %3 (epoch %4); lower optim.lr or set optim.clip_grad; %5")
        .arg(std::isfinite(lossValue) ? QStringLiteral("gradient norm") : QStringLiteral("loss"))
        .arg(std::isfinite(lossValue) ? gradNorm : lossValue)
        .arg(step + 1)
        .arg(epochOf(step + 1), 0, 'f', 2)
        .arg(last);
}

bool Trainer::microStep(data::BatchLoader &loader, std::int64_t step, int micro, StepResult *result, QString *error)
{
    const auto &o = m_config.train.optim;
    const int k = m_config.train.accumSteps;
    const std::int64_t index = step * k + micro;  // the micro-batch's number (the step's when k = 1)
    const double waitedBefore = loader.waitedSeconds();
    torch::Tensor images, labels;
    try {
        std::tie(images, labels) = loader.take(index);
    } catch (const data::DataError &e) {
        *error = QStringLiteral("step %1: %2; the last checkpoint is kept (data.bad_images=skip skips such "
                                "images and counts them)")
                     .arg(step)
                     .arg(QString::fromStdString(e.what()));
        return false;
    }
    m_state.window.dataWait += loader.waitedSeconds() - waitedBefore;
    images = data::normalize(images.to(m_device, /*non_blocking=*/true), m_norm);
    labels = labels.to(m_device, /*non_blocking=*/true);
    const auto &augment = m_config.train.augment;
    data::MixedBatch mixed;
    if (augment.mixes())
        mixed = data::mixBatch(images, labels, m_config.model.numClasses, augment, o.labelSmoothing,
                               m_options.group ? rankStreamSeed(m_config.train.seed, kMixStream, index, rank())
                                               : streamSeed(m_config.train.seed, kMixStream, index));

    const auto &input = mixed.mixed ? mixed.images : images;
    torch::Tensor total_loss;
    model::VitOutput out;
    {
        AutocastScope autocast(m_config.train.precision, m_device);
        out = m_model->forwardForTraining(input, m_distiller ? m_distiller->studentOptions() : model::ForwardOptions{});
        const auto logits = out.logits.to(torch::kFloat32);  // the loss in float32 (no-op without autocast)
        auto loss = mixed.mixed
            ? -(mixed.targets * torch::log_softmax(logits, 1)).sum(1).mean()  // soft targets, smoothing inside
            : torch::cross_entropy_loss(logits, labels, {}, at::Reduction::Mean, -100, o.labelSmoothing);
        const auto aux = m_model->auxiliaryLoss(out);
        total_loss = aux.defined() ? loss + aux : loss;
    }
    // The teacher and the distillation terms in float32, outside the autocast (the student's maps promote).
    if (const auto distilled = distillationLoss(out, input, result); distilled.defined())
        total_loss = total_loss + distilled;
    // The step's gradient is the mean over its k micro-batches: each adds its own / k.
    const auto backwardLoss = k > 1 ? total_loss / double(k) : total_loss;
    const bool last = micro + 1 == k;
    if (m_reducer && last)  // earlier micro-batches only add to the local gradients (DDP's no_sync)
        m_reducer->prepare(backwardLoss, /*addHeld=*/k > 1);
    backwardLoss.backward();
    result->loss = total_loss.item<double>();
    result->diversity = out.diversity.defined() ? out.diversity.detach() : torch::Tensor();
    result->images = images.size(0);
    return true;
}

bool Trainer::trainStep(data::BatchLoader &loader, StepResult *result, QString *error)
{
    const auto &o = m_config.train.optim;
    const double clip = o.clipGrad > 0 ? o.clipGrad : std::numeric_limits<double>::infinity();
    const std::int64_t step = m_state.step;
    const auto t0 = Clock::now();
    // One process: torch's generator from (seed, epoch), its state in every checkpoint. Several ranks:
    // from (seed, step, rank) at every step, so no rank's state needs keeping and any step can resume.
    if (m_options.group)
        torch::manual_seed(rankStreamSeed(m_config.train.seed, kTorchStream, step, rank()));
    else if (step % m_schedules->stepsPerEpoch() == 0)
        torch::manual_seed(streamSeed(m_config.train.seed, kTorchStream, step / m_schedules->stepsPerEpoch()));
    applySchedules(step);

    m_optimizer->zero_grad();
    const int k = m_config.train.accumSteps;
    double lossValue = 0.0;
    torch::Tensor diversity;
    std::int64_t images = 0;
    for (int micro = 0; micro < k; ++micro) {
        StepResult part;
        if (!microStep(loader, step, micro, &part, error))
            return false;
        lossValue += part.loss;
        if (part.diversity.defined())
            diversity = diversity.defined() ? diversity + part.diversity : part.diversity;
        if (part.distill.defined())
            result->distill = result->distill.defined() ? result->distill + part.distill : part.distill;
        images += part.images;
    }
    if (k > 1) {  // the step's loss, diversity and distillation terms: means over its micro-batches
        lossValue /= double(k);
        if (diversity.defined())
            diversity = diversity / double(k);
        if (result->distill.defined()) {
            result->distill = result->distill / double(k);
            result->distill[2].mul_(double(k));  // the teacher's seconds: the whole step's
        }
    }
    const auto c0 = Clock::now();
    if (m_reducer)
        m_reducer->finish();  // every rank holds the mean gradient of the global batch
    const double gradNorm = torch::nn::utils::clip_grad_norm_(m_parameters, clip);
    averageAcrossRanks(&lossValue, &diversity);
    if (m_reducer)  // what backward did not hide of the all-reduce, and the step's small reductions
        m_state.window.commWait += std::chrono::duration<double>(Clock::now() - c0).count();
    if (!std::isfinite(lossValue) || !std::isfinite(gradNorm)) {
        *error = divergedMessage(step, lossValue, gradNorm);
        return false;
    }
    m_optimizer->step();
    m_ema.update(*m_model);
    m_state.step = step + 1;

    result->seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    result->loss = lossValue;
    result->gradNorm = gradNorm;
    result->diversity = diversity;
    result->images = images * worldSize();
    return true;
}

torch::Tensor Trainer::distillationLoss(const model::VitOutput &output, const torch::Tensor &images,
                                        StepResult *result)
{
    if (!m_distiller)
        return {};
    const auto terms = m_distiller->losses(output, images);
    auto values = torch::tensor({terms.attention.defined() ? terms.attention.item<double>() : 0.0,
                                 terms.logits.defined() ? terms.logits.item<double>() : 0.0, terms.teacherSeconds},
                                torch::kFloat64);
    if (m_options.group) {  // as the loss: the mean over the ranks (each ran its own teacher on its shard)
        m_options.group->allReduceSum(values);
        values /= double(worldSize());
    }
    result->distill = values;
    return terms.weighted;
}

void Trainer::reportProgress(const StepResult &result)
{
    const std::int64_t total = m_schedules->totalSteps();
    auto &w = m_state.window;
    w.loss += result.loss;
    w.gradNorm += result.gradNorm;
    if (result.diversity.defined())
        w.diversity += result.diversity.item<double>();
    if (result.distill.defined()) {
        const auto values = result.distill.accessor<double, 1>();
        w.distillAttention += values[0];
        w.distillLogits += values[1];
        w.teacherSeconds += values[2];
    }
    w.steps += 1;
    w.images += result.images;
    w.seconds += result.seconds;
    m_state.trainSeconds += result.seconds;
    if (m_state.step % m_config.train.logEvery == 0 || m_state.step == total)
        publishTrainMetrics();
    if (m_options.events) {
        const double session = std::chrono::duration<double>(Clock::now() - m_sessionStart).count();
        const double perStep = session / double(m_state.step - m_sessionStartStep);
        Progress p;
        p.step = m_state.step;
        p.totalSteps = total;
        p.epoch = epochOf(m_state.step);
        p.imagesPerSecond = result.seconds > 0 ? double(result.images) / result.seconds : 0.0;
        p.etaSeconds = perStep * double(total - m_state.step);
        p.loss = result.loss;
        m_options.events->progress(p);
    }
}

bool Trainer::endEpoch(QString *error)
{
    const auto e0 = Clock::now();
    const EvalReport eval = evaluateNow();
    m_state.trainSeconds += std::chrono::duration<double>(Clock::now() - e0).count();
    // One file, one commit: last, and best and epoch-N when it is those too.
    QStringList kinds{store::CheckpointName::last().kind()};
    if (eval.best)
        kinds << store::CheckpointName::best().kind();
    const std::int64_t epoch = m_state.step / m_schedules->stepsPerEpoch();
    const int keep = m_config.train.keepEvery;
    if (keep > 0 && epoch % keep == 0)
        kinds << store::CheckpointName::epoch(epoch).kind();
    if (!writeCheckpoint(kinds, &eval, error)) {
        *error = QStringLiteral("%1; the previous checkpoint and every metric recorded before it are kept").arg(*error);
        return false;
    }
    return true;
}

TrainOutcome Trainer::run()
{
    const std::int64_t total = m_schedules->totalSteps();
    announceStart();
    m_sessionStart = Clock::now();
    m_sessionStartStep = m_state.step;
    // Batches are made ahead on the loader's workers; batch s is a pure function of (seed, s).
    // Indexed by micro-batch (train.accum_steps of them per optimiser step).
    const int k = m_config.train.accumSteps;
    data::BatchLoader loader([this](std::int64_t micro) { return trainBatch(micro); }, m_state.step * k, total * k,
                             dataWorkers(m_config.train.data.workers, m_device), m_config.train.data.prefetch);
    QString error;
    // A resumed run's checkpoint already holds this step: stopping at once writes no second file.
    bool savedAtThisStep = !m_options.resumeFrom.isEmpty();
    // Resumed at or past the epoch to pause after (an early-stopping job of a run that got there
    // before): it stays paused where it is rather than training on.
    if (m_options.pauseAtEpoch >= 0 && m_state.step > 0 && m_state.step < total
        && m_state.step >= m_options.pauseAtEpoch * m_schedules->stepsPerEpoch())
        return finish(TrainEnd::Paused, QStringLiteral("paused at once: the run is at step %1, after epoch %2 already; "
                                                       "resume continues from there")
                                            .arg(m_state.step)
                                            .arg(m_options.pauseAtEpoch));
    while (m_state.step < total) {
        if (agreedStop())
            return stopHere(savedAtThisStep);
        StepResult result;
        if (!trainStep(loader, &result, &error))
            return finish(TrainEnd::Failed, error);
        savedAtThisStep = false;
        reportProgress(result);
        if (m_state.step % m_schedules->stepsPerEpoch() == 0) {
            if (!endEpoch(&error))
                return finish(TrainEnd::Failed, error);
            savedAtThisStep = true;
            const std::int64_t epoch = m_state.step / m_schedules->stepsPerEpoch();
            if (m_options.pauseAtEpoch >= 0 && epoch >= m_options.pauseAtEpoch && m_state.step < total)
                return finish(TrainEnd::Paused, QStringLiteral("paused after epoch %1 (step %2) as asked; resume "
                                                               "continues from there")
                                                    .arg(epoch)
                                                    .arg(m_state.step));
        }
    }
    return finish(TrainEnd::Finished, QStringLiteral("finished %1 steps; best val/top1 %2 at step %3")
                                          .arg(total)
                                          .arg(m_state.bestTop1, 0, 'f', 4)
                                          .arg(m_state.bestStep));
}

} // namespace gatefold::train
