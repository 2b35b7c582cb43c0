#pragma once

// A table's rows against a baseline row (issue 21): each other row's metric cells tested with
// significance.h's testAgainstBaseline (paired by seed where both rows hold the same seeds, else
// Welch) and judged by verdictOf at the table's alpha, better or worse as metricdirection.h says.

#include "computedtable.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace gatefold::tables {

// A row as --baseline and the window's chooser name it: the texts of its name and fixed-text
// cells joined by " / ", placeholders such as "—" left out (a row without any: its settings'
// cells; then "row N").
QString rowLabel(const ComputedTable &table, size_t row);
QStringList rowLabels(const ComputedTable &table);

// The row `text` names: the one whose label is `text`, else the one label containing it
// (ignoring case). nullopt with `error` (listing the labels) when none or several do.
std::optional<int> findBaselineRow(const ComputedTable &table, const QString &text, QString *error);

// Tests every metric cell of every row but `baseline` against that row's cell: its test and
// verdict at `alpha`; marks the baseline row and records it and alpha in the table.
void testRowsAgainst(ComputedTable *table, int baseline, double alpha);
// findBaselineRow, then testRowsAgainst; false with `error` when `text` names no single row.
bool applyBaseline(ComputedTable *table, const QString &text, double alpha, QString *error);

// Whether a metric column (a tested one).
bool isMetricColumn(const ColumnSpec &column);
// The fewest runs any metric cell of the row has a value from (0: none has one).
int fewestRuns(const ComputedTable &table, const TableRow &row);
// A cell whose interval and test are weak: 0 < n < kFewSeeds.
bool hasFewRuns(const TableCell &cell);

// "better", "worse", "not significant", "untested".
QString verdictName(Verdict verdict);
// "paired" or "welch".
QString testName(const TTest &test);

} // namespace gatefold::tables
