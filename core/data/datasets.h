#pragma once

#include "config/augmentconfig.h"
#include "config/dataconfig.h"
#include "dataset.h"

#include <memory>
#include <string>

namespace gatefold::data {

// Opens the data set `config` names at `imageSize` px; nullptr and a sentence
// in `error` (what is wrong, what to do) when it cannot, and in `errorKey` the
// setting it concerns (data.path, data.val_labels, data.channels, …).
// `augment` applies to trainBatch().
std::unique_ptr<Dataset> openDataset(const DataConfig &config, int imageSize, std::string *error,
                                     const AugmentConfig &augment = {}, std::string *errorKey = nullptr);

} // namespace gatefold::data
