#pragma once

#include "visiontransformer.h"

#include <string>
#include <vector>

namespace gatefold::model {

struct KMeansReport {
    int codebooks = 0;       // codebooks initialised
    int iterations = 0;      // Lloyd iterations run per codebook
    std::int64_t tokens = 0; // LN2 outputs clustered per codebook
    int reseeded = 0;        // empty clusters moved onto badly served tokens
};

// Spherical k-means of the LN2 outputs z of the first batches: the gate's
// logits are cosines, so codes and tokens are compared on the unit sphere.
// Each codebook is fitted to the z of the blocks that read it; with assign-once
// that is the first gated block alone. Needs at least K tokens.
bool initCodebooksKMeans(VisionTransformer &model, const std::vector<torch::Tensor> &batches, int iterations,
                         KMeansReport *report = nullptr, std::string *error = nullptr);

// Lloyd's algorithm on rows of `points` (M, d), cosine similarity, K centres
// seeded from distinct random points; returns unit-norm centres (K, d).
torch::Tensor sphericalKMeans(const torch::Tensor &points, int64_t clusters, int iterations, int *reseeded = nullptr);

} // namespace gatefold::model
