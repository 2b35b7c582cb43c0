#include "significance.h"

#include <algorithm>

#include <cmath>
#include <limits>

namespace gatefold::tables {

namespace {

// The continued fraction of the incomplete beta function (modified Lentz), for x < (a + 1)/(a + b + 2).
double betaFraction(double a, double b, double x)
{
    constexpr double tiny = 1e-300, eps = 1e-15;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 500; ++m) {
        const double m2 = 2.0 * m;
        // even step
        double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + num * d;
        c = 1 + num / c;
        d = 1 / (std::fabs(d) < tiny ? tiny : d);
        c = std::fabs(c) < tiny ? tiny : c;
        h *= d * c;
        // odd step
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + num * d;
        c = 1 + num / c;
        d = 1 / (std::fabs(d) < tiny ? tiny : d);
        c = std::fabs(c) < tiny ? tiny : c;
        const double step = d * c;
        h *= step;
        if (std::fabs(step - 1) < eps)
            break;
    }
    return h;
}

// I_x(a, b), the regularised incomplete beta function.
double incompleteBeta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double logFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    if (x < (a + 1) / (a + b + 2))
        return std::exp(logFront) * betaFraction(a, b, x) / a;
    return 1 - std::exp(logFront) * betaFraction(b, a, 1 - x) / b;
}

double mean(const std::vector<double> &v)
{
    double s = 0;
    for (double x : v)
        s += x;
    return s / double(v.size());
}

double sampleVariance(const std::vector<double> &v, double m)
{
    double s = 0;
    for (double x : v)
        s += (x - m) * (x - m);
    return v.size() > 1 ? s / double(v.size() - 1) : 0;
}

std::optional<TTest> fromStatistic(double difference, double se, double df, double level, bool paired)
{
    if (!(se > 0) || !(df > 0))
        return std::nullopt;
    TTest r;
    r.paired = paired;
    r.difference = difference;
    r.df = df;
    r.t = difference / se;
    r.p = 2 * studentTCdf(-std::fabs(r.t), df);
    r.halfWidth = studentTQuantile(0.5 + level / 2, df) * se;
    return r;
}

} // namespace

double studentTCdf(double t, double df)
{
    if (std::isnan(t) || !(df > 0))
        return std::numeric_limits<double>::quiet_NaN();
    const double x = df / (df + t * t);
    const double tail = 0.5 * incompleteBeta(df / 2, 0.5, x);  // P(T ≤ −|t|)
    return t < 0 ? tail : 1 - tail;
}

double studentTQuantile(double p, double df)
{
    if (!(p > 0 && p < 1) || !(df > 0))
        return std::numeric_limits<double>::quiet_NaN();
    if (p == 0.5)
        return 0;
    // Bisection on the monotone CDF over a bracket that holds it, to the last bits.
    double lo = -1, hi = 1;
    while (studentTCdf(lo, df) > p)
        lo *= 2;
    while (studentTCdf(hi, df) < p)
        hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * std::max(1.0, std::fabs(hi)); ++i) {
        const double mid = 0.5 * (lo + hi);
        (studentTCdf(mid, df) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

MeanInterval meanInterval(const std::vector<double> &values, double level)
{
    MeanInterval r;
    r.n = int(values.size());
    if (values.empty())
        return r;
    r.mean = mean(values);
    r.std = std::sqrt(sampleVariance(values, r.mean));
    if (r.n >= 2)
        r.halfWidth = studentTQuantile(0.5 + level / 2, r.n - 1) * r.std / std::sqrt(double(r.n));
    return r;
}

std::optional<TTest> welchTest(const std::vector<double> &a, const std::vector<double> &b, double level)
{
    if (a.size() < 2 || b.size() < 2)
        return std::nullopt;
    const double ma = mean(a), mb = mean(b);
    const double qa = sampleVariance(a, ma) / double(a.size()), qb = sampleVariance(b, mb) / double(b.size());
    const double se = std::sqrt(qa + qb);
    // Welch–Satterthwaite.
    const double df = (qa + qb) * (qa + qb)
                    / (qa * qa / double(a.size() - 1) + qb * qb / double(b.size() - 1));
    return fromStatistic(ma - mb, se, df, level, false);
}

std::optional<TTest> pairedTest(const std::vector<double> &a, const std::vector<double> &b, double level)
{
    if (a.size() != b.size() || a.size() < 2)
        return std::nullopt;
    std::vector<double> d(a.size());
    for (size_t i = 0; i < a.size(); ++i)
        d[i] = a[i] - b[i];
    const double md = mean(d);
    const double se = std::sqrt(sampleVariance(d, md) / double(d.size()));
    return fromStatistic(md, se, double(d.size() - 1), level, true);
}

std::optional<TTest> testAgainstBaseline(const std::vector<SeedValue> &row, const std::vector<SeedValue> &baseline,
                                         double level)
{
    auto bySeed = [](std::vector<SeedValue> v) {
        std::sort(v.begin(), v.end(), [](const SeedValue &x, const SeedValue &y) { return x.seed < y.seed; });
        return v;
    };
    const std::vector<SeedValue> a = bySeed(row), b = bySeed(baseline);
    const auto sameSeeds = [&] {
        if (a.size() != b.size())
            return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (a[i].seed != b[i].seed || (i > 0 && a[i].seed == a[i - 1].seed))
                return false;
        return true;
    };
    std::vector<double> va, vb;
    for (const auto &s : a)
        va.push_back(s.value);
    for (const auto &s : b)
        vb.push_back(s.value);
    return sameSeeds() ? pairedTest(va, vb, level) : welchTest(va, vb, level);
}

Verdict verdictOf(const std::optional<TTest> &test, double alpha, bool higherIsBetter)
{
    if (!test)
        return Verdict::Untested;
    if (!(test->p < alpha) || test->difference == 0)
        return Verdict::NotSignificant;
    return (test->difference > 0) == higherIsBetter ? Verdict::Better : Verdict::Worse;
}

} // namespace gatefold::tables
