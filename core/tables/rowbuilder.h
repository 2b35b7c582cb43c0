#pragma once

// The cells of a table's rows (computeTable(); not part of the tables' API).

#include "computedtable.h"
#include "costtimer.h"
#include "runcost.h"
#include "tablerun.h"
#include "tablespec.h"

#include <QByteArray>
#include <QString>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::tables {

// Fills rows column by column for one spec. Costs are kept per architecture
// for the builder's life: runs of one architecture share one cost and one timing.
class RowBuilder
{
public:
    RowBuilder(store::RunStore &store, const TableSpec &spec, CostTimer &timer);

    // Appends one cell per column of the spec to `row`, over the row's `runs` (`fixed`: the spec's
    // row they matched, or null); false with `error` when a run's config cannot be read for a cost.
    bool fillRow(TableRow *row, const std::vector<const TableRun *> &runs, const RowSpec *fixed, QString *error);

private:
    // The runs a row's numbers are over: those with a value of some metric column (all without one).
    std::vector<const TableRun *> countedRuns(const std::vector<const TableRun *> &runs);
    bool cellFor(const ColumnSpec &column, const std::vector<const TableRun *> &runs,
                 const std::vector<const TableRun *> &counted, const RowSpec *fixed, TableCell *cell, QString *error);
    TableCell nameCell(const std::vector<const TableRun *> &runs) const;
    TableCell metricCell(const std::vector<const TableRun *> &runs, const ColumnSpec &column);
    // A cost over the row's runs: their mean ± spread, or missing while one is pending or has failed.
    bool costCell(const std::vector<const TableRun *> &runs, const ColumnSpec &column, TableCell *cell, QString *error);
    // A cost of one run: params and GFLOPs in closed form, latency and throughput from the timer;
    // false with `error` when the config cannot be read.
    bool cost(const TableRun &run, const ColumnSpec &column, TimedCost *value, QString *error);
    // One run's value of a "metric:KEY" column, reduced by the column's stat; nullopt when it has none.
    // Read once per run and column (countedRuns and the metric cells ask the same).
    std::optional<double> metric(const TableRun &run, const ColumnSpec &column);
    std::optional<double> readMetric(const TableRun &run, const ColumnSpec &column);

    using CostKey = std::pair<QByteArray, bool>;  // (architectureKey, deployed)
    store::RunStore &m_store;
    const TableSpec &m_spec;
    CostTimer &m_timer;
    std::map<CostKey, RunCost> m_cost;
    std::map<CostKey, TimedCost> m_latency;
    std::map<CostKey, TimedCost> m_throughput;
    std::map<std::pair<qint64, QString>, std::optional<double>> m_metrics;  // (run, source + stat) → value
};

} // namespace gatefold::tables
