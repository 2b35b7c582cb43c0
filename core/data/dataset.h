#pragma once

#include <torch/types.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gatefold::data {

enum class Split { Train, Val };

// An image classification data set as the trainer sees it: two splits of
// labelled images of one size, addressed by index. batch() must be a pure
// function of its arguments (same images for the same indices, whatever the
// call order or thread), so that a resumed run sees what an uninterrupted one saw.
class Dataset
{
public:
    virtual ~Dataset() = default;

    virtual std::string name() const = 0;
    virtual int numClasses() const = 0;
    virtual int channels() const = 0;
    virtual int imageSize() const = 0;
    virtual std::int64_t size(Split split) const = 0;
    // Class names in label order (default: "0", "1", …).
    virtual std::vector<std::string> classNames() const
    {
        std::vector<std::string> names;
        for (int c = 0; c < numClasses(); ++c)
            names.push_back(std::to_string(c));
        return names;
    }
    // The label of image `index` of `split`, without decoding the image.
    virtual int label(Split split, std::int64_t index) const = 0;
    // Where image `index` comes from, for messages and the GUI (a file, "data_batch_2.bin #417").
    virtual std::string origin(Split split, std::int64_t index) const
    {
        return std::string(split == Split::Train ? "train" : "val") + " #" + std::to_string(index);
    }
    // Images `indices` of `split` as (B, C, S, S) float and labels (B) int64.
    virtual std::pair<torch::Tensor, torch::Tensor> batch(Split split,
                                                          const std::vector<std::int64_t> &indices) const = 0;
    // Training images `indices` augmented, image i from its own seed seeds[i]
    // (the same image and seed give the same pixels). Without augmentation: batch(Train, indices).
    virtual std::pair<torch::Tensor, torch::Tensor> trainBatch(const std::vector<std::int64_t> &indices,
                                                               const std::vector<std::uint64_t> &seeds) const
    {
        (void)seeds;
        return batch(Split::Train, indices);
    }
    // What the reader passed over on purpose when it opened the files (ImageSource::notices()).
    virtual std::vector<std::string> notices() const { return {}; }
    // Distinct images skipped so far because they could not be decoded (data.bad_images = skip),
    // and the message of the latest one.
    virtual std::int64_t skippedImages() const { return 0; }
    virtual std::string lastSkipped() const { return {}; }
};

} // namespace gatefold::data
