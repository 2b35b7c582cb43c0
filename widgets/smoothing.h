#pragma once

#include <vector>

namespace gatefold::widgets {

// Exponential moving average s_t = w·s_{t−1} + (1−w)·x_t, divided by
// (1 − w^t) so that the start is not pulled towards 0 (TensorBoard's
// "debiased" smoothing). w = 0 returns the values.
std::vector<double> debiasedEma(const std::vector<double> &values, double weight);

// Mean of the last `window` values at each point (fewer at the start).
std::vector<double> movingAverage(const std::vector<double> &values, int window);

} // namespace gatefold::widgets
