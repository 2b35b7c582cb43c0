#pragma once

// Pictures of the inspection data, drawn with Qt alone (the widgets never
// touch LibTorch or OpenCV): an inspected image as a QImage, a map blended
// over it in a colour map, and a patch map coloured by code.

#include "report/inspectreport.h"

#include <QColor>
#include <QImage>

namespace gatefold::widgets::mapimage {

QImage fromInspected(const report::InspectedImage &image);

// viridis at t in [0, 1] (0: dark purple, 1: yellow); t outside is clamped.
QColor viridis(double t);

// `map` (grid) scaled to [0, 1] by its own min and max, upsampled bilinearly
// to `base`'s size (patch centres at the patch centres), coloured with viridis
// and blended over `base` with weight `alpha` (0: the image, 1: the map).
QImage heatOverlay(const QImage &base, const report::Matrix &map, double alpha);

// A distinct colour per code (golden-angle hues), stable across views.
QColor codeColor(int code);

// Each patch of `codes` (grid of code indices) filled with its code's colour
// over `base` with weight `alpha`; patches of `highlight` (≥ 0) drawn opaque
// and outlined, the others faded.
QImage codeOverlay(const QImage &base, const report::Matrix &codes, double alpha, int highlight = -1);

} // namespace gatefold::widgets::mapimage
