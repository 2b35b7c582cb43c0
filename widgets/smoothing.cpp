#include "smoothing.h"

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {

std::vector<double> debiasedEma(const std::vector<double> &values, double weight)
{
    std::vector<double> out(values.size());
    double s = 0.0;
    double decay = 1.0;  // w^t
    for (size_t t = 0; t < values.size(); ++t) {
        s = weight * s + (1.0 - weight) * values[t];
        decay *= weight;
        out[t] = weight > 0 ? s / (1.0 - decay) : values[t];
    }
    return out;
}

std::vector<double> movingAverage(const std::vector<double> &values, int window)
{
    std::vector<double> out(values.size());
    double sum = 0.0;
    const size_t w = size_t(std::max(1, window));
    for (size_t t = 0; t < values.size(); ++t) {
        sum += values[t];
        if (t >= w)
            sum -= values[t - w];
        out[t] = sum / double(std::min(t + 1, w));
    }
    return out;
}

} // namespace gatefold::widgets
