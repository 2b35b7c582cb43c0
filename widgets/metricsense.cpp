#include "metricsense.h"

namespace gatefold::widgets::metricsense {

bool higherIsBetter(const QString &metricKey)
{
    const QString k = metricKey.toLower();
    for (const char *low : {"loss", "error", "latency", "_ms", "seconds", "time", "perplexity"})
        if (k.contains(QLatin1String(low)))
            return false;
    return true;
}

bool isFraction(const QString &metricKey)
{
    const QString k = metricKey.toLower();
    return k.contains(QLatin1String("top1")) || k.contains(QLatin1String("top5")) || k.contains(QLatin1String("acc"));
}

QString valueText(double value, const QString &metricKey)
{
    return isFraction(metricKey) ? QStringLiteral("%1 %").arg(100.0 * value, 0, 'f', 2) : QString::number(value, 'g', 5);
}

} // namespace gatefold::widgets::metricsense
