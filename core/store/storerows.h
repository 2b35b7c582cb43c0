#pragma once

// The rows every writer of metrics and artifacts inserts, inside the caller's
// transaction: addMetrics, recordCheckpoint and importRuns share them, so a
// metric point or an artifact is written one way wherever it comes from.

#include "runstore.h"
#include "storesql.h"

#include <vector>

namespace gatefold::store::rows {

// The metric points of one run. SQLite: one prepared row per statement
// (in-process, cheap); PostgreSQL: up to 256 rows per statement (each statement
// is a round trip). False with `why` at the first failure.
bool insertMetrics(QSqlDatabase &db, Dialect dialect, qint64 runId, const std::vector<MetricPoint> &points,
                   QString *why);
// Merges the points' count, last (by step; equal steps: the later point),
// min and max per key into metric_summary.
bool mergeSummary(QSqlDatabase &db, Dialect dialect, qint64 runId, const std::vector<MetricPoint> &points,
                  QString *why);
// One artifact row of `runId` (a.runId is ignored); its id when `id` is given.
bool insertArtifact(QSqlDatabase &db, qint64 runId, const Artifact &a, QString *why, qint64 *id = nullptr);

} // namespace gatefold::store::rows
