#include "runvalidation.h"

#include "configenums.h"
#include "configvalidator.h"
#include "packageddata.h"
#include "distillplan.h"

#include <algorithm>

namespace gatefold::train {
namespace {

// Floors of settings that reach float32 tensors (validateRunConfig says why each).
constexpr double kMinStd = 1e-6;
constexpr double kMinCropPct = 0.05;
constexpr double kMinLr = 1e-12;
constexpr double kMinEps = 1e-30;

// A problem of `key` unless `ok`; `text` is a template marked for lupdate
// (context "ConfigProblem") with %1 … for `args` (model/configproblem.h).
void need(std::vector<model::ConfigProblem> &out, bool ok, const char *key, const char *text,
          std::vector<std::string> args = {})
{
    if (!ok)
        out.push_back(model::makeProblem(key, text, std::move(args)));
}


// Sentences several fields share: each marked once for lupdate (context "ConfigProblem").
const char *const atLeastOne = GF_TRANSLATE_NOOP("ConfigProblem", "must be at least 1");
const char *const probability = GF_TRANSLATE_NOOP("ConfigProblem", "is a probability in [0, 1]");
const char *const fromZeroBelowOne = GF_TRANSLATE_NOOP("ConfigProblem", "must lie in [0, 1)");
const char *const withinEpochs = GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 0 and train.epochs");

void checkData(const data::DataConfig &d, std::vector<model::ConfigProblem> &out)
{
    const auto &names = config::dataSetNames();
    need(out, std::find(names.begin(), names.end(), d.name) != names.end(), "data.name",
         GF_TRANSLATE_NOOP("ConfigProblem", "unknown data set '%1'; use one of: %2"),
         {d.name, config::joinChoices(names)});
    need(out, d.name == "builtin" || !d.path.empty() || !config::packagedData(d.name).folder.empty(), "data.path",
         GF_TRANSLATE_NOOP("ConfigProblem", "set it to the folder holding the %1 files"), {d.name});
    need(out, d.channels == 0 || d.channels == 1 || d.channels == 3, "data.channels",
         GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (as stored), 1 or 3"));
    need(out, d.valFraction > 0 && d.valFraction < 1, "data.val_fraction",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie in (0, 1)"));
    // Evaluation resizes to img_size / crop_pct: a tiny fraction would ask for an image of 10^300 pixels.
    need(out, d.cropPct >= kMinCropPct && d.cropPct <= 1, "data.crop_pct",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie in [0.05, 1]: the share of the resized image's shorter side "
                                            "the centre crop keeps (0.875 or 1 as a rule)"));
    need(out, d.workers >= -1 && d.workers <= 64, "data.workers",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between -1 (auto) and 64"));
    need(out, d.prefetch >= 1 && d.prefetch <= 64, "data.prefetch",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 1 and 64"));
    need(out, d.cacheMb >= 0 && d.cacheMb <= (std::int64_t(1) << 30), "data.cache_mb",
         GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (none) or a size in MiB"));
    need(out, d.mean.size() == d.std.size(), "data.mean",
         GF_TRANSLATE_NOOP("ConfigProblem",
                           "give data.mean and data.std together, with one value per channel (or both auto)"));
    need(out, d.mean.size() <= 3, "data.mean",
         GF_TRANSLATE_NOOP("ConfigProblem", "one value per channel: 1 or 3 values"));
    need(out, std::all_of(d.mean.begin(), d.mean.end(), [](double m) { return m >= 0 && m <= 1; }), "data.mean",
         GF_TRANSLATE_NOOP("ConfigProblem", "in the images' [0, 1] scale (e.g. 0.485, not 123.7)"));
    // The model trains in float32: inputs are divided by data.std there, where 1e-300 is 0 (and 1e-7 makes
    // values near 1e7 that no first layer takes); a spread below 1e-6 is no image's.
    need(out, std::all_of(d.std.begin(), d.std.end(), [](double s) { return s >= kMinStd && s <= 1; }), "data.std",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie in [1e-6, 1], in the images' [0, 1] scale (e.g. 0.229, not "
                                            "58.4); the inputs are divided by it in float32"));
    need(out, d.trainSize >= 1, "data.train_size", atLeastOne);
    need(out, d.valSize >= 1, "data.val_size", atLeastOne);
    // Each epoch shuffles every index: a billion images would be a permutation of gigabytes before the first step.
    const char *const builtinLimit =
        GF_TRANSLATE_NOOP("ConfigProblem", "the built-in data set draws at most 100000000 images per split");
    need(out, d.trainSize <= 100000000, "data.train_size", builtinLimit);
    need(out, d.valSize <= 100000000, "data.val_size", builtinLimit);
}

void checkAugment(const data::AugmentConfig &a, std::vector<model::ConfigProblem> &out)
{
    const char *const aboveZeroToOne = GF_TRANSLATE_NOOP("ConfigProblem", "must lie in (0, 1]");
    const char *const alpha = GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (off) or a positive alpha");
    need(out, a.scaleMin > 0 && a.scaleMin <= 1, "aug.scale_min", aboveZeroToOne);
    need(out, a.hflip >= 0 && a.hflip <= 1, "aug.hflip", probability);
    need(out, a.colorJitter >= 0 && a.colorJitter < 1, "aug.color_jitter", fromZeroBelowOne);
    need(out, a.randAugmentOps >= 0 && a.randAugmentOps <= 10, "aug.randaugment_ops",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 0 and 10"));
    need(out, a.randAugmentMagnitude >= 0 && a.randAugmentMagnitude <= 10, "aug.randaugment_magnitude",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie in [0, 10]"));
    need(out, a.randomErasing >= 0 && a.randomErasing <= 1, "aug.random_erasing", probability);
    need(out, a.mixup >= 0, "aug.mixup", alpha);
    need(out, a.cutmix >= 0, "aug.cutmix", alpha);
    need(out, a.mixProb >= 0 && a.mixProb <= 1, "aug.mix_prob", probability);
    need(out, a.switchProb >= 0 && a.switchProb <= 1, "aug.switch_prob", probability);
}

void checkTraining(const TrainConfig &t, std::vector<model::ConfigProblem> &out)
{
    const auto &o = t.optim;
    need(out, t.epochs >= 1, "train.epochs", atLeastOne);
    need(out, t.batchSize >= 1, "train.batch_size", atLeastOne);
    need(out, t.evalBatchSize >= 1, "train.eval_batch_size", atLeastOne);
    need(out, t.logEvery >= 1, "train.log_every", atLeastOne);
    need(out, t.kmeansBatches >= 1, "train.kmeans_batches", atLeastOne);
    need(out, t.keepEvery >= 0, "train.keep_every", GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 or more"));
    // AdamW's step is about lr: below 1e-12 it is lost in float32 rounding (or is 0) and nothing trains.
    need(out, o.lr >= kMinLr, "optim.lr",
         GF_TRANSLATE_NOOP("ConfigProblem", "must be at least 1e-12: a smaller step is lost in float32 rounding "
                                            "and the weights never change"));
    need(out, o.minLr >= 0 && o.minLr <= o.lr, "optim.min_lr",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 0 and optim.lr"));
    need(out, o.warmupEpochs >= 0 && o.warmupEpochs <= t.epochs, "optim.warmup_epochs", withinEpochs);
    need(out, o.weightDecay >= 0, "optim.weight_decay", GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 or more"));
    need(out, o.beta1 >= 0 && o.beta1 < 1, "optim.beta1", fromZeroBelowOne);
    need(out, o.beta2 >= 0 && o.beta2 < 1, "optim.beta2", fromZeroBelowOne);
    // eps is added in float32, where below ~1e-38 it is 0: a weight whose gradient is 0 then becomes 0/0 = NaN.
    need(out, o.eps >= kMinEps, "optim.eps",
         GF_TRANSLATE_NOOP("ConfigProblem", "must be at least 1e-30: AdamW adds it in float32, where a smaller "
                                            "value is 0 and a zero gradient gives NaN (1e-8 as a rule)"));
    need(out, o.clipGrad >= 0, "optim.clip_grad", GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (off) or more"));
    need(out, o.labelSmoothing >= 0 && o.labelSmoothing < 1, "optim.label_smoothing", fromZeroBelowOne);
    need(out, o.emaDecay >= 0 && o.emaDecay < 1, "optim.ema_decay",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie in [0, 1) (0: off)"));
    need(out, o.emaWarmup >= 0, "optim.ema_warmup",
         GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (the default ramp) or a number of optimiser steps"));
    need(out, o.layerDecay > 0 && o.layerDecay <= 1, "optim.layer_decay",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie in (0, 1] (1: off; 0.65 to 0.75 as a rule for fine-tuning)"));
    need(out, t.accumSteps >= 1 && t.accumSteps <= 4096, "train.accum_steps",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 1 (no accumulation) and 4096"));
    need(out, t.cde.rampEpochs >= 0 && t.cde.rampEpochs <= t.epochs, "cde.ramp_epochs", withinEpochs);
    need(out, t.cde.tauEnd > 0, "cde.tau_end", GF_TRANSLATE_NOOP("ConfigProblem", "must be greater than 0"));
    need(out, t.threads >= 0 && t.threads <= 1024, "compute.threads",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 0 (all cores) and 1024"));
    need(out, t.processes >= 1 && t.processes <= 1024, "compute.processes",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 1 and 1024"));
    need(out, t.distTimeout >= 1 && t.distTimeout <= 86400, "compute.dist_timeout",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 1 and 86400 seconds"));
}

// Settings that are right alone but not together.
void checkCombination(const RunConfig &config, std::vector<model::ConfigProblem> &out)
{
    const TrainConfig &t = config.train;
    // Every rank takes an equal share of each global batch (DistributedSampler's contract).
    need(out, t.processes < 1 || t.batchSize % t.processes == 0, "train.batch_size",
         GF_TRANSLATE_NOOP("ConfigProblem", "must be a multiple of compute.processes: every process takes an equal "
                                            "share of the global batch"));
    need(out, t.distBackend != DistBackend::Nccl || t.device != DeviceChoice::Cpu, "compute.dist_backend",
         GF_TRANSLATE_NOOP("ConfigProblem", "nccl needs CUDA devices (compute.device = cuda or auto); use gloo on "
                                            "the CPU"));
    if (config.model.gate.kind != model::GateKind::Cde) {
        need(out, t.cde.rampEpochs == 0, "cde.ramp_epochs",
             GF_TRANSLATE_NOOP("ConfigProblem", "applies to CDE gates only (gate.kind = cde); set it to 0"));
        need(out, t.cde.tauSchedule == TauSchedule::None, "cde.tau_schedule",
             GF_TRANSLATE_NOOP("ConfigProblem", "applies to CDE gates only (gate.kind = cde); set it to none"));
    }
    // The built-in set has 10 classes in RGB.
    if (t.data.name == "builtin") {
        need(out, config.model.numClasses == 10, "num_classes",
             GF_TRANSLATE_NOOP("ConfigProblem", "the built-in data set has 10 classes; set num_classes=10"));
        need(out, config.model.inChannels == 3, "in_chans",
             GF_TRANSLATE_NOOP("ConfigProblem", "the built-in data set is RGB; set in_chans=3"));
        need(out, config.model.imageSize >= 8, "img_size",
             GF_TRANSLATE_NOOP("ConfigProblem",
                               "the built-in data set draws images of at least 8 px; set img_size to 8 or more"));
    }
}

} // namespace

std::vector<model::ConfigProblem> validateRunConfig(const RunConfig &config)
{
    std::vector<model::ConfigProblem> out = model::validateConfig(config.model);
    checkData(config.train.data, out);
    checkAugment(config.train.augment, out);
    checkTraining(config.train, out);
    checkCombination(config, out);
    checkDistillSettings(config, out);
    return out;
}

} // namespace gatefold::train
