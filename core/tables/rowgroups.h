#pragma once

// Which runs make each row of a table (computeTable(); not part of the tables' API).

#include "tablerun.h"
#include "tablespec.h"

#include <QString>

#include <optional>
#include <vector>

namespace gatefold::tables {

struct RowGroup {
    const RowSpec *fixed = nullptr;       // the spec's row, when the spec lists its rows
    std::vector<const TableRun *> runs;   // in the order of the table's runs
};

// The rows of `spec` over `runs`: the spec's fixed rows (each takes the runs
// matching it, first match wins), or groups of runs as the spec's grouping
// says (one per run, per config but the seed, per value of the group key),
// in the order of their first run. nullopt with `error` when grouping by a
// key that no run has.
std::optional<std::vector<RowGroup>> groupRuns(const std::vector<TableRun> &runs, const TableSpec &spec,
                                               QString *error);

} // namespace gatefold::tables
