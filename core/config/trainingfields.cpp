#include "fieldrows.h"

#include "configenums.h"
#include "fieldcodecs.h"

namespace gatefold::config {
namespace {

using G = FieldGroup;
using T = FieldType;
using train::RunConfig;

void addRunFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, G group, T type, const char *help, auto access, auto codec) {
        f.push_back(makeField(key, group, type, false, help, access, codec));
    };
    add("train.epochs", G::Training, T::Integer, GF_TRANSLATE_NOOP("RunField", "passes over the training split"),
        GF_TRAIN(epochs), integerCodec());
    add("train.batch_size", G::Training, T::Integer, GF_TRANSLATE_NOOP("RunField", "images per training step, in all: with several "
                                                                        "processes each takes an equal share"),
        GF_TRAIN(batchSize), integerCodec());
    add("train.accum_steps", G::Optimisation, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "gradient accumulation: micro-batches of train.batch_size summed into one "
                                      "optimiser step (it sees batch_size x accum_steps images; schedules, logs "
                                      "and checkpoints count optimiser steps)"),
        GF_TRAIN(accumSteps), integerCodec());
    add("train.eval_batch_size", G::Compute, T::Integer, GF_TRANSLATE_NOOP("RunField", "images per evaluation batch"),
        GF_TRAIN(evalBatchSize), integerCodec());
    add("train.seed", G::Training, T::Integer, GF_TRANSLATE_NOOP("RunField", "seed of weights, data order and dropout"),
        GF_TRAIN(seed), seedCodec());
    add("train.log_every", G::Compute, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "steps between train/* metrics (their mean over the steps)"), GF_TRAIN(logEvery),
        integerCodec());
    add("train.deterministic", G::Compute, T::Boolean,
        GF_TRANSLATE_NOOP("RunField", "deterministic algorithms only (true, false)"), GF_TRAIN(deterministic),
        booleanCodec());
    add("train.keep_every", G::Compute, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "also keep the checkpoint of every k-th epoch as epoch-N.pt, to inspect the "
                                      "run's history (0: only last and best)"),
        GF_TRAIN(keepEvery), integerCodec());
    add("train.kmeans_batches", G::Gates, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "batches clustered for gate.codebook_init = kmeans"), GF_TRAIN(kmeansBatches),
        integerCodec());
    f.back().applies = [](const RunConfig &c) {
        return isCde(c) && c.model.gate.codebookInit == model::CodebookInit::KMeans;
    };
}

void addOptimFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, G group, const char *help, auto access) {
        f.push_back(makeField(key, group, T::Number, false, help, access, numberCodec()));
    };
    const G o = G::Optimisation;
    add("optim.lr", G::Training, GF_TRANSLATE_NOOP("RunField", "peak AdamW learning rate (after the warm-up)"), GF_TRAIN(optim.lr));
    add("optim.min_lr", G::Schedules, GF_TRANSLATE_NOOP("RunField", "learning rate at the end of the cosine"),
        GF_TRAIN(optim.minLr));
    add("optim.warmup_epochs", G::Schedules, GF_TRANSLATE_NOOP("RunField", "linear learning-rate warm-up, in epochs"),
        GF_TRAIN(optim.warmupEpochs));
    add("optim.weight_decay", o,
        GF_TRANSLATE_NOOP("RunField", "decoupled weight decay (not on norms, biases, embeddings)"),
        GF_TRAIN(optim.weightDecay));
    add("optim.beta1", o, GF_TRANSLATE_NOOP("RunField", "AdamW beta1"), GF_TRAIN(optim.beta1));
    add("optim.beta2", o, GF_TRANSLATE_NOOP("RunField", "AdamW beta2"), GF_TRAIN(optim.beta2));
    add("optim.eps", o, GF_TRANSLATE_NOOP("RunField", "AdamW epsilon"), GF_TRAIN(optim.eps));
    add("optim.clip_grad", o, GF_TRANSLATE_NOOP("RunField", "max global gradient L2 norm (0: no clipping)"),
        GF_TRAIN(optim.clipGrad));
    add("optim.label_smoothing", o, GF_TRANSLATE_NOOP("RunField", "label smoothing of the training loss"),
        GF_TRAIN(optim.labelSmoothing));
    add("optim.ema_decay", o, GF_TRANSLATE_NOOP("RunField", "EMA of the weights per step (0: off)"),
        GF_TRAIN(optim.emaDecay));
    add("optim.layer_decay", o,
        GF_TRANSLATE_NOOP("RunField", "layer-wise learning-rate decay (timm's LLRD): block i learns at lr x "
                                      "decay^(depth - i), the embeddings at lr x decay^(depth + 1), head and final "
                                      "norm at lr (1: off)"),
        GF_TRAIN(optim.layerDecay));
    f.push_back(makeField("optim.ema_warmup", o, T::Integer, false,
                          GF_TRANSLATE_NOOP("RunField", "optimiser steps over which the EMA decay ramps linearly "
                                                        "from 0 to optim.ema_decay (0: min(ema_decay, "
                                                        "(1 + n)/(10 + n)))"),
                          GF_TRAIN(optim.emaWarmup), integerCodec()));
    f.back().applies = [](const RunConfig &c) { return c.train.optim.emaDecay > 0; };
}

void addScheduleAndComputeFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, G group, T type, const char *help, auto access, auto codec) {
        f.push_back(makeField(key, group, type, false, help, access, codec));
    };
    add("cde.ramp_epochs", G::Schedules, T::Number,
        GF_TRANSLATE_NOOP("RunField", "CDE gate strength ramps 0 -> gate.strength over these epochs"),
        GF_TRAIN(cde.rampEpochs), numberCodec());
    f.back().applies = isCde;
    add("cde.tau_schedule", G::Schedules, T::Text, GF_TRANSLATE_NOOP("RunField", "tau from gate.temperature to cde.tau_end"),
        GF_TRAIN(cde.tauSchedule), enumCodec<train::TauSchedule>());
    f.back().applies = softAssignment;
    add("cde.tau_end", G::Schedules, T::Number, GF_TRANSLATE_NOOP("RunField", "tau at the end of the run"),
        GF_TRAIN(cde.tauEnd), numberCodec());
    f.back().applies = [](const RunConfig &c) {
        return softAssignment(c) && c.train.cde.tauSchedule != train::TauSchedule::None;
    };
    add("compute.device", G::Compute, T::Text, GF_TRANSLATE_NOOP("RunField", "device of each process (auto: CUDA when present); with several "
                                      "processes on CUDA every local rank takes its own device (rank r: cuda:r)"),
        GF_TRAIN(device), enumCodec<train::DeviceChoice>());
    add("compute.precision", G::Compute, T::Text,
        GF_TRANSLATE_NOOP("RunField", "training forward pass: fp32, or bf16 (LibTorch autocast; weights, "
                                      "gradients and optimiser stay fp32, evaluation runs in fp32)"),
        GF_TRAIN(precision), enumCodec<train::Precision>());
    add("compute.threads", G::Compute, T::Integer, GF_TRANSLATE_NOOP("RunField", "CPU threads of each process (0: all cores, shared evenly by the processes)"),
        GF_TRAIN(threads), integerCodec());
    add("compute.processes", G::Compute, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "data-parallel processes (ranks) on this machine; train.batch_size is the "
                                      "global batch, split evenly between them"),
        GF_TRAIN(processes), integerCodec());
    add("compute.dist_backend", G::Compute, T::Text,
        GF_TRANSLATE_NOOP("RunField", "process group of a data-parallel run (auto: NCCL when the ranks hold CUDA "
                                      "devices, else Gloo)"),
        GF_TRAIN(distBackend), enumCodec<train::DistBackend>());
    f.back().applies = [](const RunConfig &c) { return c.train.processes > 1; };
    add("compute.dist_timeout", G::Compute, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "seconds a data-parallel step may wait for a rank before the whole job "
                                      "ends as crashed"),
        GF_TRAIN(distTimeout), integerCodec());
    f.back().applies = [](const RunConfig &c) { return c.train.processes > 1; };
    add("compute.memory_limit", G::Compute, T::Text,
        GF_TRANSLATE_NOOP("RunField", "memory a run may need at its peak, e.g. 8G (0: this machine's); checked "
                                      "before the run is created"),
        GF_TRAIN(memoryLimit), memorySizeCodec());
    add("init.from", G::Compute, T::Text,
        GF_TRANSLATE_NOOP("RunField", "checkpoint file to start from (fine-tuning; of another img_size: position "
                                      "embeddings resampled; of another num_classes: a new head); empty: fresh "
                                      "weights"),
        GF_TRAIN(initFrom), textCodec());
    f.back().path = true;
}

bool distills(const RunConfig &c)
{
    return c.train.distill.enabled();
}

void addDistillFields(std::vector<Field> &f)
{
    const G g = G::Distillation;
    f.push_back(makeField("distill.teacher", g, T::Text, false,
                          GF_TRANSLATE_NOOP("RunField", "teacher to distil from: RUN, RUN:best, RUN:last or "
                                                        "RUN:epoch:N (a run's id or name), a checkpoint file or a "
                                                        "safetensors export; empty: no distillation"),
                          GF_TRAIN(distill.teacher), textCodec()));
    f.push_back(makeField("distill.attention", g, T::Number, false,
                          GF_TRANSLATE_NOOP("RunField", "weight beta of the MSE between the teacher's attention maps "
                                                        "and the student's (a parallel block's: the mean over its "
                                                        "branches); 0: off"),
                          GF_TRAIN(distill.attention), numberCodec()));
    f.back().applies = distills;
    f.push_back(makeField("distill.layers", g, T::Text, false,
                          GF_TRANSLATE_NOOP("RunField", "teacher layer each student block reads: uniform (block i: "
                                                        "ceil((i+1)*L_t/L_s)-1) or one layer per block, e.g. 3,7,11"),
                          GF_TRAIN(distill.layers), textCodec()));
    f.back().applies = [](const RunConfig &c) { return distills(c) && c.train.distill.attention > 0; };
    f.push_back(makeField("distill.heads", g, T::Text, false,
                          GF_TRANSLATE_NOOP("RunField", "match: compare head by head (equal head counts); mean: "
                                                        "compare the head-averaged maps"),
                          GF_TRAIN(distill.heads), strictChoiceCodec({"match", "mean"})));
    f.back().applies = [](const RunConfig &c) { return distills(c) && c.train.distill.attention > 0; };
    f.push_back(makeField("distill.logits", g, T::Number, false,
                          GF_TRANSLATE_NOOP("RunField", "weight gamma of the soft-label term KL(p_T || p_S) * tau^2; "
                                                        "0: off"),
                          GF_TRAIN(distill.logits), numberCodec()));
    f.back().applies = distills;
    f.push_back(makeField("distill.temperature", g, T::Number, false,
                          GF_TRANSLATE_NOOP("RunField", "temperature tau of the teacher's and student's soft labels"),
                          GF_TRAIN(distill.temperature), numberCodec()));
    f.back().applies = [](const RunConfig &c) { return distills(c) && c.train.distill.logits > 0; };
}

} // namespace

void addTrainingFields(std::vector<Field> &rows)
{
    addRunFields(rows);
    addOptimFields(rows);
    addScheduleAndComputeFields(rows);
    addDistillFields(rows);
}

} // namespace gatefold::config
