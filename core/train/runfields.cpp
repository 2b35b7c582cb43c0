#include "runfields.h"

#include "resourceestimate.h"

#include "model/configfields.h"
#include "model/textvalues.h"

#include <algorithm>
#include <utility>

namespace gatefold::train {
namespace {

using model::formatDouble;

FieldType modelFieldType(const std::string &key)
{
    static const char *const integers[] = {"img_size", "patch_size", "in_chans", "num_classes", "embed_dim", "depth",
                                           "num_heads", "gate.codebook_size", "gate.top_k", "join.branches",
                                           "join.warmup_steps", "join.adjust_steps", "join.start_step"};
    static const char *const numbers[] = {"mlp_ratio", "drop_rate", "attn_drop_rate", "proj_drop_rate",
                                          "drop_path_rate", "gate.temperature", "gate.strength", "join.lambda",
                                          "join.diversity"};
    static const char *const booleans[] = {"qkv_bias", "join.deployed", "join.absorb_norms"};
    for (const char *k : integers)
        if (key == k)
            return FieldType::Integer;
    for (const char *k : numbers)
        if (key == k)
            return FieldType::Number;
    for (const char *k : booleans)
        if (key == k)
            return FieldType::Boolean;
    if (key == "gate.blocks")
        return FieldType::IntegerList;
    return FieldType::Text;
}

// A training field: `access` reaches its member in a (const) RunConfig.
template<typename T, typename Access>
RunField field(std::string key, std::string help, FieldType type, Access access,
               std::function<std::string(const T &)> format,
               std::function<bool(const std::string &, T *, model::ConfigProblem *)> parse)
{
    return {std::move(key), std::move(help), type,
            [access, format](const RunConfig &c) { return format(access(c)); },
            [access, parse](RunConfig &c, const std::string &t, model::ConfigProblem *e) {
                T v{};
                if (!parse(t, &v, e))
                    return false;
                access(c) = v;
                return true;
            },
            false};
}

std::string formatInt(const int &v) { return std::to_string(v); }
std::string formatInt64(const std::int64_t &v) { return std::to_string(v); }
std::string formatUint64(const std::uint64_t &v) { return std::to_string(v); }
std::string formatNumber(const double &v) { return formatDouble(v); }
std::string formatBool(const bool &v) { return v ? "true" : "false"; }
std::string formatText(const std::string &v) { return v; }

bool readInt(const std::string &t, int *v, model::ConfigProblem *e) { return model::parseInt(t, v, e); }
bool readInt64(const std::string &t, std::int64_t *v, model::ConfigProblem *e) { return model::parseInt64(t, v, e); }
bool readUint64(const std::string &t, std::uint64_t *v, model::ConfigProblem *e)
{
    long long w = 0;
    if (!model::parseWhole(t, 0, INT64_MAX, &w, e))
        return false;
    *v = std::uint64_t(w);
    return true;
}
bool readNumber(const std::string &t, double *v, model::ConfigProblem *e) { return model::parseDouble(t, v, e); }
bool readBool(const std::string &t, bool *v, model::ConfigProblem *e) { return model::parseBool(t, v, e); }
bool readText(const std::string &t, std::string *v, model::ConfigProblem *e)
{
    // A line break, tab or NUL in a name or path is a pasting accident (and a NUL would cut the path short).
    if (std::any_of(t.begin(), t.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; })) {
        if (e)
            *e = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "contains a line break or another "
                                                                           "control character; give it on one line"));
        return false;
    }
    *v = t;
    return true;
}

// One of `values`, by its toString() name.
template<typename E>
bool readChoice(const std::string &t, std::initializer_list<E> values, E *v, model::ConfigProblem *e)
{
    std::string names;
    for (E value : values) {
        if (t == toString(value)) {
            *v = value;
            return true;
        }
        names += (names.empty() ? "" : ", ") + toString(value);
    }
    if (e)
        *e = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "unknown value '%1'; use one of: %2"), {t, names});
    return false;
}

bool readBadImages(const std::string &t, bool *skip, model::ConfigProblem *e)
{
    if (t == "stop" || t == "skip") {
        *skip = t == "skip";
        return true;
    }
    if (e)
        *e = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "unknown value '%1'; use one of: %2"),
                                {t, "stop, skip"});
    return false;
}
std::string formatBadImages(const bool &skip) { return skip ? "skip" : "stop"; }

// Per-channel values: "auto" (measured) or numbers separated by commas.
bool readChannelValues(const std::string &t, std::vector<double> *v, model::ConfigProblem *e)
{
    std::vector<double> values;
    if (t != "auto" && !t.empty()) {
        size_t begin = 0;
        while (true) {
            const size_t comma = t.find(',', begin);
            double x = 0;
            const std::string item = t.substr(begin, comma - begin);
            if (!model::parseDouble(item, &x, nullptr)) {
                if (e)
                    *e = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "expected auto or numbers separated "
                                                                                   "by commas (one per channel): '%1' "
                                                                                   "is not a finite number"),
                                            {item});
                return false;
            }
            values.push_back(x);
            if (comma == std::string::npos)
                break;
            begin = comma + 1;
        }
    }
    *v = std::move(values);
    return true;
}
std::string formatChannelValues(const std::vector<double> &v)
{
    if (v.empty())
        return "auto";
    std::string text;
    for (double x : v)
        text += (text.empty() ? "" : ",") + formatDouble(x);
    return text;
}

bool readTau(const std::string &t, TauSchedule *v, model::ConfigProblem *e)
{
    return readChoice(t, {TauSchedule::None, TauSchedule::Linear, TauSchedule::Geometric}, v, e);
}
std::string formatTau(const TauSchedule &v) { return toString(v); }

bool readDevice(const std::string &t, DeviceChoice *v, model::ConfigProblem *e)
{
    return readChoice(t, {DeviceChoice::Auto, DeviceChoice::Cpu, DeviceChoice::Cuda}, v, e);
}
std::string formatDevice(const DeviceChoice &v) { return toString(v); }

#define GF_ACCESS(path) [](auto &c) -> auto & { return c.train.path; }

std::vector<RunField> makeFields()
{
    std::vector<RunField> fields;
    for (const auto &f : model::configFields()) {
        const auto get = f.get;
        const auto set = f.set;
        fields.push_back({f.key, f.help, modelFieldType(f.key),
                          [get](const RunConfig &c) { return get(c.model); },
                          [set](RunConfig &c, const std::string &t, model::ConfigProblem *e) { return set(c.model, t, e); },
                          false});
    }
    using I = int;
    using I64 = std::int64_t;
    using U64 = std::uint64_t;
    using D = double;
    using B = bool;
    using S = std::string;
    fields.push_back(field<S>("data.name", "data set (builtin, cifar10, cifar100, mnist, fashion-mnist, folder)",
                              FieldType::Text, GF_ACCESS(data.name), formatText, readText));
    fields.push_back(field<S>("data.path", "folder with the data set's files (all but builtin)", FieldType::Text,
                              GF_ACCESS(data.path), formatText, readText));
    fields.back().path = true;
    fields.push_back(field<I>("data.channels", "0: as stored; 1 or 3: grey or RGB", FieldType::Integer,
                              GF_ACCESS(data.channels), formatInt, readInt));
    fields.push_back(field<B>("data.coarse_labels", "cifar100: the 20 superclasses (true, false)", FieldType::Boolean,
                              GF_ACCESS(data.coarseLabels), formatBool, readBool));
    fields.push_back(field<D>("data.val_fraction", "folder without val/: fraction held out per class",
                              FieldType::Number, GF_ACCESS(data.valFraction), formatNumber, readNumber));
    fields.push_back(field<S>("data.val_labels", "folder: CSV 'file,class' for a flat val/ folder", FieldType::Text,
                              GF_ACCESS(data.valLabels), formatText, readText));
    fields.back().path = true;
    fields.push_back(field<D>("data.crop_pct", "evaluation: resize to img_size / crop_pct, centre crop",
                              FieldType::Number, GF_ACCESS(data.cropPct), formatNumber, readNumber));
    fields.push_back(field<I>("data.workers", "threads preparing batches ahead (-1 auto: 0 on CPU, 4 with CUDA; 0: in the step)",
                              FieldType::Integer, GF_ACCESS(data.workers), formatInt, readInt));
    fields.push_back(field<I>("data.prefetch", "training batches prepared ahead at most", FieldType::Integer,
                              GF_ACCESS(data.prefetch), formatInt, readInt));
    fields.push_back(field<I64>("data.cache_mb", "decoded folder images kept in memory, MiB (0: none)",
                                FieldType::Integer, GF_ACCESS(data.cacheMb), formatInt64, readInt64));
    fields.push_back(field<std::vector<double>>("data.mean", "input mean per channel in [0, 1], or auto (measured)",
                                                FieldType::NumberList, GF_ACCESS(data.mean), formatChannelValues,
                                                readChannelValues));
    fields.push_back(field<std::vector<double>>("data.std", "input standard deviation per channel, or auto (measured)",
                                                FieldType::NumberList, GF_ACCESS(data.std), formatChannelValues,
                                                readChannelValues));
    fields.push_back(field<B>("data.bad_images", "an undecodable image: stop the run, or skip it and count",
                              FieldType::Text, GF_ACCESS(data.skipBadImages), formatBadImages, readBadImages));
    fields.push_back(field<I64>("data.train_size", "training images (built-in set)", FieldType::Integer,
                                GF_ACCESS(data.trainSize), formatInt64, readInt64));
    fields.push_back(field<I64>("data.val_size", "held-out validation images (built-in set)", FieldType::Integer,
                                GF_ACCESS(data.valSize), formatInt64, readInt64));
    fields.push_back(field<U64>("data.seed", "which images the built-in set holds", FieldType::Integer,
                                GF_ACCESS(data.seed), formatUint64, readUint64));
    fields.push_back(field<B>("aug.random_resized_crop", "random resized crop (area aug.scale_min..1, aspect 3/4..4/3)",
                              FieldType::Boolean, GF_ACCESS(augment.randomResizedCrop), formatBool, readBool));
    fields.push_back(field<D>("aug.scale_min", "smallest area fraction of the random resized crop", FieldType::Number,
                              GF_ACCESS(augment.scaleMin), formatNumber, readNumber));
    fields.push_back(field<D>("aug.hflip", "probability of a horizontal flip", FieldType::Number,
                              GF_ACCESS(augment.hflip), formatNumber, readNumber));
    fields.push_back(field<D>("aug.color_jitter", "brightness, contrast, saturation jitter j (factor 1 +- j)",
                              FieldType::Number, GF_ACCESS(augment.colorJitter), formatNumber, readNumber));
    fields.push_back(field<I>("aug.randaugment_ops", "RandAugment: ops per image N (0: off)", FieldType::Integer,
                              GF_ACCESS(augment.randAugmentOps), formatInt, readInt));
    fields.push_back(field<D>("aug.randaugment_magnitude", "RandAugment magnitude M in [0, 10]", FieldType::Number,
                              GF_ACCESS(augment.randAugmentMagnitude), formatNumber, readNumber));
    fields.push_back(field<D>("aug.random_erasing", "probability of erasing a rectangle with noise", FieldType::Number,
                              GF_ACCESS(augment.randomErasing), formatNumber, readNumber));
    fields.push_back(field<D>("aug.mixup", "mixup alpha (0: off)", FieldType::Number, GF_ACCESS(augment.mixup),
                              formatNumber, readNumber));
    fields.push_back(field<D>("aug.cutmix", "cutmix alpha (0: off)", FieldType::Number, GF_ACCESS(augment.cutmix),
                              formatNumber, readNumber));
    fields.push_back(field<D>("aug.mix_prob", "probability that a batch is mixed", FieldType::Number,
                              GF_ACCESS(augment.mixProb), formatNumber, readNumber));
    fields.push_back(field<D>("aug.switch_prob", "with mixup and cutmix: probability of cutmix", FieldType::Number,
                              GF_ACCESS(augment.switchProb), formatNumber, readNumber));
    fields.push_back(field<I>("train.epochs", "passes over the training split", FieldType::Integer,
                              GF_ACCESS(epochs), formatInt, readInt));
    fields.push_back(field<I>("train.batch_size", "images per training step", FieldType::Integer,
                              GF_ACCESS(batchSize), formatInt, readInt));
    fields.push_back(field<I>("train.eval_batch_size", "images per evaluation batch", FieldType::Integer,
                              GF_ACCESS(evalBatchSize), formatInt, readInt));
    fields.push_back(field<U64>("train.seed", "seed of weights, data order and dropout", FieldType::Integer,
                                GF_ACCESS(seed), formatUint64, readUint64));
    fields.push_back(field<I>("train.log_every", "steps between train/* metrics (their mean over the steps)",
                              FieldType::Integer, GF_ACCESS(logEvery), formatInt, readInt));
    fields.push_back(field<B>("train.deterministic", "deterministic algorithms only (true, false)",
                              FieldType::Boolean, GF_ACCESS(deterministic), formatBool, readBool));
    fields.push_back(field<I>("train.keep_every",
                              "also keep the checkpoint of every k-th epoch as epoch-N.pt, to inspect the run's "
                              "history (0: only last and best)",
                              FieldType::Integer, GF_ACCESS(keepEvery), formatInt, readInt));
    fields.push_back(field<I>("train.kmeans_batches", "batches clustered for gate.codebook_init = kmeans",
                              FieldType::Integer, GF_ACCESS(kmeansBatches), formatInt, readInt));
    fields.push_back(field<D>("optim.lr", "peak AdamW learning rate (after the warm-up)", FieldType::Number,
                              GF_ACCESS(optim.lr), formatNumber, readNumber));
    fields.push_back(field<D>("optim.min_lr", "learning rate at the end of the cosine", FieldType::Number,
                              GF_ACCESS(optim.minLr), formatNumber, readNumber));
    fields.push_back(field<D>("optim.warmup_epochs", "linear learning-rate warm-up, in epochs", FieldType::Number,
                              GF_ACCESS(optim.warmupEpochs), formatNumber, readNumber));
    fields.push_back(field<D>("optim.weight_decay", "decoupled weight decay (not on norms, biases, embeddings)",
                              FieldType::Number, GF_ACCESS(optim.weightDecay), formatNumber, readNumber));
    fields.push_back(field<D>("optim.beta1", "AdamW beta1", FieldType::Number, GF_ACCESS(optim.beta1),
                              formatNumber, readNumber));
    fields.push_back(field<D>("optim.beta2", "AdamW beta2", FieldType::Number, GF_ACCESS(optim.beta2),
                              formatNumber, readNumber));
    fields.push_back(field<D>("optim.eps", "AdamW epsilon", FieldType::Number, GF_ACCESS(optim.eps), formatNumber,
                              readNumber));
    fields.push_back(field<D>("optim.clip_grad", "max global gradient L2 norm (0: no clipping)", FieldType::Number,
                              GF_ACCESS(optim.clipGrad), formatNumber, readNumber));
    fields.push_back(field<D>("optim.label_smoothing", "label smoothing of the training loss", FieldType::Number,
                              GF_ACCESS(optim.labelSmoothing), formatNumber, readNumber));
    fields.push_back(field<D>("optim.ema_decay", "EMA of the weights per step (0: off)", FieldType::Number,
                              GF_ACCESS(optim.emaDecay), formatNumber, readNumber));
    fields.push_back(field<D>("cde.ramp_epochs", "CDE gate strength ramps 0 -> gate.strength over these epochs",
                              FieldType::Number, GF_ACCESS(cde.rampEpochs), formatNumber, readNumber));
    fields.push_back(field<TauSchedule>("cde.tau_schedule", "tau from gate.temperature to cde.tau_end (none, linear, geometric)",
                                        FieldType::Text, GF_ACCESS(cde.tauSchedule), formatTau, readTau));
    fields.push_back(field<D>("cde.tau_end", "tau at the end of the run", FieldType::Number, GF_ACCESS(cde.tauEnd),
                              formatNumber, readNumber));
    fields.push_back(field<DeviceChoice>("compute.device", "device (auto: CUDA when present, cpu, cuda)",
                                         FieldType::Text, GF_ACCESS(device), formatDevice, readDevice));
    fields.push_back(field<I>("compute.threads", "CPU threads (0: all cores)", FieldType::Integer,
                              GF_ACCESS(threads), formatInt, readInt));
    fields.push_back(field<std::int64_t>("compute.memory_limit",
                                         "memory a run may need at its peak, e.g. 8G (0: this machine's); checked "
                                         "before the run is created",
                                         FieldType::Text, GF_ACCESS(memoryLimit), formatMemorySize, parseMemorySize));
    fields.push_back(field<S>("init.from", "checkpoint file to start from (fine-tuning); empty: fresh weights",
                              FieldType::Text, GF_ACCESS(initFrom), formatText, readText));
    fields.back().path = true;
    return fields;
}

#undef GF_ACCESS

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

} // namespace

std::string toString(TauSchedule v)
{
    switch (v) {
    case TauSchedule::None: return "none";
    case TauSchedule::Linear: return "linear";
    case TauSchedule::Geometric: return "geometric";
    }
    return "?";
}

std::string toString(DeviceChoice v)
{
    switch (v) {
    case DeviceChoice::Auto: return "auto";
    case DeviceChoice::Cpu: return "cpu";
    case DeviceChoice::Cuda: return "cuda";
    }
    return "?";
}

const std::vector<RunField> &runFields()
{
    static const std::vector<RunField> fields = makeFields();
    return fields;
}

const RunField *findRunField(const std::string &key)
{
    for (const auto &f : runFields())
        if (f.key == key)
            return &f;
    return nullptr;
}

bool isTrainingKey(const std::string &key)
{
    return model::findConfigField(key) == nullptr && findRunField(key) != nullptr;
}

bool applyRunAssignment(RunConfig &config, const std::string &assignment, std::string *error)
{
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
        if (error)
            *error = "'" + assignment + "' is not key=value";
        return false;
    }
    const std::string key = assignment.substr(0, eq);
    const RunField *f = findRunField(key);
    if (!f) {
        if (error)
            *error = "unknown setting '" + key + "' (gatefold-cli config --keys lists them)";
        return false;
    }
    model::ConfigProblem why;
    if (!f->set(config, assignment.substr(eq + 1), &why)) {
        if (error)
            *error = key + ": " + why.message;
        return false;
    }
    return true;
}

std::vector<model::ConfigProblem> validateRunConfig(const RunConfig &config)
{
    // Sentences several fields share: each marked once for lupdate (context "ConfigProblem").
    const char *const atLeastOne = GF_TRANSLATE_NOOP("ConfigProblem", "must be at least 1");
    const char *const positive = GF_TRANSLATE_NOOP("ConfigProblem", "must be greater than 0");
    const char *const probability = GF_TRANSLATE_NOOP("ConfigProblem", "is a probability in [0, 1]");
    const char *const fromZeroBelowOne = GF_TRANSLATE_NOOP("ConfigProblem", "must lie in [0, 1)");
    const char *const aboveZeroToOne = GF_TRANSLATE_NOOP("ConfigProblem", "must lie in (0, 1]");
    const char *const alpha = GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (off) or a positive alpha");
    const char *const withinEpochs = GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 0 and train.epochs");

    std::vector<model::ConfigProblem> out = model::validateConfig(config.model);
    const TrainConfig &t = config.train;
    const auto &o = t.optim;
    const auto &d = t.data;
    const bool known = d.name == "builtin" || d.name == "cifar10" || d.name == "cifar100" || d.name == "mnist"
                    || d.name == "fashion-mnist" || d.name == "folder";
    need(out, known, "data.name",
         GF_TRANSLATE_NOOP("ConfigProblem", "unknown data set '%1'; use one of: builtin, cifar10, cifar100, mnist, "
                                            "fashion-mnist, folder"),
         {d.name});
    need(out, d.name == "builtin" || !d.path.empty(), "data.path",
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
    need(out, t.data.trainSize >= 1, "data.train_size", atLeastOne);
    need(out, t.data.valSize >= 1, "data.val_size", atLeastOne);
    // Each epoch shuffles every index: a billion images would be a permutation of gigabytes before the first step.
    const char *const builtinLimit =
        GF_TRANSLATE_NOOP("ConfigProblem", "the built-in data set draws at most 100000000 images per split");
    need(out, t.data.trainSize <= 100000000, "data.train_size", builtinLimit);
    need(out, t.data.valSize <= 100000000, "data.val_size", builtinLimit);
    const auto &a = t.augment;
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
    need(out, t.cde.rampEpochs >= 0 && t.cde.rampEpochs <= t.epochs, "cde.ramp_epochs", withinEpochs);
    need(out, t.cde.tauEnd > 0, "cde.tau_end", positive);
    need(out, t.threads >= 0 && t.threads <= 1024, "compute.threads",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie between 0 (all cores) and 1024"));
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
    return out;
}

bool operator==(const TrainConfig &a, const TrainConfig &b)
{
    const auto &x = a.optim;
    const auto &y = b.optim;
    return a.data == b.data && a.augment == b.augment && x.lr == y.lr && x.minLr == y.minLr && x.warmupEpochs == y.warmupEpochs
        && x.weightDecay == y.weightDecay && x.beta1 == y.beta1 && x.beta2 == y.beta2 && x.eps == y.eps
        && x.clipGrad == y.clipGrad && x.labelSmoothing == y.labelSmoothing && x.emaDecay == y.emaDecay
        && a.cde.rampEpochs == b.cde.rampEpochs && a.cde.tauSchedule == b.cde.tauSchedule
        && a.cde.tauEnd == b.cde.tauEnd && a.epochs == b.epochs && a.batchSize == b.batchSize && a.seed == b.seed
        && a.logEvery == b.logEvery && a.evalBatchSize == b.evalBatchSize && a.deterministic == b.deterministic
        && a.device == b.device && a.threads == b.threads && a.memoryLimit == b.memoryLimit
        && a.kmeansBatches == b.kmeansBatches && a.keepEvery == b.keepEvery
        && a.initFrom == b.initFrom;
}

} // namespace gatefold::train
