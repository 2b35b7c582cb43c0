#pragma once

#include "config/augmentconfig.h"
#include "config/dataconfig.h"
#include "config/vitconfig.h"

#include <cstdint>
#include <string>

namespace gatefold::train {

// AdamW with a cosine schedule after a linear warm-up (per step).
struct OptimConfig {
    double lr = 1e-3;             // peak learning rate, reached after the warm-up
    double minLr = 1e-5;          // the cosine's floor at the end of the run
    double warmupEpochs = 1.0;    // linear 0 → lr; fractional epochs allowed
    double weightDecay = 0.05;    // decoupled; never on norms, biases, embeddings, tokens, codebooks
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    double clipGrad = 1.0;        // max global L2 norm of the gradients; 0 = no clipping
    double labelSmoothing = 0.1;  // training loss only; evaluation uses plain cross-entropy
    double emaDecay = 0.0;        // EMA of the weights per step; 0 = off (then no val_ema/*)
    int emaWarmup = 0;            // > 0: the EMA decay ramps linearly 0 → emaDecay over these optimiser
                                  // steps (cde_vit.py's --ema_warmup); 0: min(emaDecay, (1 + n)/(10 + n))
    double layerDecay = 1.0;      // timm's layer-wise lr decay: block i's lr × decay^(depth − i), the
                                  // embeddings × decay^(depth + 1), head and final norm × 1; 1 = off
};

// How τ moves from gate.temperature (start) to `tauEnd` over the run.
enum class TauSchedule { None, Linear, Geometric };

// The CDE schedules (core/model/README.md, CDE "Schedules"): λ ramps 0 → gate.strength over
// `rampEpochs` (0: λ = gate.strength from the start); τ is annealed.
struct CdeScheduleConfig {
    double rampEpochs = 0.0;
    TauSchedule tauSchedule = TauSchedule::None;
    double tauEnd = 12.0;
};

enum class DeviceChoice { Auto, Cpu, Cuda };

// The training forward pass: float32, or LibTorch autocast to bfloat16 (weights, gradients and the
// optimiser stay float32; evaluation runs in float32).
enum class Precision { Fp32, Bf16 };

// The c10d process group of a data-parallel run: auto is NCCL when the ranks hold CUDA devices, else Gloo.
enum class DistBackend { Auto, Gloo, Nccl };

// Distillation from a frozen teacher (README.md, "Distillation"): the student's attention maps are pulled
// towards the teacher's (MSE, weight β; a parallel block's map is the mean over its branches) and/or its
// logits towards the teacher's softened ones (KL(p_T^τ ‖ p_S^τ)·τ², weight γ). Off while `teacher` is empty.
struct DistillConfig {
    // "" = off. RUN, RUN:best, RUN:last or RUN:epoch:N (RUN: a run's id or name in the store), a
    // checkpoint file, or a safetensors export (its folder or model.safetensors beside config.json).
    // A run created from it holds the file it resolved to (and the teacher run as its parent).
    std::string teacher;
    double attention = 0.0;          // β, weight of the attention-map MSE (the joining paper's D- models: 1)
    std::string layers = "uniform";  // uniform: student block i reads teacher layer ⌈(i+1)·L_t/L_s⌉−1; or "3,7,11"
    std::string heads = "match";     // match: head by head; mean: head-averaged maps (head counts may differ)
    double logits = 0.0;             // γ, weight of the soft-label KD term
    double temperature = 1.0;        // τ of the soft labels
    bool enabled() const { return !teacher.empty(); }
};

struct TrainConfig {
    data::DataConfig data;
    data::AugmentConfig augment;
    OptimConfig optim;
    CdeScheduleConfig cde;
    int epochs = 10;
    int batchSize = 128;       // images per micro-batch, in all (with processes > 1: split between them)
    int accumSteps = 1;        // micro-batches whose gradients are summed into one optimiser step
    std::uint64_t seed = 0;    // weights, data order, dropout
    int logEvery = 10;         // train/* metrics every k steps (their mean over the k steps)
    int evalBatchSize = 256;
    bool deterministic = false;  // deterministic algorithms (CUDA: slower; CPU kernels are already)
    DeviceChoice device = DeviceChoice::Auto;
    Precision precision = Precision::Fp32;
    int threads = 0;            // CPU intra-op threads, 0 = all cores (with processes > 1: per process, 0 = cores / processes)
    int processes = 1;          // data-parallel ranks started on this machine (batchSize is the global batch)
    DistBackend distBackend = DistBackend::Auto;
    int distTimeout = 300;      // seconds a collective may wait for a rank before the job ends
    std::int64_t memoryLimit = 0;  // bytes a run may need at its peak (checked before it is created); 0 = this machine's memory
    int kmeansBatches = 4;      // batches clustered when gate.codebook_init = kmeans
    int keepEvery = 0;          // also keep every k-th epoch's checkpoint (epoch-N.pt) to inspect later; 0: last and best only
    std::string initFrom;       // checkpoint file to start from (fine-tuning); "" = fresh weights
    DistillConfig distill;
};

// Everything a run needs: the model and how it is trained. Its JSON form is
// the run's config in the store (runconfigjson.h).
struct RunConfig {
    model::ViTConfig model;
    TrainConfig train;
};

// Every setting of the field table (fieldtable.cpp), compared exactly: a new
// table row is compared without touching these.
bool operator==(const TrainConfig &a, const TrainConfig &b);
bool operator==(const RunConfig &a, const RunConfig &b);

} // namespace gatefold::train
