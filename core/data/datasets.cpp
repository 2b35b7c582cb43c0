#include "datasets.h"

#include "builtinshapes.h"

namespace gatefold::data {

const char *datasetNames()
{
    return "builtin";
}

std::unique_ptr<Dataset> openDataset(const DataConfig &config, int imageSize, std::string *error)
{
    if (config.name == "builtin") {
        if (imageSize < 8 || config.trainSize < 1 || config.valSize < 1) {
            if (error)
                *error = "the built-in data set needs images of at least 8 px and at least one training and one "
                         "validation image";
            return nullptr;
        }
        return std::make_unique<BuiltinShapes>(imageSize, config.trainSize, config.valSize, config.seed);
    }
    if (error)
        *error = "unknown data set '" + config.name + "'; use one of: " + datasetNames();
    return nullptr;
}

} // namespace gatefold::data
