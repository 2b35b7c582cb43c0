// Trainer: opening the data, building the model, optimiser and schedules,
// resuming from a checkpoint and the k-means codebook start (the part of a run
// before its first step).

#include "trainer.h"

#include "streamseeds.h"

#include "checkpoint.h"
#include "datacheck.h"
#include "distillation.h"
#include "paramgroups.h"
#include "layerdecay.h"
#include "precision.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "testkillpoint.h"

#include "data/datasets.h"
#include "data/datasetsummary.h"
#include "data/normalization.h"
#include "config/configvalidator.h"
#include "model/kmeansinit.h"

#include <QDir>

#include <torch/torch.h>

#include "dist/distgroup.h"
#include "dist/gradientreducer.h"

#include <algorithm>
#include <map>
#include <memory>

namespace gatefold::train {

bool Trainer::prepare(QString *error)
{
    testKillPoint("in-prepare");
    const auto problems = validateRunConfig(m_config);
    if (!problems.empty()) {
        *error = QString::fromStdString(model::formatProblems(problems));
        return false;
    }
    if (!openData(error))
        return false;
    // One optimiser step takes batch_size x accum_steps images; an epoch's incomplete last step is dropped.
    const std::int64_t perStep = std::int64_t(m_config.train.batchSize) * m_config.train.accumSteps;
    const std::int64_t stepsPerEpoch = m_data->size(data::Split::Train) / perStep;
    if (stepsPerEpoch < 1) {
        *error = m_config.train.accumSteps > 1
            ? QStringLiteral("train.batch_size x train.accum_steps (%1 x %2 = %3 images per optimiser step) is "
                             "larger than the training split (%4 images); lower either")
                  .arg(m_config.train.batchSize)
                  .arg(m_config.train.accumSteps)
                  .arg(perStep)
                  .arg(m_data->size(data::Split::Train))
            : QStringLiteral("train.batch_size (%1) is larger than the training split (%2 images)")
                  .arg(m_config.train.batchSize)
                  .arg(m_data->size(data::Split::Train));
        return false;
    }
    if (m_config.train.accumSteps > 1)
        say(QStringLiteral("gradient accumulation: %1 micro-batches of %2 images, %3 images per optimiser step; "
                           "%4 optimiser steps per epoch")
                .arg(m_config.train.accumSteps)
                .arg(m_config.train.batchSize)
                .arg(perStep)
                .arg(stepsPerEpoch));
    m_schedules = std::make_unique<RunSchedules>(m_config, stepsPerEpoch);
    if (!chooseDevice(error) || !choosePrecision(error) || !buildModelOnDevice(error))
        return false;
    buildOptimizer();
    if (!m_options.runDir.isEmpty() && !QDir().mkpath(m_options.runDir)) {
        *error = QStringLiteral("cannot create the run directory %1").arg(m_options.runDir);
        return false;
    }
    return startWeights(error) && loadTeacher(error) && joinGroup(error);
}

// Every rank loads its own copy (it runs on that rank's shard of the batch); a resumed run reloads it
// from the same file, checked against the same record.
bool Trainer::loadTeacher(QString *error)
{
    if (!m_config.train.distill.enabled())
        return true;
    m_distiller = Distiller::load(m_config, QString::fromStdString(m_config.train.distill.teacher),
                                  m_options.teacherTrust, m_device, error);
    if (!m_distiller)
        return false;
    say(m_distiller->description());
    return true;
}

// DDP's start: rank 0's parameters, buffers and averages everywhere, then the gradient reducer.
bool Trainer::joinGroup(QString *error)
{
    auto *group = m_options.group;
    if (!group)
        return true;
    const int ranks = group->size();
    if (m_config.train.batchSize % ranks != 0) {
        *error = QStringLiteral("train.batch_size (%1) is the global batch and must be a multiple of the %2 ranks; "
                                "choose a batch size divisible by %2")
                     .arg(m_config.train.batchSize)
                     .arg(ranks);
        return false;
    }
    std::vector<torch::Tensor> state;
    for (const auto &p : m_model->parameters())
        state.push_back(p.detach());
    for (const auto &b : m_model->buffers())
        state.push_back(b.detach());
    for (const auto &t : m_ema.tensors())
        state.push_back(t.detach());
    // One broadcast per dtype: the tensors flattened into one buffer and copied back.
    torch::NoGradGuard noGrad;
    std::map<int, std::vector<torch::Tensor>> byType;
    for (const auto &t : state)
        byType[int(t.scalar_type())].push_back(t);
    for (auto &[type, tensors] : byType) {
        std::vector<torch::Tensor> flat;
        for (const auto &t : tensors)
            flat.push_back(t.reshape({-1}));
        auto buffer = torch::cat(flat);
        group->broadcast({buffer});
        std::int64_t offset = 0;
        for (auto &t : tensors) {
            t.copy_(buffer.narrow(0, offset, t.numel()).view(t.sizes()));
            offset += t.numel();
        }
    }
    m_reducer = std::make_unique<dist::GradientReducer>(*group, m_parameters);
    say(QStringLiteral("data-parallel: %1 ranks (%2, %3); train.batch_size %4 is the global batch: %5 images per "
                       "rank and step; gradients averaged in %6 bucket(s), %7 MB per step, all-reduced during "
                       "backward")
            .arg(ranks)
            .arg(group->world().launcher, group->backendName())
            .arg(m_config.train.batchSize)
            .arg(m_config.train.batchSize / ranks)
            .arg(m_reducer->bucketCount())
            .arg(double(m_reducer->bytesPerStep()) / 1e6, 0, 'f', 2));
    return true;
}

bool Trainer::openData(QString *error)
{
    std::string why;
    if (!m_data)
        m_data = data::openDataset(m_config.train.data, m_config.model.imageSize, &why, m_config.train.augment);
    if (!m_data) {
        *error = QString::fromStdString(why);
        return false;
    }
    const QStringList mismatch = dataMismatch(*m_data, m_config);
    if (!mismatch.isEmpty()) {
        *error = mismatch.join('\n');
        return false;
    }
    const auto &dc = m_config.train.data;
    try {
        m_norm = dc.mean.empty() ? data::measureNormalization(*m_data) : data::Normalization{dc.mean, dc.std};
    } catch (const std::exception &e) {
        *error = QStringLiteral("%1 (measuring the input normalisation; data.bad_images=skip skips such images, "
                                "`gatefold-cli data --verify` lists them all)")
                     .arg(QString::fromStdString(e.what()));
        return false;
    }
    say(QString::fromStdString(data::describeDataset(*m_data)));
    for (const std::string &notice : m_data->notices())
        say(QString::fromStdString(notice));
    say(QStringLiteral("input normalisation: %1 (%2); undecodable images: %3")
            .arg(QString::fromStdString(data::describeNormalization(m_norm)),
                 dc.mean.empty() ? QStringLiteral("measured on the first %1 training images")
                                       .arg(std::min<std::int64_t>(data::kNormalizationImages,
                                                                   m_data->size(data::Split::Train)))
                                 : QStringLiteral("data.mean, data.std"),
                 dc.skipBadImages ? QStringLiteral("skip and count (data.bad_images=skip)")
                                  : QStringLiteral("stop the run (data.bad_images=stop)")));
    return true;
}

bool Trainer::chooseDevice(QString *error)
{
    const auto choice = m_config.train.device;
    if (choice == DeviceChoice::Cuda && !torch::cuda::is_available()) {
        *error = QStringLiteral("compute.device is cuda, but this LibTorch sees no CUDA device; use cpu or auto");
        return false;
    }
    // A data-parallel rank takes the device of its local rank (one device per local rank).
    const int local = m_options.group ? m_options.group->world().localRank : 0;
    const int devices = torch::cuda::is_available() ? int(torch::cuda::device_count()) : 0;
    m_device = choice != DeviceChoice::Cpu && devices > 0 ? torch::Device(torch::kCUDA, local % devices)
                                                          : torch::Device(torch::kCPU);
    if (m_config.train.deterministic)
        at::globalContext().setDeterministicAlgorithms(true, false);
    return true;
}

bool Trainer::choosePrecision(QString *error)
{
    const QString refusal = precisionRefusal(m_config, m_device.is_cuda(), thisCpu());
    if (!refusal.isEmpty()) {
        *error = refusal;
        return false;
    }
    if (m_config.train.precision == Precision::Bf16)
        say(QStringLiteral("mixed precision: the training forward pass under LibTorch autocast to bfloat16 on %1; "
                           "weights, gradients, the optimiser and evaluation stay float32")
                .arg(QString::fromStdString(m_device.str())));
    return true;
}

bool Trainer::buildModelOnDevice(QString *error)
{
    torch::manual_seed(streamSeed(m_config.train.seed, kTorchStream, -1));
    std::string why;
    auto built = model::buildModel(m_config.model, &why);
    if (!built) {
        *error = QString::fromStdString(why);
        return false;
    }
    m_model = *built;
    m_model->to(m_device);
    m_model->train();
    return true;
}

void Trainer::buildOptimizer()
{
    const auto &o = m_config.train.optim;
    auto options = [&](double decay) {
        return std::make_unique<torch::optim::AdamWOptions>(
            torch::optim::AdamWOptions(o.lr).betas({o.beta1, o.beta2}).eps(o.eps).weight_decay(decay));
    };
    std::vector<torch::optim::OptimizerParamGroup> paramGroups;
    m_parameters.clear();
    m_lrScales.clear();
    for (const auto &group : optimizerGroups(*m_model, o.weightDecay, o.layerDecay)) {
        paramGroups.emplace_back(group.params, options(group.weightDecay));
        m_lrScales.push_back(group.lrScale);
        m_parameters.insert(m_parameters.end(), group.params.begin(), group.params.end());
    }
    m_optimizer = std::make_unique<torch::optim::AdamW>(paramGroups, torch::optim::AdamWOptions(o.lr));
    if (o.layerDecay != 1.0) {
        const auto [low, high] = std::minmax_element(m_lrScales.begin(), m_lrScales.end());
        say(QStringLiteral("layer-wise learning-rate decay %1: %2 parameter groups, lr x %3 (embeddings) to x %4 "
                           "(head)")
                .arg(o.layerDecay)
                .arg(m_lrScales.size())
                .arg(*low, 0, 'g', 4)
                .arg(*high, 0, 'g', 4));
    }
    if (o.emaDecay > 0)
        m_ema = WeightEma(*m_model, o.emaDecay, o.emaWarmup);
}

bool Trainer::startWeights(QString *error)
{
    if (!m_options.resumeFrom.isEmpty()) {
        if (!loadCheckpoint(m_options.resumeFrom, m_model, m_optimizer.get(), &m_ema, &m_state, error,
                            m_options.resumeTrust))
            return false;
        m_lastCheckpoint = m_options.resumeFrom;
        if (m_state.cpuRngState.defined())
            setCpuGeneratorState(m_state.cpuRngState);  // mid-epoch: dropout continues exactly
        return true;
    }
    if (!m_config.train.initFrom.empty()) {
        // Fine-tuning: the weights of another run, fitted to this model's image size and label set
        // (initfrom.h); optimiser, schedules and averages start fresh.
        QString why;
        InitFromPlan plan;
        if (!loadInitFrom(QString::fromStdString(m_config.train.initFrom), m_model, m_options.initTrust, &plan, &why)) {
            *error = QStringLiteral("init.from: %1").arg(why);
            return false;
        }
        for (const QString &line : plan.logLines())
            say(line);
        m_initFromPlan = plan;
        if (m_ema.enabled())
            m_ema = WeightEma(*m_model, m_config.train.optim.emaDecay, m_config.train.optim.emaWarmup);
        return true;
    }
    return initialiseCodebooks(error);
}

bool Trainer::initialiseCodebooks(QString *error)
{
    const auto &gate = m_config.model.gate;
    if (gate.kind != model::GateKind::Cde || gate.codebookInit != model::CodebookInit::KMeans)
        return true;
    std::vector<torch::Tensor> batches;
    for (int b = 0; b < m_config.train.kmeansBatches; ++b)
        batches.push_back(data::normalize(m_data->batch(data::Split::Train, batchIndices(b)).first.to(m_device), m_norm));
    model::KMeansReport report;
    std::string why;
    if (!model::initCodebooksKMeans(m_model, batches, 10, &report, &why)) {
        *error = QStringLiteral("k-means codebook initialisation: %1").arg(QString::fromStdString(why));
        return false;
    }
    if (m_ema.enabled())
        m_ema = WeightEma(*m_model, m_config.train.optim.emaDecay, m_config.train.optim.emaWarmup);
    say(QStringLiteral("k-means codebook init: %1 codebook(s) from %2 tokens, %3 empty "
                                                 "cluster(s) reseeded")
                                      .arg(report.codebooks)
                                      .arg(report.tokens)
                                      .arg(report.reseeded));
    return true;
}

} // namespace gatefold::train
