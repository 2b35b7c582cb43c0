#pragma once

#include "visiontransformer.h"
#include "config/vitconfig.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gatefold::model {

// A new deploy-form model computing what `trained` computes at λ = 1
// (core/model/README.md, joining "Folding at λ = 1", "LayerNorm absorption"),
// on trained's device and dtype. Refuses (nullopt, `error` says why and what
// to do) when a parallel model's λ < 1 and options.force is off.
std::optional<VisionTransformer> foldModel(const VisionTransformer &trained, const FoldOptions &options,
                                           std::string *error = nullptr);

// How far two models' logits are apart on `images` (both run in eval mode).
struct FoldReport {
    double maxAbsDiff = 0;      // max |Δlogit|
    double relativeError = 0;   // max |Δlogit| / max |logit of the reference|
    double top1Agreement = 0;   // fraction of images with the same arg-max class
    std::int64_t images = 0;
};
FoldReport compareLogits(VisionTransformer &reference, VisionTransformer &candidate, const torch::Tensor &images);

// One line: "max |dlogit| 3.1e-07, relative 2.4e-08, top-1 agreement 100.0% on 32 images".
std::string formatFoldReport(const FoldReport &report);

} // namespace gatefold::model
