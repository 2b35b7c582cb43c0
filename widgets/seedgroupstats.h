#pragma once

#include "tables/significance.h"

#include <QColor>
#include <QString>

#include <optional>
#include <vector>

namespace gatefold::widgets {

// One group of runs that differ only by seed, as the Groups tab and Compare show it: the 95 %
// interval of its mean and, against a baseline group, the difference, its interval, p and the test
// (tables::testAgainstBaseline — paired by seed when both hold the same seeds, else Welch), judged
// at α in the metric's direction (tables::verdictOf). The numbers come from core/tables/significance.h
// only; this file words them.
struct SeedGroupStats {
    tables::MeanInterval interval;
    bool baseline = false;               // this is the baseline group
    std::optional<tables::TTest> test;   // row − baseline; empty: untested (see `untested`)
    tables::Verdict verdict = tables::Verdict::Untested;
    QString untested;                    // why there is no test ("" with no baseline chosen, or tested)
};

// `baseline` null: no baseline chosen. `mixed`/`baselineMixed`: the group's runs also differ in
// settings other than the seed (not one experiment: no test).
SeedGroupStats seedGroupStats(const std::vector<tables::SeedValue> &row, const std::vector<tables::SeedValue> *baseline,
                              bool mixed, bool baselineMixed, double alpha, bool higherIsBetter);

namespace seedstatstext {

// "[57.66, 82.34]" (percent of a fraction, two decimals); "—" without an interval (one value).
QString interval(const tables::MeanInterval &mi, bool percent);
// "+2.00 [−1.23, 5.23]"
QString difference(const tables::TTest &t, bool percent);
// p with three significant digits ("0.0342", "3.1e-05").
QString p(double p);
// "paired by seed (df 2)" or "Welch (df 3.4)".
QString testName(const tables::TTest &t);
// "better", "worse", "not significant", "baseline", "—".
QString verdict(const SeedGroupStats &s);
// Green for better, red for worse, none otherwise (see-through: readable on light and dark bases).
QColor verdictColour(tables::Verdict v);
// "only 2 seeds: the interval is wide and the test weak" for n < kFewSeeds, else "".
QString fewSeeds(int n);
// The few-seeds tint.
QColor fewSeedsColour();

} // namespace seedstatstext
} // namespace gatefold::widgets
