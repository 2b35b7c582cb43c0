#pragma once

#include "tablespec.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::tables {

// The papers' tables as specs: the column headers and row structure of the
// CDE paper's Tables 2 and 3 and the joining paper's Tables 1, 5 and 6, each
// row filled from the runs of its paper run preset (core/config/paperpresets.h,
// e.g. cde-t2-soft-width). A run belongs to a row when its config agrees with
// the row's preset on every setting that any of the table's presets changes
// from `demo` (except when joining happens within the run: join.warmup_steps,
// adjust_steps, stage, start_step) and on the architecture's shape (depth, width, heads, patch,
// MLP ratio, branches, gate kind) — the seed, epochs or data set may differ; runs of several
// seeds give mean ± std). Costs of joining rows are of the folded model.
struct TablePreset {
    QString name;         // cde-table2, cde-table3, join-table1, join-table5, join-table6
    QString description;
    TableSpec spec;
    QStringList rowPresets;  // the run preset of each row, in row order
};

const std::vector<TablePreset> &tablePresets();
std::optional<TablePreset> tablePresetByName(const QString &name);

} // namespace gatefold::tables
