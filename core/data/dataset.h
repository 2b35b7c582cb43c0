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
    // Images replaced so far because they could not be decoded (data.bad_images = skip).
    virtual std::int64_t skippedImages() const { return 0; }
};

} // namespace gatefold::data
