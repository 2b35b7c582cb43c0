#pragma once

#include "analysis/codebookstats.h"
#include "data/dataset.h"
#include "data/normalization.h"
#include "model/visiontransformer.h"

#include <atomic>
#include <functional>
#include <vector>

namespace gatefold::train {

// One CDE-gated block's codebook measures over the evaluated images
// (core/model/README.md, CDE "What researchers look at"): every token, class token included.
struct CodebookEval {
    int block = 0;  // index in the model's blocks (0-based, as in blocks.<i>.mlp.gate)
    analysis::CodebookStats stats;
};

// One parallel block's branch similarity at an evaluation (joining paper
// Figs. 4–6), n × n row-major: the mean cosine similarity of the branches'
// attention and FFN outputs on the first evaluation batch, and the cosine
// similarity of their weights per module (analysis::branchWeightSimilarity).
struct BranchEval {
    int block = 0;  // index in the model's blocks
    int n = 0;
    std::vector<double> attention, mlp, qk, vo, fc1, fc2;
};

struct EvalResult {
    double loss = 0.0;   // mean cross-entropy (no label smoothing)
    double top1 = 0.0;   // fractions in [0, 1]
    double top5 = 0.0;   // top-min(5, classes)
    std::int64_t images = 0;
    bool interrupted = false;  // `stop` was raised before the end
    std::vector<CodebookEval> codebook;  // per gated block, when asked for
    std::vector<BranchEval> branches;    // per parallel block, when asked for
};

// A data-parallel evaluation: rank `rank` of `size` evaluates images
// [rank·n/size, (rank+1)·n/size) of the split, and `sum` adds a float64 CPU
// tensor over the ranks in place, so every rank gets the split's exact sums
// and counts (not a mean of means). The branch similarity is rank 0's first batch.
struct EvalShard {
    int rank = 0;
    int size = 1;
    std::function<void(torch::Tensor &)> sum;
};

// The model in eval mode on the whole `split` in index order, `batchSize`
// images at a time, normalised by `norm`; the model's train/eval mode is
// restored afterwards. With `codebookStats` on a CDE model the same pass also
// records the code assignments of every gated block and sums their measures
// (logits unchanged: recording does not alter the forward pass). With
// `branchStats` on a model with parallel blocks, the first batch's pass also
// keeps each branch's outputs for their similarity, and the branch weights
// are compared (core/model/README.md, joining "What researchers look at").
EvalResult evaluate(model::VisionTransformer &model, const data::Dataset &data, data::Split split, int batchSize,
                    const torch::Device &device, const data::Normalization &norm,
                    const std::atomic<bool> *stop = nullptr, bool codebookStats = false, bool branchStats = false,
                    const EvalShard &shard = {});

} // namespace gatefold::train
