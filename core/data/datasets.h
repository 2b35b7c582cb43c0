#pragma once

#include "dataconfig.h"
#include "dataset.h"

#include <memory>
#include <string>

namespace gatefold::data {

// The names openDataset() accepts.
const char *datasetNames();

// Opens the data set `config` names at `imageSize` px; nullptr and a sentence
// in `error` (what is wrong, what to do) when it cannot.
std::unique_ptr<Dataset> openDataset(const DataConfig &config, int imageSize, std::string *error);

} // namespace gatefold::data
