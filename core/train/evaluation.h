#pragma once

#include "data/dataset.h"
#include "data/normalization.h"
#include "model/visiontransformer.h"

#include <atomic>

namespace gatefold::train {

struct EvalResult {
    double loss = 0.0;   // mean cross-entropy (no label smoothing)
    double top1 = 0.0;   // fractions in [0, 1]
    double top5 = 0.0;   // top-min(5, classes)
    std::int64_t images = 0;
    bool interrupted = false;  // `stop` was raised before the end
};

// The model in eval mode on the whole `split` in index order, `batchSize`
// images at a time, normalised by `norm`; the model's train/eval mode is
// restored afterwards.
EvalResult evaluate(model::VisionTransformer &model, const data::Dataset &data, data::Split split, int batchSize,
                    const torch::Device &device, const data::Normalization &norm,
                    const std::atomic<bool> *stop = nullptr);

} // namespace gatefold::train
