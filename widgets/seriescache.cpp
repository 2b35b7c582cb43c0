#include "seriescache.h"

#include "store/runstore.h"

namespace gatefold::widgets {

const Series &SeriesCache::get(qint64 runId, const QString &key)
{
    const auto k = std::make_pair(runId, key);
    auto it = m_series.find(k);
    if (it != m_series.end())
        return it->second;
    Series s;
    if (m_store) {
        ++m_loads;
        for (const auto &p : m_store->metrics(runId, key)) {
            s.steps.push_back(double(p.step));
            s.epochs.push_back(p.epoch);
            s.walls.push_back(p.wall);
            s.values.push_back(p.value);
        }
    }
    return m_series.emplace(k, std::move(s)).first->second;
}

void SeriesCache::append(qint64 runId, const QString &key, double step, double epoch, double wall, double value)
{
    const auto it = m_series.find(std::make_pair(runId, key));
    if (it == m_series.end())
        return;  // not loaded yet: the store will have it when it is
    Series &s = it->second;
    if (!s.steps.empty() && step <= s.steps.back())
        return;
    s.steps.push_back(step);
    s.epochs.push_back(epoch);
    s.walls.push_back(wall);
    s.values.push_back(value);
}

void SeriesCache::forget(qint64 runId)
{
    for (auto it = m_series.begin(); it != m_series.end();)
        it = it->first.first == runId ? m_series.erase(it) : std::next(it);
}

} // namespace gatefold::widgets
