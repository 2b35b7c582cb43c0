#pragma once

#include <QString>

namespace gatefold::widgets {

// How a metric reads, for the views that rank and print runs' values (Compare, Groups):
// which end is best, and whether it is a fraction shown as a percent.
namespace metricsense {

// Losses, errors and times are best low; accuracies, throughput and the rest high
// (core/tables/metricdirection.h: the one rule).
bool higherIsBetter(const QString &metricKey);
// Accuracies (…top1, …top5, …acc…) are fractions the tables show as percent (tables::isPercentMetric).
bool isFraction(const QString &metricKey);
// "93.70 %" for a fraction, else 5 significant digits.
QString valueText(double value, const QString &metricKey);

} // namespace metricsense
} // namespace gatefold::widgets
