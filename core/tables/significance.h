#pragma once

// Whether a difference between groups of runs (seeds) is real: Student-t intervals of a mean and
// Welch's t-test (paired when both groups have the same seeds), as a paper's table needs them
// (issue 21). Plain C++: the t distribution from the regularised incomplete beta function.

#include <optional>
#include <vector>

namespace gatefold::tables {

// P(T ≤ t) for Student's t with `df` > 0 degrees of freedom (df may be fractional: Welch).
double studentTCdf(double t, double df);
// The t with P(T ≤ t) = p, 0 < p < 1.
double studentTQuantile(double p, double df);

// A mean and its two-sided confidence interval (Student t, n − 1 degrees of freedom). No interval
// (halfWidth empty) for fewer than two values.
struct MeanInterval {
    int n = 0;
    double mean = 0;
    double std = 0;  // sample standard deviation (n − 1); 0 for one value
    std::optional<double> halfWidth;
};
MeanInterval meanInterval(const std::vector<double> &values, double level = 0.95);

// a − b: the difference of the means, its interval, t, the degrees of freedom and the two-sided p.
// Welch (unequal variances) for independent groups; paired: the one-sample test of the differences
// (a[i] and b[i] from the same seed). Empty when a group has fewer than two values (paired: fewer
// than two pairs) or the spread is zero on both sides.
struct TTest {
    bool paired = false;
    double difference = 0;
    double halfWidth = 0;  // of the difference's interval at `level`
    double t = 0;
    double df = 0;
    double p = 1;
};
std::optional<TTest> welchTest(const std::vector<double> &a, const std::vector<double> &b, double level = 0.95);
std::optional<TTest> pairedTest(const std::vector<double> &a, const std::vector<double> &b, double level = 0.95);

// One run's value of a metric and the seed it ran with.
struct SeedValue {
    long long seed = 0;
    double value = 0;
};
// A row against the baseline row (row − baseline), as every view tests it: paired by seed when both
// rows hold the same seeds, each once (and at least two); Welch's test otherwise. Empty as the tests are.
std::optional<TTest> testAgainstBaseline(const std::vector<SeedValue> &row, const std::vector<SeedValue> &baseline,
                                         double level = 0.95);

// What a test says about a row at significance level `alpha` (two-sided p < alpha), for a metric
// where higher (or lower) is better. Untested: no test (a side with fewer than two runs).
enum class Verdict { Untested, NotSignificant, Better, Worse };
Verdict verdictOf(const std::optional<TTest> &test, double alpha, bool higherIsBetter);

// Rows with fewer seeds than this get a warning wherever an interval or a test is shown.
constexpr int kFewSeeds = 3;

} // namespace gatefold::tables
