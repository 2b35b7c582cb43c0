#include "datasets.h"

#include "builtinshapes.h"
#include "builtinsource.h"
#include "cifarbinary.h"
#include "idxdataset.h"
#include "imagefolder.h"
#include "transformeddataset.h"

namespace gatefold::data {

const char *datasetNames()
{
    return "builtin, cifar10, cifar100, mnist, fashion-mnist, folder";
}

std::unique_ptr<Dataset> openDataset(const DataConfig &config, int imageSize, std::string *error,
                                     const AugmentConfig &augment)
{
    if (config.name == "builtin") {
        if (imageSize < 8 || config.trainSize < 1 || config.valSize < 1) {
            if (error)
                *error = "the built-in data set needs images of at least 8 px and at least one training and one "
                         "validation image";
            return nullptr;
        }
        if (config.channels == 1) {
            if (error)
                *error = "data.channels: the built-in data set is RGB; use 0 or 3";
            return nullptr;
        }
        return std::make_unique<TransformedDataset>(
            std::make_unique<BuiltinSource>(BuiltinShapes(imageSize, config.trainSize, config.valSize, config.seed)),
            imageSize, 1.0, BadImagePolicy::Stop, augment);
    }
    std::string why;
    std::unique_ptr<ImageSource> source;
    if (config.path.empty()) {
        why = "data.path: set it to the folder holding the " + config.name + " files";
    } else if (config.name == "cifar10" || config.name == "cifar100") {
        if (config.channels == 1)
            why = "data.channels: CIFAR is RGB; use 0 or 3";
        else
            source = CifarBinary::open(config.path, config.name == "cifar100", config.coarseLabels, &why);
    } else if (config.name == "mnist" || config.name == "fashion-mnist") {
        source = IdxDataset::open(config.path, config.name == "fashion-mnist", config.channels == 3, &why);
    } else if (config.name == "folder") {
        ImageFolderOptions options;
        options.grey = config.channels == 1;
        options.valFraction = config.valFraction;
        options.splitSeed = config.seed;
        options.valLabels = config.valLabels;
        source = ImageFolder::open(config.path, options, &why);
    } else {
        why = "unknown data set '" + config.name + "'; use one of: " + datasetNames();
    }
    if (!source) {
        if (error)
            *error = why;
        return nullptr;
    }
    auto data = std::make_unique<TransformedDataset>(
        std::move(source), imageSize, config.cropPct,
        config.skipBadImages ? BadImagePolicy::Skip : BadImagePolicy::Stop, augment);
    data->setCacheBudget(config.cacheMb);
    return data;
}

} // namespace gatefold::data
