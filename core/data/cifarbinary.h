#pragma once

#include "imagesource.h"

#include <memory>

namespace gatefold::data {

// CIFAR-10 / CIFAR-100 in their binary versions. CIFAR-10: data_batch_1..5.bin
// (train) and test_batch.bin (val), records of <label byte><3072 bytes: R, G,
// B planes of 32×32>; class names from batches.meta.txt if present.
// CIFAR-100: train.bin and test.bin, records of <coarse byte><fine byte><3072>;
// `coarse` picks the 20 superclasses instead of the 100 classes.
class CifarBinary : public ImageSource
{
public:
    // Reads every record of the folder; nullptr and a message naming the file
    // on a missing file, a size that is not a whole number of records, or a
    // label out of range.
    static std::unique_ptr<CifarBinary> open(const std::string &folder, bool cifar100, bool coarse, std::string *error);

    std::string name() const override { return m_name; }
    std::vector<std::string> classNames() const override { return m_classes; }
    int channels() const override { return 3; }
    std::int64_t size(Split split) const override;
    int label(Split split, std::int64_t index) const override;
    cv::Mat image(Split split, std::int64_t index) const override;
    std::string origin(Split split, std::int64_t index) const override;

private:
    struct Part {
        std::vector<std::uint8_t> pixels;  // HWC, 3072 bytes per image
        std::vector<std::uint8_t> labels;
        std::vector<std::string> files;    // which file each run of records came from
        std::vector<std::int64_t> fileStarts;
    };
    const Part &part(Split split) const { return split == Split::Train ? m_train : m_val; }

    std::string m_name;
    std::vector<std::string> m_classes;
    Part m_train;
    Part m_val;
};

} // namespace gatefold::data
