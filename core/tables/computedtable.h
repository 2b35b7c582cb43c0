#pragma once

#include "costtimer.h"
#include "significance.h"
#include "tablespec.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::tables {

// One cell: a text, or a number aggregated over the row's runs (mean and
// sample standard deviation, n − 1, when n > 1), or missing (no run of the row
// has the value; a timed cost still being measured, or that cannot be).
struct TableCell {
    bool numeric = false;
    bool missing = false;
    bool pending = false;  // missing until a measurement arrives (CostTimer)
    QString problem;       // missing because a measurement failed: why
    double mean = 0;
    double std = 0;   // sample std over the row's runs; 0 with one run
    int n = 0;        // runs that have the value
    QString text;     // a text cell's text
    bool bold = false;
    std::optional<double> halfWidth;   // of the mean's 95 % Student-t interval (n > 1)
    std::vector<SeedValue> seedValues; // a metric cell: each run's value and seed, in the row's order
    // Against the table's baseline row (a metric cell of another row; tablesignificance.h): the
    // test (row − baseline; none when a side has fewer than two runs) and what it says at alpha.
    std::optional<TTest> test;
    Verdict verdict = Verdict::Untested;
};

// A row's runs are its group or the preset row's matches; its numbers are over
// the `counted` ones: the runs that have a value of some metric column (all of
// them in a table without metric columns), so a queued or failed run never
// counts. Counted runs that differ in more than the seed (settingcomparison's
// differingBeyondSeed: settings that apply, bookkeeping such as threads left
// out) make a pooled row: its writers say so — n and `pooledKeys` — and none of
// its cells is ever bold.
struct TableRow {
    QString section;
    std::vector<qint64> runIds;
    std::vector<TableCell> cells;
    int counted = 0;          // runs the row's numbers are over
    std::vector<qint64> countedIds;  // their ids, in runIds' order
    QStringList pooledKeys;   // the settings (not the seed) its counted runs differ in; empty: seeds only
    bool pooled() const { return !pooledKeys.isEmpty(); }
    bool baseline = false;    // the row the others are tested against
};

// A table ready for a writer: the spec's caption, label and columns, the headers, and the rows in order.
struct ComputedTable {
    QString caption;
    QString label;
    std::vector<ColumnSpec> columns;
    QStringList headers;
    std::vector<TableRow> rows;
    Spread spread = Spread::Std;  // what "±" shows
    int baselineRow = -1;         // the row the others are tested against; -1: no tests
    double alpha = 0.05;
    bool tested() const { return baselineRow >= 0; }
    // Intervals and tests are written (CSV columns, LaTeX notes): a 95 % CI spread or a baseline.
    bool showsStatistics() const { return spread == Spread::Ci95 || tested(); }
    bool hasSections() const;
    // Cells still being measured.
    int pendingCells() const;
    // Every failed measurement: "latency of run 7: the model cannot be built: …".
    QStringList problems() const;
    // Rows that pool runs differing in more than the seed.
    int pooledRows() const;
};

// Why a pooled row's numbers are not one experiment's, in words: "mean over 5
// runs that differ in optim.lr, data.train_size, not only in the seed; not
// ranked for the best" (at most `maxKeys` keys, then "…"). Empty for a row that is not pooled.
QString pooledNote(const TableRow &row, int maxKeys = 6);

// The model's settings of a run config alone (no training, data or compute
// settings), as compact JSON: runs of one architecture share one cost and one
// measurement, so timing noise never shows as a spread between seeds.
QByteArray architectureKey(const QByteArray &configJson);

// A number as the format says, for plain text (CSV, the preview): "93.70",
// "1,234,567", "1.23e-04". Non-finite values are "nan", "inf", "-inf".
QString formatNumber(double value, const NumberFormat &format);
// Whether a cell shows "± std": a group (n > 1) in a column that wants it —
// always for metrics, for costs only when the group's architectures differ (std > 0).
bool showsStd(const TableCell &cell, const ColumnSpec &column);
// A numeric cell's mean as plain text (a run count as a whole number).
QString meanText(const TableCell &cell, const ColumnSpec &column);
// What follows "±": the std, or the 95 % interval's half-width (0 without one).
double spreadOf(const TableCell &cell, Spread spread);
// A cell as plain text: "93.70 ± 0.12" (the spread shown when n > 1 and the column
// wants it: the std, or with Spread::Ci95 the 95 % interval's half-width), the text, or "" when missing.
QString cellText(const TableCell &cell, const ColumnSpec &column, Spread spread = Spread::Std);

// The table of `runIds` (in that order) under `spec`: rows (one per run, per
// group of seeds, per value of a key, or the spec's fixed rows), every
// column's value, order and bold best. Costs (params, GFLOPs) come from each
// run's config (runcost.h), latency and throughput from `timer`, once per
// architecture; a measurement still pending or failed leaves its cell
// missing, marked (pending, problem). nullopt with `error` when a run does
// not exist, a config cannot be read, or the spec is invalid.
std::optional<ComputedTable> computeTable(store::RunStore &store, const std::vector<qint64> &runIds,
                                          const TableSpec &spec, CostTimer &timer, QString *error);

} // namespace gatefold::tables
