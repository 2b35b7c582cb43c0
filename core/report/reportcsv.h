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
    QString file;      // "attention.csv", relative to the report's folder
    QByteArray bytes;  // header line, then one line per value
};

std::vector<CsvTable> csvTables(const InspectReport &report);

// The shortest text that reads back to the same double ("nan", "inf", "-inf").
QByteArray exactNumber(double value);

} // namespace gatefold::report
