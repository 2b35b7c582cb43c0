#pragma once

// The report's numbers as long ("tidy") CSV tables, one value per row with
// the indices that locate it in front, RFC 4180, every double in the
// shortest form that reads back to the same value ("nan" for NaN), so that
// `pandas.read_csv` gives a frame to pivot or group (README.md, "Analysis
// reports", lists the files and their columns). Only the tables of the views
// the report holds are made.

#include "inspectreport.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace gatefold::report {

struct CsvTable {
    QString file;                // "attention.csv", relative to the report's folder
    QByteArray bytes;            // header line, then one line per value
    QString view;                // the view it holds (viewNames()); "" for images.csv, which every view indexes
    bool indexesImages = false;  // has an `image` column: a row of images.csv
};

// Every table of the report, in the order `gatefold-cli analyze` writes them (images.csv first).
std::vector<CsvTable> csvTables(const InspectReport &report);

// The tables one Inspect page draws (pageNames(): "attention" holds attention.csv and
// rollout.csv), with images.csv in front when one of them has an `image` column; the
// same bytes under the same names as csvTables(), so the window's "Export CSV…" and
// the CLI write one layout.
std::vector<CsvTable> pageCsvTables(const InspectReport &report, const QString &page);

// The shortest text that reads back to the same double ("nan", "inf", "-inf").
QByteArray exactNumber(double value);

} // namespace gatefold::report
