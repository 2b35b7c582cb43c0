#pragma once

// An InspectReport as files (the layout is in README.md, "Files it reads and
// writes" → "Analysis reports"):
//
//   report.json            every number of the report and the list of files (report/reportjson.h)
//   images.csv … cka.csv   long CSV tables, one value per row (report/reportcsv.h)
//   images/, attention/, rollout/, codebook/, *.png   pictures (OpenCV colour maps)
//
// Only the files of the views the report holds are written.

#include "reporttypes.h"

#include <QString>
#include <QStringList>

namespace gatefold::inspect {

// What writeReport() writes: everything, or report.json alone (what the window reads).
enum class ReportParts { Everything, JsonOnly };

// Writes `report` into `dir` (created if missing); files a previous report
// wrote there (as its report.json lists them) are removed first, so the
// folder holds one report. Each file is written whole or not at all.
// `written` gets the absolute path of every file written, report.json last.
// false with the reason in `error` when a file cannot be written.
bool writeReport(const InspectReport &report, const QString &dir, QString *error, QStringList *written = nullptr,
                 ReportParts parts = ReportParts::Everything);

} // namespace gatefold::inspect
