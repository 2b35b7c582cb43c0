#include "datasets.h"

#include "config/configenums.h"
#include "config/packageddata.h"
#include "files/userfile.h"

#include "builtinshapes.h"
#include "builtinsource.h"
#include "cifarbinary.h"
#include "idxdataset.h"
#include "imagefolder.h"
#include "transformeddataset.h"

namespace gatefold::data {

namespace {

// data.path, or the folder a Debian package installs the set in (config/packageddata.h); "" with
// what to do in `why` when there is neither.
std::string dataFolder(const DataConfig &config, std::string *why)
{
    if (!config.path.empty())
        return config.path;
    const config::PackagedData packaged = config::packagedData(config.name);
    if (packaged.folder.empty()) {
        *why = "set it to the folder holding the " + config.name + " files";
        return {};
    }
    if (!files::folderProblem(packaged.folder).empty()) {
        *why = "no " + config.name + " files in " + packaged.folder + ", where the Debian package " + packaged.package
             + " puts them: install it (`sudo apt-get install " + packaged.package
             + "`, or scripts/setup-deps.sh), or set data.path to the folder holding the files";
        return {};
    }
    return packaged.folder;
}

} // namespace

std::unique_ptr<Dataset> openDataset(const DataConfig &config, int imageSize, std::string *error,
                                     const AugmentConfig &augment, std::string *errorKey)
{
    auto fail = [&](const std::string &key, const std::string &message) -> std::unique_ptr<Dataset> {
        // A caller that takes no key reads it in the message (unless the message names it already).
        if (error)
            *error = errorKey || message.find(key) != std::string::npos ? message : key + ": " + message;
        if (errorKey)
            *errorKey = key;
        return nullptr;
    };
    if (config.name == "builtin") {
        if (imageSize < 8)
            return fail("img_size", "the built-in data set draws images of at least 8 px; set img_size to 8 or more");
        if (config.trainSize < 1 || config.valSize < 1)
            return fail(config.trainSize < 1 ? "data.train_size" : "data.val_size",
                        "the built-in data set needs at least one training and one validation image");
        if (config.channels == 1)
            return fail("data.channels", "the built-in data set is RGB; use 0 or 3");
        return std::make_unique<TransformedDataset>(
            std::make_unique<BuiltinSource>(BuiltinShapes(imageSize, config.trainSize, config.valSize, config.seed)),
            imageSize, 1.0, BadImagePolicy::Stop, augment);
    }
    std::string why;
    std::string key = "data.path";
    std::unique_ptr<ImageSource> source;
    const std::string folder = dataFolder(config, &why);
    if (folder.empty()) {
        // why says it
    } else if (config.name == "cifar10" || config.name == "cifar100") {
        if (config.channels == 1) {
            key = "data.channels";
            why = "CIFAR is RGB; use 0 or 3";
        } else {
            source = CifarBinary::open(folder, config.name == "cifar100", config.coarseLabels, &why);
        }
    } else if (config.name == "mnist" || config.name == "fashion-mnist") {
        source = IdxDataset::open(folder, config.name == "fashion-mnist", config.channels == 3, &why);
    } else if (config.name == "folder") {
        ImageFolderOptions options;
        options.grey = config.channels == 1;
        options.valFraction = config.valFraction;
        options.splitSeed = config.seed;
        options.valLabels = config.valLabels;
        options.skipBadFiles = config.skipBadImages;
        source = ImageFolder::open(folder, options, &why, &key);
    } else {
        key = "data.name";
        why = "unknown data set '" + config.name + "'; use one of: " + config::joinChoices(config::dataSetNames());
    }
    if (!source)
        return fail(key, why);
    auto data = std::make_unique<TransformedDataset>(
        std::move(source), imageSize, config.cropPct,
        config.skipBadImages ? BadImagePolicy::Skip : BadImagePolicy::Stop, augment);
    data->setCacheBudget(config.cacheMb);
    return data;
}

} // namespace gatefold::data
