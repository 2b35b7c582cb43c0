#include "sweepsampler.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gatefold::train {
namespace {

// The double a decimal text reads back as (a text snprintf wrote: always a number).
double readBack(const char *text)
{
    return std::strtod(text, nullptr);
}

// `x` rounded to a whole multiple of 10^exponent.
double roundedToPower(double x, int exponent)
{
    if (exponent >= 0) {
        char power[16];
        std::snprintf(power, sizeof power, "1e%d", exponent);
        const double step = readBack(power);
        return std::round(x / step) * step;
    }
    char text[800];  // up to 301 digits before the point and 330 after it
    std::snprintf(text, sizeof text, "%.*f", -exponent, x);
    return readBack(text);
}

} // namespace

double SearchRandom::unit()
{
    return double(m_engine() >> 11) * 0x1.0p-53;
}

quint64 SearchRandom::below(quint64 n)
{
    // 2^64 mod n raw numbers at the bottom are drawn again: the rest are a whole multiple of n.
    const quint64 threshold = (0 - n) % n;
    for (;;) {
        const quint64 x = m_engine();
        if (x >= threshold)
            return x % n;
    }
}

qint64 SearchRandom::between(qint64 low, qint64 high)
{
    return low + qint64(below(quint64(high - low) + 1));
}

double uniformValue(double u, double low, double high)
{
    if (!(low < high))
        return low;
    const double x = std::fma(u, high - low, low);  // one rounding on every machine (no contraction choices)
    // The step: the power of ten at least 1000 times below the range's width.
    const int exponent = int(std::floor(std::log10(high - low))) - 3;
    return std::clamp(roundedToPower(x, exponent), low, high);
}

double logUniformValue(double u, double low, double high)
{
    const double logLow = std::log(low);
    const double width = std::log(high) - logLow;
    const double x = std::exp(std::fma(u, width, logLow));
    // A relative step of 10^(1 - digits) at least 1000 times below the range's width in log units.
    const int digits = std::clamp(4 - int(std::floor(std::log10(width))), 4, 17);
    char text[64];
    std::snprintf(text, sizeof text, "%.*e", digits - 1, x);
    return std::clamp(readBack(text), low, high);
}

QJsonValue sampleAxis(const Axis &axis, SearchRandom &random)
{
    switch (axis.kind) {
    case AxisKind::List:
    case AxisKind::Choice:
        return axis.values.at(random.below(axis.values.size()));
    case AxisKind::Uniform:
        return uniformValue(random.unit(), axis.low, axis.high);
    case AxisKind::LogUniform:
        return logUniformValue(random.unit(), axis.low, axis.high);
    case AxisKind::IntUniform:
        return random.between(qint64(axis.low), qint64(axis.high));
    }
    return {};
}

} // namespace gatefold::train
