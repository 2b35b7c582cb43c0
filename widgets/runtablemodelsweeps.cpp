// RunTableModel: what the run browser's filters read of a row — the sweep a run belongs to, its
// metrics by key (the query filter, "Select best k").

#include "runtablemodel.h"

#include "store/runstore.h"

namespace gatefold::widgets {

QString RunTableModel::sweepName(qint64 sweepId) const
{
    if (sweepId <= 0)
        return {};
    auto it = m_sweepNames.find(sweepId);
    if (it == m_sweepNames.end()) {
        const auto sweep = m_store ? m_store->sweep(sweepId) : std::nullopt;
        const QString name = sweep && !sweep->name.trimmed().isEmpty() ? sweep->name : QStringLiteral("#%1").arg(sweepId);
        it = m_sweepNames.emplace(sweepId, name).first;
    }
    return it->second;
}

std::map<qint64, QString> RunTableModel::sweepsShown() const
{
    std::map<qint64, QString> sweeps;
    for (const Row &row : m_rows)
        if (row.run.sweepId > 0 && !sweeps.count(row.run.sweepId))
            sweeps.emplace(row.run.sweepId, sweepName(row.run.sweepId));
    return sweeps;
}

// Kept in the row's metrics with the metric columns': refreshMetrics() rereads them as runs train.
store::MetricSummary RunTableModel::metricAt(int r, const QString &key) const
{
    Row &row = m_rows[size_t(r)];
    auto it = row.metrics.find(key);
    if (it == row.metrics.end())
        it = row.metrics.emplace(key, m_store ? m_store->metricSummary(row.run.id, key) : store::MetricSummary{}).first;
    return it->second;
}

} // namespace gatefold::widgets
