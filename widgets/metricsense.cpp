#include "metricsense.h"

#include "tables/metricdirection.h"
#include "tables/tablespec.h"

namespace gatefold::widgets::metricsense {

// One rule for the whole program: the run query, "Select best k" and the tables read the same.
bool higherIsBetter(const QString &metricKey)
{
    return tables::higherIsBetter(metricKey);
}

bool isFraction(const QString &metricKey)
{
    return tables::isPercentMetric(metricKey);
}

QString valueText(double value, const QString &metricKey)
{
    return isFraction(metricKey) ? QStringLiteral("%1 %").arg(100.0 * value, 0, 'f', 2) : QString::number(value, 'g', 5);
}

} // namespace gatefold::widgets::metricsense
