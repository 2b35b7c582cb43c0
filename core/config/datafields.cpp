#include "fieldrows.h"

#include "configenums.h"
#include "fieldcodecs.h"

namespace gatefold::config {
namespace {

using G = FieldGroup;
using T = FieldType;
using train::RunConfig;

bool notBuiltin(const RunConfig &c) { return c.train.data.name != "builtin"; }
bool builtin(const RunConfig &c) { return c.train.data.name == "builtin"; }
bool folder(const RunConfig &c) { return c.train.data.name == "folder"; }

void addSourceFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, T type, const char *help, auto access, auto codec, auto applies) {
        f.push_back(makeField(key, G::Data, type, false, help, access, codec));
        f.back().applies = applies;
    };
    const auto always = [](const RunConfig &) { return true; };
    add("data.name", T::Text, GF_TRANSLATE_NOOP("RunField", "data set"), GF_TRAIN(data.name),
        textChoiceCodec(dataSetNames()), always);
    add("data.path", T::Text, GF_TRANSLATE_NOOP("RunField", "folder with the data set's files (all but builtin)"),
        GF_TRAIN(data.path), textCodec(), notBuiltin);
    f.back().path = true;
    add("data.channels", T::Integer, GF_TRANSLATE_NOOP("RunField", "0: as stored; 1 or 3: grey or RGB"),
        GF_TRAIN(data.channels), integerCodec(), always);
    add("data.coarse_labels", T::Boolean, GF_TRANSLATE_NOOP("RunField", "cifar100: the 20 superclasses (true, false)"),
        GF_TRAIN(data.coarseLabels), booleanCodec(), [](const RunConfig &c) { return c.train.data.name == "cifar100"; });
    add("data.val_fraction", T::Number,
        GF_TRANSLATE_NOOP("RunField", "folder without val/: fraction held out per class"), GF_TRAIN(data.valFraction),
        numberCodec(), folder);
    add("data.val_labels", T::Text, GF_TRANSLATE_NOOP("RunField", "folder: CSV 'file,class' for a flat val/ folder"),
        GF_TRAIN(data.valLabels), textCodec(), folder);
    f.back().path = true;
    add("data.crop_pct", T::Number, GF_TRANSLATE_NOOP("RunField", "evaluation: resize to img_size / crop_pct, centre crop"),
        GF_TRAIN(data.cropPct), numberCodec(), notBuiltin);
}

void addLoadingFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, G group, T type, const char *help, auto access, auto codec, auto applies) {
        f.push_back(makeField(key, group, type, false, help, access, codec));
        f.back().applies = applies;
    };
    const auto always = [](const RunConfig &) { return true; };
    add("data.workers", G::Compute, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "threads preparing batches ahead (-1 auto: 0 on CPU, 4 with CUDA; 0: in the step)"),
        GF_TRAIN(data.workers), integerCodec(), always);
    add("data.prefetch", G::Compute, T::Integer, GF_TRANSLATE_NOOP("RunField", "training batches prepared ahead at most"),
        GF_TRAIN(data.prefetch), integerCodec(), always);
    add("data.cache_mb", G::Compute, T::Integer,
        GF_TRANSLATE_NOOP("RunField", "decoded folder images kept in memory, MiB (0: none)"), GF_TRAIN(data.cacheMb),
        integer64Codec(), folder);
    add("data.mean", G::Data, T::NumberList,
        GF_TRANSLATE_NOOP("RunField", "input mean per channel in [0, 1], or auto (measured)"), GF_TRAIN(data.mean),
        channelValuesCodec(), always);
    add("data.std", G::Data, T::NumberList,
        GF_TRANSLATE_NOOP("RunField", "input standard deviation per channel, or auto (measured)"), GF_TRAIN(data.std),
        channelValuesCodec(), always);
    add("data.bad_images", G::Data, T::Text,
        GF_TRANSLATE_NOOP("RunField", "an undecodable image: stop the run, or skip it and count"),
        GF_TRAIN(data.skipBadImages), wordsCodec("stop", "skip"), notBuiltin);
    add("data.train_size", G::Data, T::Integer, GF_TRANSLATE_NOOP("RunField", "training images (built-in set)"),
        GF_TRAIN(data.trainSize), integer64Codec(), builtin);
    add("data.val_size", G::Data, T::Integer, GF_TRANSLATE_NOOP("RunField", "held-out validation images (built-in set)"),
        GF_TRAIN(data.valSize), integer64Codec(), builtin);
    add("data.seed", G::Data, T::Integer, GF_TRANSLATE_NOOP("RunField", "which images the built-in set holds"),
        GF_TRAIN(data.seed), seedCodec(), [](const RunConfig &c) { return builtin(c) || folder(c); });
}

void addAugmentFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, T type, const char *help, auto access, auto codec) {
        f.push_back(makeField(key, G::Augmentation, type, false, help, access, codec));
    };
    const auto a = [](const RunConfig &c) -> const data::AugmentConfig & { return c.train.augment; };
    add("aug.random_resized_crop", T::Boolean,
        GF_TRANSLATE_NOOP("RunField", "random resized crop (area aug.scale_min..1, aspect 3/4..4/3)"),
        GF_TRAIN(augment.randomResizedCrop), booleanCodec());
    add("aug.scale_min", T::Number, GF_TRANSLATE_NOOP("RunField", "smallest area fraction of the random resized crop"),
        GF_TRAIN(augment.scaleMin), numberCodec());
    f.back().applies = [a](const RunConfig &c) { return a(c).randomResizedCrop; };
    add("aug.hflip", T::Number, GF_TRANSLATE_NOOP("RunField", "probability of a horizontal flip"),
        GF_TRAIN(augment.hflip), numberCodec());
    add("aug.color_jitter", T::Number,
        GF_TRANSLATE_NOOP("RunField", "brightness, contrast, saturation jitter j (factor 1 +- j)"),
        GF_TRAIN(augment.colorJitter), numberCodec());
    add("aug.randaugment_ops", T::Integer, GF_TRANSLATE_NOOP("RunField", "RandAugment: ops per image N (0: off)"),
        GF_TRAIN(augment.randAugmentOps), integerCodec());
    add("aug.randaugment_magnitude", T::Number, GF_TRANSLATE_NOOP("RunField", "RandAugment magnitude M in [0, 10]"),
        GF_TRAIN(augment.randAugmentMagnitude), numberCodec());
    f.back().applies = [a](const RunConfig &c) { return a(c).randAugmentOps > 0; };
    add("aug.random_erasing", T::Number, GF_TRANSLATE_NOOP("RunField", "probability of erasing a rectangle with noise"),
        GF_TRAIN(augment.randomErasing), numberCodec());
    add("aug.mixup", T::Number, GF_TRANSLATE_NOOP("RunField", "mixup alpha (0: off)"), GF_TRAIN(augment.mixup),
        numberCodec());
    add("aug.cutmix", T::Number, GF_TRANSLATE_NOOP("RunField", "cutmix alpha (0: off)"), GF_TRAIN(augment.cutmix),
        numberCodec());
    add("aug.mix_prob", T::Number, GF_TRANSLATE_NOOP("RunField", "probability that a batch is mixed"),
        GF_TRAIN(augment.mixProb), numberCodec());
    f.back().applies = [a](const RunConfig &c) { return a(c).mixes(); };
    add("aug.switch_prob", T::Number, GF_TRANSLATE_NOOP("RunField", "with mixup and cutmix: probability of cutmix"),
        GF_TRAIN(augment.switchProb), numberCodec());
    f.back().applies = [a](const RunConfig &c) { return a(c).mixup > 0 && a(c).cutmix > 0; };
}

} // namespace

void addDataFields(std::vector<Field> &rows)
{
    addSourceFields(rows);
    addLoadingFields(rows);
    addAugmentFields(rows);
}

} // namespace gatefold::config
