#pragma once

#include "sweepdistribution.h"

#include <QJsonValue>
#include <QtGlobal>

#include <random>

namespace gatefold::train {

// The random numbers of a random search, the same on every machine for the same seed: the
// std::mt19937_64 sequence is fixed by the C++ standard, and every conversion from its raw
// 64-bit numbers is ours (std::uniform_*_distribution differ between standard libraries), made of
// exactly rounded operations (fma, division, snprintf/strtod of decimals). The one exception is
// log_uniform's log and exp, which C libraries may round differently in the last bit: the rounding
// to 4 or more significant digits hides that, unless a draw falls within an ulp of a rounding
// boundary (about once in 10^12 draws).
class SearchRandom
{
public:
    explicit SearchRandom(quint64 seed) : m_engine(seed) {}
    // In [0, 1): the top 53 bits, (x >> 11) * 2^-53.
    double unit();
    // In [0, n) for n >= 1, without bias: raw numbers at or above the largest multiple of n are drawn again.
    quint64 below(quint64 n);
    // A whole number in [low, high], both included (low <= high).
    qint64 between(qint64 low, qint64 high);

private:
    std::mt19937_64 m_engine;
};

// A value of `u` in [0, 1) in [low, high] (low <= high), rounded to a decimal with at least 1000
// steps over the range — readable in a run's name ("optim.weight_decay=0.0532"), and the double
// that decimal reads back as, so the name and the stored config agree exactly — and kept in the range.
double uniformValue(double u, double low, double high);
// exp(log low + u (log high - log low)) (0 < low < high), rounded to the significant digits that
// keep at least 1000 steps over the range (4 for a decade or more: "optim.lr=0.0001234"), kept in the range.
double logUniformValue(double u, double low, double high);

// One draw of an axis (a list is a choice), as the JSON value a grid file would list.
QJsonValue sampleAxis(const Axis &axis, SearchRandom &random);

} // namespace gatefold::train
