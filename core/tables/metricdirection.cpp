#include "metricdirection.h"

#include <algorithm>
#include <cmath>

namespace gatefold::tables {

bool higherIsBetter(const QString &metricKey)
{
    const QString name = metricKey.section(QLatin1Char('/'), -1).toLower();
    for (const char *lower : {"loss", "error", "err", "wait", "time", "seconds", "latency", "perplexity"})
        if (name.contains(QLatin1String(lower)))
            return false;
    return !name.endsWith(QLatin1String("_s")) || name.contains(QLatin1String("per_s"));
}

std::vector<qint64> bestRuns(std::vector<std::pair<qint64, std::optional<double>>> values, int k,
                             const QString &metricKey)
{
    values.erase(std::remove_if(values.begin(), values.end(), [](const auto &v) { return !v.second || std::isnan(*v.second); }), values.end());
    const bool higher = higherIsBetter(metricKey);
    std::sort(values.begin(), values.end(), [higher](const auto &a, const auto &b) {
        if (*a.second != *b.second)
            return higher ? *a.second > *b.second : *a.second < *b.second;
        return a.first < b.first;
    });
    std::vector<qint64> ids;
    for (size_t i = 0; i < values.size() && int(i) < k; ++i)
        ids.push_back(values[i].first);
    return ids;
}

} // namespace gatefold::tables
