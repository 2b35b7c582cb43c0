#pragma once

#include "dataset.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::data {

// What a data set holds, for the CLI's `data` command and the GUI.
struct DatasetSummary {
    std::string name;
    std::vector<std::string> classNames;
    int channels = 0;
    int imageSize = 0;  // as the model sees the images (img_size)
    std::int64_t trainSize = 0;
    std::int64_t valSize = 0;
    std::vector<std::int64_t> trainPerClass;  // images per label
    std::vector<std::int64_t> valPerClass;
};

DatasetSummary summarizeDataset(const Dataset &data);

// One line for a run's log: "cifar10: 10 classes (airplane, automobile, …), 50000 training and
// 10000 validation images, 3 × 32 × 32".
std::string describeDataset(const Dataset &data);

} // namespace gatefold::data
