#pragma once

#include "reporttypes.h"
#include "loadedrun.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::inspect {

// The images a report looks at: the model's input and how they are shown.
struct InspectInputs {
    torch::Tensor images;                 // (B, C, S, S) normalised with the run's normalisation, CPU
    std::vector<InspectedImage> shown;    // the same images denormalised to 8-bit RGB, with label and source
};

// Images [first, first + count) of `split` through the evaluation transform,
// normalised; count is cut to what the split holds. nullopt with the reason
// when the data set cannot decode one.
std::optional<InspectInputs> splitInputs(const LoadedRun &run, data::Split split, std::int64_t first,
                                         std::int64_t count, QString *error);

// Image files decoded with OpenCV (grey for a one-channel model, else RGB),
// as [0, 1] floats resized so that the shorter side is img_size / crop_pct
// and centre-cropped to img_size² (data::resizeCenterCrop, as evaluation
// does), normalised. nullopt naming the file when one cannot be read.
std::optional<InspectInputs> fileInputs(const LoadedRun &run, const QStringList &files, QString *error);

// A normalised image (C, S, S), C = 1 or 3, undone with `norm` and rounded
// to 8-bit RGB (grey repeated in R, G and B).
std::vector<std::uint8_t> denormalizedRgb(const torch::Tensor &image, const data::Normalization &norm);

} // namespace gatefold::inspect
