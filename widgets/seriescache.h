#pragma once

#include <QString>

#include <map>
#include <utility>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// One metric of one run, as plotted.
struct Series {
    std::vector<double> steps;
    std::vector<double> epochs;
    std::vector<double> walls;  // Unix seconds
    std::vector<double> values;
};

// Metric series read from the store at most once each; points reported live
// by a running engine are appended (only past the last step held, so a point
// both in the store and in a live report is kept once).
class SeriesCache
{
public:
    explicit SeriesCache(store::RunStore *store) : m_store(store) {}

    const Series &get(qint64 runId, const QString &key);
    void append(qint64 runId, const QString &key, double step, double epoch, double wall, double value);
    void forget(qint64 runId);  // e.g. a resumed run whose later metrics were truncated
    int loads() const { return m_loads; }

private:
    store::RunStore *m_store;
    std::map<std::pair<qint64, QString>, Series> m_series;
    int m_loads = 0;
};

} // namespace gatefold::widgets
